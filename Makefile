# AutoHeight: `make run` measures the sample texts, `make test` runs the whole test suite.
# Both install the Debian packages they need when missing (scripts/install-deps.sh).

SWIFT ?= swift
WIDTHS ?= 200,320,480
CLI := .build/release/autoheight
# make install PREFIX=DIR [CONFIG=debug] [DESTDIR=staging]
PREFIX ?= /usr/local
CONFIG ?= release

.PHONY: run test build deps deps-test spark-test install check-install man docs agreement benchmark compare verify-cache lint clean fuzz sanitize capi python node test-bindings bench-bindings server test-server test-playground load-test-server

run: deps
	$(SWIFT) build -c release --product autoheight
	$(CLI) measure Samples/*.txt --widths $(WIDTHS) -O table

test: deps-test
	$(SWIFT) test

build: deps
	$(SWIFT) build -c release --product autoheight

# The Spark examples (examples/spark: RDD.pipe through the CLI, and a DataFrame job with the
# Python package) on local[2] over 100,000 messages equal the CLI's output record for record. Installs Java and pyspark when missing (scripts/install-spark-deps.sh);
# reuses make test's debug build. See docs/batch.md.
spark-test: deps python
	$(SWIFT) build --product autoheight
	examples/spark/test.sh .build/debug/autoheight

# The HTTP service (Server/, a package of its own so that `make run` and `make test` never build
# Hummingbird): `make server` builds Server/.build/release/autoheight-server; `make test-server`
# starts real servers on loopback ports and compares both endpoints with the debug CLI (built
# first) on bindings/fixtures. See docs/service.md.
server: deps
	cd Server && $(SWIFT) build -c release --scratch-path .build --product autoheight-server

test-server: deps-test
	$(SWIFT) build --product autoheight
	cd Server && AUTOHEIGHT_CLI=$(CURDIR)/.build/debug/autoheight $(SWIFT) test --scratch-path .build

# The playground (GET / of the service) in Debian's headless Chromium: 50 texts of nine scripts
# typed into its textarea, each predicted line count must be the browser's with no overflow, and
# the chat thread's bubbles must fit (scripts/playground-test.py; docs/service.md). Builds the
# debug server exactly as make test-server does (with the tests and the same environment: SwiftPM
# recompiles HummingbirdCore when either differs), so after it nothing is rebuilt; installs
# chromium when missing.
test-playground: deps-test
	cd Server && AUTOHEIGHT_CLI=$(CURDIR)/.build/debug/autoheight $(SWIFT) build --scratch-path .build --build-tests
	scripts/playground-test.py --server Server/.build/debug/autoheight-server

# wrk against the release server on loopback, and the batch endpoint against `measure --jobs 2`
# (installs wrk when missing; docs/service.md has the tables).
load-test-server: server build
	scripts/load-test-server.sh

# The binary, its fonts (PREFIX/share/autoheight/fonts, where it looks for them), the man page
# and bash / zsh / fish completions. See docs/install.md.
install: deps capi
	$(SWIFT) build -c $(CONFIG) --product autoheight
	PC_PREFIX="$(PREFIX)" scripts/install.sh "$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/autoheight" \
		"$(DESTDIR)$(PREFIX)" .build-capi/dist

# The C ABI (Sources/CAutoHeight/include/autoheight.h) as an install tree in .build-capi/dist:
# libautoheight.so with the Swift runtime linked in, the header, autoheight.pc and the fonts.
# Always optimised; its own build folder (.build-capi). See docs/bindings.md.
capi: deps
	SWIFT=$(SWIFT) scripts/build-capi.sh >/dev/null

# The Python package (bindings/python, cffi): a wheel in bindings/python/dist, installed into
# the current python3.
python: capi
	scripts/build-python.sh

# The Node addon (bindings/node, N-API in C): bindings/node/build/, self-contained.
node: capi
	@scripts/install-deps.sh node
	bindings/node/build.sh

# The C, Python and Node surfaces: their tests (each binding's results equal the debug CLI's
# on bindings/fixtures), then the C test, the wheel and the addon again with the Swift
# toolchain hidden. Installs cffi, pytest and Node's headers when missing.
test-bindings: deps-test python node
	$(SWIFT) build --product autoheight
	scripts/test-bindings.sh

# The bindings timed against the Swift library on the same texts, in one run (docs/bindings.md).
bench-bindings: python node
	$(SWIFT) build -c release --product autoheight
	scripts/bench-bindings.sh --memory

# Installs into a temporary prefix, moves the checkout out of reach, and measures with the
# installed binary and with a small app depending on this package (CI runs it).
check-install: deps-test
	CONFIG=$(CONFIG) scripts/check-install.sh

# Regenerates docs/man/autoheight.1 from the CLI's help (argument-parser's generate-manual).
man:
	mkdir -p docs/man
	$(SWIFT) package plugin --allow-writing-to-package-directory generate-manual \
		--output-directory docs/man --authors "the AutoHeight authors"

# The DocC sites of the library's modules (the core, the editor model, the drawing; warnings
# are errors: CI keeps them clean), and every public symbol has a summary.
docs: deps
	$(SWIFT) package generate-documentation --target AutoHeight --target AutoHeightEditor --target AutoHeightRender \
		--warnings-as-errors
	scripts/check-doc-summaries.py

deps:
	@scripts/install-deps.sh build

deps-test:
	@scripts/install-deps.sh test

# Line-count agreement with Pango over ../shared/corpus (needs ../shared and the Noto fonts).
agreement: build deps-test
	scripts/pango-agreement.py --mismatches .build/pango-mismatches.jsonl

# Hot-path benchmarks (package-benchmark, a separate package so `make test` never builds it).
benchmark: deps
	cd Benchmarks && $(SWIFT) package benchmark

# Pango, the minimal C pipeline and AutoHeight timed side by side, with font fallback and with a
# single font, on the oracle's corpus200 and the mixed-script corpus (needs ../shared; installs
# libpango1.0-dev for the oracle when missing).
compare:
	@scripts/install-deps.sh compare
	scripts/bench-compare.sh
	scripts/bench-compare.sh ../shared/corpus/mixed.jsonl

# The segment cache changes no layout: every corpus of ../shared/corpus, with and without it.
verify-cache: deps-test
	scripts/verify-cache.sh

# libFuzzer targets (Fuzz/, a separate package so `make test` never builds them), each run for
# FUZZ_SECONDS (default 60); FUZZ_TARGETS picks some of: measure font editor. See docs/fuzzing.md.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= measure font editor
fuzz: deps-test
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh $(FUZZ_TARGETS)

# The test suite under AddressSanitizer + UndefinedBehaviorSanitizer, and the concurrency tests
# under ThreadSanitizer (scripts/sanitize.sh; separate build folders .build-asan, .build-tsan).
sanitize: deps-test
	scripts/sanitize.sh

# Style: swift-format with .swift-format; any finding fails (CI runs it).
lint:
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Benchmarks/Benchmarks Fuzz/Sources Server/Sources \
		Server/Tests Server/Package.swift

clean:
	rm -rf .build
