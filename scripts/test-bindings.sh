#!/usr/bin/env bash
# make test-bindings: the C ABI's test program, the Python package's pytest suite and the Node
# addon's node --test suite (the bindings' results must equal the CLI's: AUTOHEIGHT_CLI, default
# the debug build, on bindings/fixtures/corpus.jsonl for plain text and rich.jsonl for styled
# text with runs and boxes), then the same surfaces once more with the Swift toolchain out of
# reach (scripts/check-without-swift.sh). Expects make python and make node to have run.
set -euo pipefail
cd "$(dirname "$0")/.."
export AUTOHEIGHT_CLI=${AUTOHEIGHT_CLI:-$PWD/.build/debug/autoheight}
echo "== C ABI (bindings/c/test.c)"
bindings/c/test.sh .build-capi/dist
for fixture in bindings/fixtures/corpus.jsonl bindings/fixtures/rich.jsonl; do
  [ -s "$fixture" ] || { echo "test-bindings: $fixture is missing" >&2; exit 1; }
done
echo "== Python (bindings/python/tests; corpus.jsonl: test_agreement.py, rich.jsonl: test_styled.py)"
python3 -m pytest -q -p no:cacheprovider bindings/python/tests
echo "== Node (bindings/node/test; corpus.jsonl: cli.test.js, rich.jsonl: styled.test.js)"
(cd bindings/node && node --test test/)
echo "== without the Swift toolchain"
scripts/check-without-swift.sh
