# gqlpatch: build, test, demo, install.
# `make test` and `make demo` do all their own set-up (Swift build, Python virtual environment).

SWIFT   ?= swift
PYTHON  ?= python3
PREFIX  ?= /usr/local
VENV    := .venv
VPY     := $(VENV)/bin/python
EMULATOR_REQS := Tests/AppSyncEmulator/requirements.txt
SHIPPING_REQS := Tests/Shipping/requirements.txt
COGNITO_REQS  := Tests/CognitoServers/requirements.txt
V1_REQS       := Tests/V1Transformer/requirements.txt
PEER_REQS     := Tests/Peers/requirements.txt
V1_MODULES    := $(VENV)/v1-transformer/package/node_modules
BENCH_REQS    := bench/requirements.txt
BENCH_TOOLS   := curl jq wrk gcc openssl

.PHONY: all build release test test-scale test-emulator test-cognito-servers test-shipping venv v1-transformer demo install dist clean bench fuzz fuzz-build format format-check

all: build

build:
	$(SWIFT) build

# The shipped binary links the Swift runtime statically and is not position-independent: it starts
# without binding libswiftCore's symbols or relocating its own metadata (3.2 -> 2.7 ms for
# --version). It has no $ORIGIN run path (nothing of ours is loaded from beside it): libcurl is the
# system's, loaded on the first request.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xlinker -no-pie --disable-local-rpath

release:
	$(SWIFT) build $(RELEASE_FLAGS) --product gqlpatch

# The project-local virtual environment for the emulator and the benchmark peers.
venv: $(VENV)/.installed $(VENV)/.peers

$(VENV)/.installed: $(EMULATOR_REQS) $(SHIPPING_REQS) $(COGNITO_REQS)
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r $(EMULATOR_REQS) -r $(SHIPPING_REQS) -r $(COGNITO_REQS)
	touch $@

# The peers the tests run beside gqlpatch (amplify-excel-migrator): a venv of their own inside the
# project's, their pins being theirs.
$(VENV)/.peers: $(VENV)/.installed $(PEER_REQS)
	rm -rf $(VENV)/peers
	$(PYTHON) -m venv $(VENV)/peers
	$(VENV)/peers/bin/python -m pip install --quiet --disable-pip-version-check -r $(PEER_REQS)
	touch $@

# The real Amplify v1 transformer for the schema tests: the wheel's bundled node modules, unpacked into
# the venv (node runs them; Tests/V1Transformer/compile.js drives them). The hash pins the wheel.
v1-transformer: $(VENV)/.v1-transformer

$(VENV)/.v1-transformer: $(VENV)/.installed $(V1_REQS)
	@command -v node >/dev/null || { echo "v1-transformer: node is required (Debian package nodejs)"; exit 1; }
	rm -rf $(VENV)/v1-transformer && mkdir -p $(VENV)/v1-transformer/wheel
	$(VPY) -m pip download --quiet --disable-pip-version-check --no-deps --require-hashes \
		-r $(V1_REQS) -d $(VENV)/v1-transformer/wheel
	cd $(VENV)/v1-transformer && $(CURDIR)/$(VPY) -c 'import glob, zipfile, sys; \
		wheel = zipfile.ZipFile(glob.glob("wheel/*.whl")[0]); \
		names = [n for n in wheel.namelist() if n.endswith(".jsii.tgz")]; \
		open("transformer.tgz", "wb").write(wheel.read(names[0]))'
	tar -xzf $(VENV)/v1-transformer/transformer.tgz -C $(VENV)/v1-transformer
	rm -rf $(VENV)/v1-transformer/wheel $(VENV)/v1-transformer/transformer.tgz
	test -d $(V1_MODULES)/graphql-transformer-core
	touch $@

# The shipping tests run the completion scripts in zsh and fish: installed from Debian's packages
# when missing (as `bench` installs its tools).
TEST_TOOLS := zsh fish

test: venv v1-transformer test-emulator test-cognito-servers
	@missing=""; for tool in $(TEST_TOOLS); do command -v $$tool >/dev/null || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
		echo "test: installing$$missing from Debian's packages (apt-get): the completion scripts are tested in them"; \
		apt-get update -qq && apt-get install -y -qq $$missing >/dev/null; \
	fi
	$(SWIFT) build --build-tests
	GQLPATCH_BIN=$(CURDIR)/.build/debug/gqlpatch GQLPATCH_PYTHON=$(CURDIR)/$(VPY) \
		GQLPATCH_V1_TRANSFORMER=$(CURDIR)/$(V1_MODULES) $(SWIFT) test --skip-build \
		$(foreach suite,$(SCALE_TESTS),--skip $(suite))
	GQLPATCH_BIN=$(CURDIR)/.build/debug/gqlpatch $(VPY) -m unittest discover -s Tests/Shipping -v

# The scale and crash tests: tens of thousands of records moved, and runs killed with SIGKILL many
# times and resumed (minutes each on two cores). `make test` leaves them to this target so that it
# stays under 20 minutes; CI (.ci/run) runs both.
SCALE_TESTS := DataMoveEndToEndTests ApplyCrashEndToEndTests UndoCrashEndToEndTests ApplyShardEndToEndTests SelectionWriteEndToEndTests \
	twentyThousandRecordsStreamWithNoFileAndBoundedMemory CSVImportCrashEndToEndTests

