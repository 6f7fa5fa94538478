#!/usr/bin/env bash
# make demo: gqlpatch against the local AppSync emulator, no AWS account needed.
# Starts the emulator on schema.graphql (API key, optimistic conflict handling), seeds an Item,
# patches two fields with gqlpatch, shows the JSON, a jq one-liner on it, and that the field
# nobody named (modelFile) was left alone. Stops the emulator on the way out.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v jq >/dev/null || { echo "demo.sh needs jq (make demo installs it; or: apt-get install jq)" >&2; exit 1; }

GQLPATCH=${GQLPATCH:-.build/debug/gqlpatch}
PY=${PY:-.venv/bin/python}
KEY=da2-demo0123456789abcdefghijklmn
work=$(mktemp -d "${TMPDIR:-/tmp}/gqlpatch-demo.XXXXXX")
emulator_pid=
cleanup() {
    if [[ -n $emulator_pid ]]; then kill "$emulator_pid" 2>/dev/null || true; wait "$emulator_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

if [[ -t 2 ]]; then bold=$'\033[1m' plain=$'\033[0m'; else bold= plain=; fi
step() { printf '\n%s== %s%s\n' "$bold" "$*" "$plain" >&2; }

step "Starting the local AppSync emulator on schema.graphql (API key, optimistic conflict handling)"
"$PY" Tests/AppSyncEmulator/appsync_emulator.py --schema schema.graphql --conflict-handler optimistic \
    --api-key "$KEY" --port-file "$work/port" 2>"$work/emulator.log" &
emulator_pid=$!
for _ in $(seq 1 200); do [[ -s $work/port ]] && break; sleep 0.05; done
[[ -s $work/port ]] || { echo "the emulator did not start:" >&2; cat "$work/emulator.log" >&2; exit 1; }
endpoint="http://127.0.0.1:$(cat "$work/port")/graphql"
echo "endpoint: $endpoint" >&2

# gqlpatch reads the compiled AppSync schema the emulator serves (what
# `aws appsync get-introspection-schema --format SDL` gives for a real API).
"$PY" Tests/AppSyncEmulator/appsync_emulator.py --schema schema.graphql --conflict-handler optimistic \
    --print-schema >"$work/compiled.graphql"

step "Seeding an Item with a modelFile (plain GraphQL, as another client would)"
"$PY" - "$endpoint" "$KEY" <<'PYTHON'
import json, sys, urllib.request
endpoint, key = sys.argv[1:3]
query = """mutation Seed($input: CreateItemInput!) { createItem(input: $input) { id name _version } }"""
item = {"id": "demo-1", "name": "Chair", "description": "oak, four legs",
        "modelFile": {"bucket": "gqlpatch-demo-assets", "region": "eu-west-1", "key": "models/chair.glb"}}
request = urllib.request.Request(endpoint, json.dumps({"query": query, "variables": {"input": item}}).encode(),
                                 {"content-type": "application/json", "x-api-key": key})
print(json.dumps(json.load(urllib.request.urlopen(request))["data"]["createItem"]), file=sys.stderr)
PYTHON

export GQLPATCH_ENDPOINT=$endpoint GQLPATCH_API_KEY=$KEY GQLPATCH_SCHEMA=$work/compiled.graphql
cmd=(update Item --id demo-1 --set name=Lamp --set imageFile=@Tests/Fixtures/demo/image-file.json)
step "gqlpatch ${cmd[*]}"
echo "(fetches _version, then sends only id, name, imageFile and _version)" >&2
"$GQLPATCH" --pretty "${cmd[@]}" | tee "$work/record.json"

step "A jq one-liner on the output: gqlpatch ... | jq -r '\"\\(.name): s3://\\(.imageFile.bucket)/\\(.imageFile.key) (v\\(._version))\"'"
jq -r '"\(.name): s3://\(.imageFile.bucket)/\(.imageFile.key) (v\(._version))"' "$work/record.json"

step "modelFile was not named, so it was left untouched"
jq -c .modelFile "$work/record.json"
if [[ $(jq -r .modelFile.key "$work/record.json") == models/chair.glb ]]; then
    echo "modelFile still points at models/chair.glb" >&2
else
    echo "modelFile changed: this is a bug" >&2
    exit 1
fi

step "Refused before sending: unsetting a required field (exit code 65)"
set +e
"$GQLPATCH" update Item --id demo-1 --unset name
status=$?
set -e
echo "exit code: $status" >&2
[[ $status == 65 ]]

step "Done: the emulator is stopped"
echo "Next: README.md's Quick start shows how to start the emulator and try commands yourself." >&2
echo "This build is $GQLPATCH ($GQLPATCH --help lists the commands); make install PREFIX=\$HOME/.local puts a release build on your PATH." >&2
