# AutoHeight: `make run` measures the sample texts, `make test` runs the whole test suite.
# Both install the Debian packages they need when missing (scripts/install-deps.sh).

SWIFT ?= swift
WIDTHS ?= 200,320,480
CLI := .build/release/autoheight

.PHONY: run test build deps deps-test agreement benchmark compare verify-cache lint clean

run: deps
	$(SWIFT) build -c release --product autoheight
	$(CLI) measure Samples/*.txt --widths $(WIDTHS) -O table

test: deps-test
	$(SWIFT) test

build: deps
	$(SWIFT) build -c release --product autoheight

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

# Pango, the minimal C pipeline and AutoHeight timed side by side (needs ../shared, libpango1.0-dev).
compare: deps-test
	scripts/bench-compare.sh

# The segment cache changes no layout: every corpus of ../shared/corpus, with and without it.
verify-cache: deps-test
	scripts/verify-cache.sh

lint:
	$(SWIFT) format lint --recursive Sources Tests

clean:
	rm -rf .build