test-scale: venv v1-transformer
	$(SWIFT) build --build-tests
	GQLPATCH_BIN=$(CURDIR)/.build/debug/gqlpatch GQLPATCH_PYTHON=$(CURDIR)/$(VPY) \
		GQLPATCH_V1_TRANSFORMER=$(CURDIR)/$(V1_MODULES) $(SWIFT) test --skip-build \
		$(foreach suite,$(SCALE_TESTS),--filter $(suite))

# The shipping tests alone (the GitHub Action; needs the debug binary).
test-shipping: venv
	$(SWIFT) build --product gqlpatch
	GQLPATCH_BIN=$(CURDIR)/.build/debug/gqlpatch $(VPY) -m unittest discover -s Tests/Shipping -v

# The local AppSync emulator's own tests (Python unittest, real server on loopback).
test-emulator: venv v1-transformer
	$(VPY) -m unittest discover -s Tests/AppSyncEmulator/tests -v

# The sign-in test servers' own tests (the SRP-checking user-pool stub, against pycognito over boto3).
test-cognito-servers: venv
	$(VPY) -m unittest discover -s Tests/CognitoServers/tests -v

# Benchmark against curl, curl + jq, gql-cli, awscurl and graphql-core (not part of `make test`).
# Prints one markdown table and writes it to bench/results.md. Pass options with BENCH_ARGS=...
bench: release $(VENV)/.bench-installed
	@missing=""; for tool in $(BENCH_TOOLS); do command -v $$tool >/dev/null || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
		echo "bench: installing$$missing from Debian's packages (apt-get)"; \
		apt-get update -qq && apt-get install -y -qq $$missing >/dev/null; \
	fi
	@# The bench's responder links libssl for its https scenario (11); gqlpatch itself needs no headers.
	@if [ ! -f /usr/include/openssl/ssl.h ]; then \
		echo "bench: installing libssl-dev from Debian's packages (apt-get): the responder's https"; \
		apt-get update -qq && apt-get install -y -qq libssl-dev >/dev/null; \
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

# The toolchain's formatter, configured by .swift-format. `format` rewrites the files; `format-check`
# (CI runs it) fails when a file is not as the formatter would write it, or breaks one of its rules.
FORMAT_PATHS := Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMAT_PATHS)

format-check:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS)

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

# The version (Application.version) and the machine, for the release tarball's name.
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/GQLPatchCLI/Commands/Application.swift)
ARCH    := $(shell uname -m)
DIST    := gqlpatch-$(VERSION)-linux-$(ARCH)
# Reproducible archives: every entry gets the commit's time, owner 0, sorted names, no gzip timestamp.
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
MANUAL  := .build/gqlpatch.1

# The manual page, rendered from the --help texts by a build tool of the package, built as the
# release binary is (the same flags: its modules are the release build's, only linked again), so
# `make install` builds nothing in debug.
$(MANUAL): $(shell find Sources -name '*.swift')
	$(SWIFT) build $(RELEASE_FLAGS) --product gqlpatch-manual
	.build/release/gqlpatch-manual > $@.tmp && mv $@.tmp $@

# Installs the binary (stripped: no debug info, no build paths; without the Swift module hash and
# the build ID, which both depend on the build folder's path, so that two clones build the same
# bytes), the manual page and the shell
# completion scripts (printed by the built binary) into PREFIX (DESTDIR for staging), where
# bash-completion, zsh and fish look for them.
COMPLETIONS := $(PREFIX)/share/bash-completion/completions $(PREFIX)/share/zsh/site-functions \
	$(PREFIX)/share/fish/vendor_completions.d

install: release $(MANUAL)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(addprefix $(DESTDIR),$(COMPLETIONS))
	install -s -m 0755 .build/release/gqlpatch $(DESTDIR)$(PREFIX)/bin/gqlpatch
	objcopy --remove-section=.swift_modhash --remove-section=.note.gnu.build-id $(DESTDIR)$(PREFIX)/bin/gqlpatch
	install -m 0644 $(MANUAL) $(DESTDIR)$(PREFIX)/share/man/man1/gqlpatch.1
	.build/release/gqlpatch completion bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gqlpatch
	.build/release/gqlpatch completion zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gqlpatch
	.build/release/gqlpatch completion fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gqlpatch.fish
	chmod 0644 $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gqlpatch \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gqlpatch $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gqlpatch.fish

# dist/$(DIST).tar.gz (the PREFIX layout under one top folder, README.md and LICENSE) and
# dist/SHA256SUMS. Two runs of one commit give the same bytes.
dist:
	rm -rf dist/$(DIST) && mkdir -p dist
	$(MAKE) --no-print-directory install PREFIX=$(CURDIR)/dist/$(DIST)
	install -m 0644 README.md LICENSE dist/$(DIST)/
	tar --sort=name --mtime=@$(SOURCE_DATE_EPOCH) --owner=0 --group=0 --numeric-owner --format=gnu \
		--mode='u+rwX,go+rX,go-w' -C dist -cf - $(DIST) | gzip -n -9 > dist/$(DIST).tar.gz.tmp
	mv dist/$(DIST).tar.gz.tmp dist/$(DIST).tar.gz
	cd dist && sha256sum $(DIST).tar.gz > SHA256SUMS && cat SHA256SUMS
	rm -rf dist/$(DIST)

clean:
	rm -rf .build $(VENV) dist
