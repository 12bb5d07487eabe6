#!/usr/bin/env bash
# Side-by-side timing in one run, in both configurations: with font fallback (Pango with its
# fontconfig fallback, `pango-measure --fallback`, against `autoheight bench` with the system
# fallback, the CLI's default) and with a single font (Pango with the font alone, the minimal
# HarfBuzz+ICU C pipeline, and `autoheight bench --fallback none`), on the same texts, font and
# widths. Prints a Markdown table with the issue's targets and whether each holds.
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

pango_ns() {
  "$oracle/pango-measure" --font "$FONT" --face "$FACE" --size "$SIZE" --jsonl "$CORPUS" --widths "$WIDTHS" \
    --bench "$REPS" --no-hyphens --bench-mode fresh "$@" | grep -oE 'ns_per_measure=[0-9.]+' | head -1 | cut -d= -f2
}

results=$(mktemp)
for _ in $(seq "$RUNS"); do
  echo "pango $(pango_ns)" >>"$results"
  echo "pango-fallback $(pango_ns --fallback)" >>"$results"
  echo "baseline $("$oracle/hb-icu-baseline" --font "$FONT" --face "$FACE" --size "$SIZE" --jsonl "$CORPUS" --widths "$WIDTHS" --bench "$REPS" | grep 'mode=full' | grep -oE 'ns_per_measure=[0-9.]+' | cut -d= -f2)" >>"$results"
  "$CLI" bench --jsonl-input "$CORPUS" --font-file "$FONT" --face "$FACE" --font-size "$SIZE" --widths "$WIDTHS" \
    --configurations both --repeat 5 | grep '^{' | sed 's/^/autoheight /' >>"$results"
done
python3 - "$CORPUS" "$(basename "$FONT"):$FACE" "$WIDTHS" "$RUNS" "$results" <<'PY'
import json, sys
corpus, font, widths, runs, path = sys.argv[1:6]
best = {}
def keep(key, value):
    best[key] = min(best.get(key, float("inf")), value)
for line in open(path):
    kind, rest = line.split(" ", 1)
    if kind == "autoheight":
        record = json.loads(rest)
        for field in ("coldNsPerMeasure", "warmNsPerMeasure", "rewrapNsPerMeasure", "keystrokeNs", "documentColdNs"):
            keep((record["fallback"], field), float(record[field]))
        memory = (record["preparedBytesPerUnit"], record["segmentCacheBytes"], record["segmentCacheEntries"])
        best[(record["fallback"], "memory")] = memory
    else:
        keep(kind, float(rest))
p, pf, b = best["pango"], best["pango-fallback"], best["baseline"]
def ah(config, field): return best[(config, field)]
def holds(ok): return "yes" if ok else "**no**"
print(f"corpus {corpus}, font {font}, widths {widths}, fastest of {runs} runs (ns per measure)\n")
print("| configuration | engine / scenario | ns | vs Pango | vs C pipeline | target | holds |")
print("|---|---|---:|---:|---:|---|---|")
print(f"| with fallback (default) | Pango 1.50 + fontconfig fallback, fresh layout | {pf:,.0f} | 1× | | | |")
c, w = ah("system", "coldNsPerMeasure"), ah("system", "warmNsPerMeasure")
r, k, d = ah("system", "rewrapNsPerMeasure"), ah("system", "keystrokeNs"), ah("system", "documentColdNs")
print(f"| with fallback (default) | AutoHeight cold | {c:,.0f} | {pf/c:.1f}× faster | | ≥ 6× | {holds(pf/c >= 6)} |")
print(f"| with fallback (default) | AutoHeight warm (segment cache) | {w:,.0f} | {pf/w:.1f}× faster | | ≥ 30× | {holds(pf/w >= 30)} |")
print(f"| with fallback (default) | AutoHeight re-wrap (prepared) | {r:,.0f} | {pf/r:.0f}× faster | | | |")
print(f"| with fallback (default) | AutoHeight keystroke, 100 kB document | {k:,.0f} | | | | 1/{d/k:.0f} of its cold measure ({d:,.0f} ns) |")
print(f"| single font (`--fallback none`) | Pango 1.50, fresh layout | {p:,.0f} | 1× | | | |")
print(f"| single font (`--fallback none`) | C pipeline (HarfBuzz + ICU + greedy fill) | {b:,.0f} | {p/b:.1f}× faster | 1× | | |")
c, w = ah("none", "coldNsPerMeasure"), ah("none", "warmNsPerMeasure")
r, k, d = ah("none", "rewrapNsPerMeasure"), ah("none", "keystrokeNs"), ah("none", "documentColdNs")
print(f"| single font (`--fallback none`) | AutoHeight cold | {c:,.0f} | {p/c:.1f}× faster | {c/b:.2f}× | ≥ 6× Pango, ≤ 0.9× C | {holds(p/c >= 6 and c/b <= 0.9)} |")
print(f"| single font (`--fallback none`) | AutoHeight warm (segment cache) | {w:,.0f} | {p/w:.1f}× faster | {w/b:.2f}× | ≥ 30× | {holds(p/w >= 30)} |")
print(f"| single font (`--fallback none`) | AutoHeight re-wrap (prepared) | {r:,.0f} | {p/r:.0f}× faster | | ≥ 400× (0 allocations: `make benchmark`) | {holds(p/r >= 400)} |")
print(f"| single font (`--fallback none`) | AutoHeight keystroke, 100 kB document | {k:,.0f} | | | ≤ 1/300 of its cold measure ({d:,.0f} ns): 1/{d/k:.0f} | {holds(d/k >= 300)} |")
for config in ("system", "none"):
    perUnit, cacheBytes, entries = best[(config, "memory")]
    print(f"\nfallback {config}: {perUnit} bytes per UTF-16 unit prepared; segment cache after the corpus: {cacheBytes:,} bytes, {entries:,} entries", end="")
print()
PY
rm -f "$results"
