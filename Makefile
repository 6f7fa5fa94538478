# gqlpatch: build, test, demo, install.
# `make test` and `make demo` do all their own set-up (Swift build, Python virtual environment).

SWIFT   ?= swift
PYTHON  ?= python3
PREFIX  ?= /usr/local
VENV    := .venv
VPY     := $(VENV)/bin/python
EMULATOR_REQS := Tests/AppSyncEmulator/requirements.txt
BENCH_REQS    := bench/requirements.txt
BENCH_TOOLS   := curl jq wrk gcc

.PHONY: all build release test test-emulator venv demo install clean bench fuzz fuzz-build

all: build

build:
	$(SWIFT) build

# The shipped binary links the Swift runtime statically and is not position-independent: it starts
# without binding libswiftCore's symbols or relocating its own metadata (3.2 -> 2.7 ms for
# --version). It has no $ORIGIN run path (nothing of ours is loaded from beside it): libcurl is the
# system's, loaded on the first request.
release:
	$(SWIFT) build -c release --product gqlpatch --static-swift-stdlib -Xlinker -no-pie --disable-local-rpath

# The project-local virtual environment for the emulator and the benchmark peers.
venv: $(VENV)/.installed

$(VENV)/.installed: $(EMULATOR_REQS)
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r $(EMULATOR_REQS)
	touch $@

test: venv test-emulator
	$(SWIFT) build --build-tests
	GQLPATCH_BIN=$(CURDIR)/.build/debug/gqlpatch GQLPATCH_PYTHON=$(CURDIR)/$(VPY) \
		$(SWIFT) test --skip-build

# The local AppSync emulator's own tests (Python unittest, real server on loopback).
test-emulator: venv
	$(VPY) -m unittest discover -s Tests/AppSyncEmulator/tests -v

# Benchmark against curl, curl + jq, gql-cli, awscurl and graphql-core (not part of `make test`).
# Prints one markdown table and writes it to bench/results.md. Pass options with BENCH_ARGS=...
bench: release $(VENV)/.bench-installed
	@missing=""; for tool in $(BENCH_TOOLS); do command -v $$tool >/dev/null || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
		echo "bench: installing$$missing from Debian's packages (apt-get)"; \
		apt-get update -qq && apt-get install -y -qq $$missing >/dev/null; \
	fi
	$(VPY) bench/run.py --bin $(CURDIR)/.build/release/gqlpatch $(BENCH_ARGS)

$(VENV)/.bench-installed: $(VENV)/.installed $(BENCH_REQS)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r $(BENCH_REQS)
	touch $@

# See gqlpatch work against the local emulator: one command, no AWS account. The script pipes
# gqlpatch's JSON through jq, installed from Debian's packages when missing (as `bench` does).
DEMO_TOOLS := jq

demo: venv
	@missing=""; for tool in $(DEMO_TOOLS); do command -v $$tool >/dev/null || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
		echo "demo: installing$$missing from Debian's packages (apt-get)"; \
		apt-get update -qq && apt-get install -y -qq $$missing >/dev/null; \
	fi
	$(SWIFT) build --product gqlpatch
	GQLPATCH=$(CURDIR)/.build/debug/gqlpatch PY=$(CURDIR)/$(VPY) scripts/demo.sh

# Fuzzing (libFuzzer + AddressSanitizer; not part of `make test`): builds Fuzz/ (a separate package
# on top of this one), seeds each target's corpus from the fixtures, runs each target FUZZ_SECONDS.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
FUZZ_FLAGS := -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing \
	--toolset Fuzz/toolset.json

# The build description is removed first: SwiftPM keeps a stale source list of the path dependency (..)
# and fails when the root package's files were added or removed since the last fuzz build.
fuzz-build:
	rm -f Fuzz/.build/*/release/description.json
	$(SWIFT) build $(FUZZ_FLAGS)

fuzz: fuzz-build
	$(PYTHON) Fuzz/seed-corpus.py Fuzz/.build/corpus
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run-fuzzers.sh $(FUZZ_TARGETS)

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 .build/release/gqlpatch $(DESTDIR)$(PREFIX)/bin/gqlpatch

clean:
	rm -rf .build $(VENV)
