#!/bin/sh
# Runs each fuzz target for FUZZ_SECONDS (default 60) on its corpus in Fuzz/.build/corpus/<Target>
# (seeded by seed-corpus.py; what a run finds is kept there for the next run). Stops at the first
# target that crashes; the input that did it is in Fuzz/.build/crashes/<Target>/.
# Leak detection is off: LeakSanitizer reports static Swift values held in multi-payload enums
# (pointers with spare bits set) as leaked at exit; memory errors and traps are what is hunted.
# Usage: Fuzz/run-fuzzers.sh [Target...]    (default: every target)
set -eu
cd "$(dirname "$0")/.."
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
seconds=${FUZZ_SECONDS:-60}
bin=Fuzz/.build/release
targets=${*:-"FuzzSDLLexer FuzzSDLParser FuzzSchemaCatalogue FuzzJSON FuzzResponseClassifier FuzzValueTyper FuzzAmplifyConfig FuzzAWSConfigFile FuzzApplyLine FuzzJournal FuzzHeaderValue FuzzCognitoAnswer FuzzTokenCacheFile FuzzWebSocketFrames FuzzRealtimeMessage FuzzCSVReader FuzzUndoLog"}
for target in $targets; do
    mkdir -p "Fuzz/.build/corpus/$target" "Fuzz/.build/crashes/$target"
    echo "== $target: $seconds s"
    "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -detect_leaks=0 \
        -print_final_stats=1 -artifact_prefix="Fuzz/.build/crashes/$target/" \
        ${FUZZ_ARGS:-} "Fuzz/.build/corpus/$target" 2>&1 | grep -E '^(Done|==[0-9]+==|SUMMARY|Test unit written|stat::)|Fatal error|failed:' || true
    if ls "Fuzz/.build/crashes/$target"/* >/dev/null 2>&1; then
        echo "== $target found a crash:"; ls "Fuzz/.build/crashes/$target"; exit 1
    fi
done
