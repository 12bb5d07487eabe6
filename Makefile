# AutoHeight: `make run` measures the sample texts, `make test` runs the whole test suite.
# Both install the Debian packages they need when missing (scripts/install-deps.sh).

SWIFT ?= swift
WIDTHS ?= 200,320,480
CLI := .build/release/autoheight

.PHONY: run test build deps deps-test agreement bench lint clean

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

lint:
	$(SWIFT) format lint --recursive Sources Tests

clean:
	rm -rf .build
