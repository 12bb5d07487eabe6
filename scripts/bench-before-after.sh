#!/usr/bin/env bash
# Before/after timing of two `autoheight` binaries (say, a commit's and main's), alternated in one
# run so that the machine's drift hits both alike: `autoheight bench` on each corpus, with the
# system fallback and with the font alone, ROUNDS times each; prints a Markdown table of the
# fastest time per scenario and the after/before ratio.
#
#   scripts/bench-before-after.sh BEFORE_BIN AFTER_BIN [ROUNDS] [CORPUS.jsonl...]
#   env: FONT, FACE, SIZE, WIDTHS, REPS (bench --repeat), SHARED (../shared)
#
# A binary whose bench has no --configurations (before it existed) times the --fallback given.
set -euo pipefail
cd "$(dirname "$0")/.."
BEFORE=$1
AFTER=$2
ROUNDS=${3:-3}
shift $(($# < 3 ? $# : 3))
SHARED=${SHARED:-../shared}
CORPORA=("$@")
[ ${#CORPORA[@]} -gt 0 ] || CORPORA=("$SHARED/tools/oracle/samples/corpus200.jsonl" "$SHARED/corpus/mixed.jsonl")
FONT=${FONT:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
FACE=${FACE:-1}
SIZE=${SIZE:-16}
WIDTHS=${WIDTHS:-120,240,360}
REPS=${REPS:-3}

results=$(mktemp)
trap 'rm -f "$results"' EXIT
for _ in $(seq "$ROUNDS"); do
  for corpus in "${CORPORA[@]}"; do
    for fallback in none system; do
      for which in before after; do
        binary=$BEFORE
        [ "$which" = after ] && binary=$AFTER
        options=()
        # The help is read whole first: `grep -q` stops at the first match, and under pipefail the
        # SIGPIPE it leaves the writer made the test fail at random (then both configurations ran
        # and the last JSON line, the single-font one, was kept as this configuration's).
        help=$("$binary" bench --help)
        if [[ $help == *--configurations* ]]; then options=(--configurations given); fi
        line=$("$binary" bench "${options[@]}" --jsonl-input "$corpus" --font-file "$FONT" --face "$FACE" \
          --font-size "$SIZE" --widths "$WIDTHS" --fallback "$fallback" --repeat "$REPS" | tail -1)
        echo "$which $(basename "$corpus" .jsonl) $fallback $line" >>"$results"
      done
    done
  done
done
python3 - "$results" <<'PY'
import json, sys
best = {}
for row in open(sys.argv[1]):
    which, corpus, fallback, record = row.split(" ", 3)
    for field, name in (("coldNsPerMeasure", "cold"), ("warmNsPerMeasure", "warm"),
                        ("rewrapNsPerMeasure", "re-wrap"), ("keystrokeNs", "keystroke (100 kB)")):
        key = (corpus, fallback, name)
        value = float(json.loads(record)[field])
        best.setdefault(key, {}).setdefault(which, value)
        best[key][which] = min(best[key][which], value)
print("| corpus | fallback | scenario | before (ns) | after (ns) | after/before |")
print("|---|---|---|---:|---:|---:|")
for (corpus, fallback, name), times in best.items():
    print(f"| {corpus} | {fallback} | {name} | {times['before']:,.0f} | {times['after']:,.0f} | {times['after'] / times['before']:.2f} |")
PY
