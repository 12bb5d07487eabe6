#!/usr/bin/env bash
# Side-by-side timing: Pango (fresh layout per measure), the minimal HarfBuzz+ICU C pipeline, and
# `autoheight bench`, on the same texts, font and widths, in one run. Prints a Markdown table.
#
#   scripts/bench-compare.sh [CORPUS.jsonl] [RUNS]
#   env: FONT, FACE, SIZE, WIDTHS, REPS (oracle repetitions), SHARED (../shared)
#
# Needs ../shared/tools/oracle (built in a temporary folder) and libpango1.0-dev.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${SHARED:-../shared}
CORPUS=${1:-$SHARED/tools/oracle/samples/corpus200.jsonl}
RUNS=${2:-3}
FONT=${FONT:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
FACE=${FACE:-1}
SIZE=${SIZE:-16}
WIDTHS=${WIDTHS:-120,240,360}
REPS=${REPS:-10}

oracle=$(mktemp -d)
trap 'rm -rf "$oracle"' EXIT
cp -r "$SHARED/tools/oracle/." "$oracle/"
chmod -R u+w "$oracle"
make -s -C "$oracle" >/dev/null
swift build -c release --product autoheight >/dev/null
CLI=.build/release/autoheight

pango=(); baseline=(); cold=(); warm=(); rewrap=(); keystroke=(); document=()
for _ in $(seq "$RUNS"); do
  pango+=("$("$oracle/pango-measure" --font "$FONT" --face "$FACE" --size "$SIZE" --jsonl "$CORPUS" --widths "$WIDTHS" --bench "$REPS" --no-hyphens --bench-mode fresh | grep -oE 'ns_per_measure=[0-9.]+' | head -1 | cut -d= -f2)")
  baseline+=("$("$oracle/hb-icu-baseline" --font "$FONT" --face "$FACE" --size "$SIZE" --jsonl "$CORPUS" --widths "$WIDTHS" --bench "$REPS" | grep 'mode=full' | grep -oE 'ns_per_measure=[0-9.]+' | cut -d= -f2)")
  json=$("$CLI" bench --jsonl-input "$CORPUS" --font-file "$FONT" --face "$FACE" --font-size "$SIZE" --widths "$WIDTHS" --fallback none --repeat 5 | tail -1)
  cold+=("$(echo "$json" | python3 -c 'import json,sys;print(json.load(sys.stdin)["coldNsPerMeasure"])')")
  warm+=("$(echo "$json" | python3 -c 'import json,sys;print(json.load(sys.stdin)["warmNsPerMeasure"])')")
  rewrap+=("$(echo "$json" | python3 -c 'import json,sys;print(json.load(sys.stdin)["rewrapNsPerMeasure"])')")
  keystroke+=("$(echo "$json" | python3 -c 'import json,sys;print(json.load(sys.stdin)["keystrokeNs"])')")
  document+=("$(echo "$json" | python3 -c 'import json,sys;print(json.load(sys.stdin)["documentColdNs"])')")
done
python3 - "$CORPUS" "$(basename "$FONT"):$FACE" "$WIDTHS" "$RUNS" \
  "${pango[*]}" "${baseline[*]}" "${cold[*]}" "${warm[*]}" "${rewrap[*]}" "${keystroke[*]}" "${document[*]}" <<'PY'
import sys
corpus, font, widths, runs = sys.argv[1:5]
p, b, c, w, r, k, d = [min(float(x) for x in a.split()) for a in sys.argv[5:12]]
print(f"corpus {corpus}, font {font}, widths {widths}, fastest of {runs} runs (ns per measure)\n")
print("| engine / scenario | ns | vs Pango | vs C pipeline | target |")
print("|---|---:|---:|---:|---|")
print(f"| Pango 1.50, fresh layout per measure | {p:,.0f} | 1× | | |")
print(f"| C pipeline (HarfBuzz + ICU + greedy fill) | {b:,.0f} | {p/b:.1f}× faster | 1× | |")
print(f"| AutoHeight cold | {c:,.0f} | {p/c:.1f}× faster | {c/b:.2f}× | ≥ 5× faster than Pango, ≤ 1.15× C |")
print(f"| AutoHeight warm (segment cache) | {w:,.0f} | {p/w:.1f}× faster | {w/b:.2f}× | ≥ 20× faster than Pango |")
print(f"| AutoHeight re-wrap (prepared) | {r:,.0f} | {p/r:.0f}× faster | | ≥ 250× faster than Pango |")
print(f"| AutoHeight keystroke, 100 kB document | {k:,.0f} | | | ≤ 1/100 of the document's cold measure ({d:,.0f} ns): 1/{d/k:.0f} |")
PY
