#!/usr/bin/env bash
# How much of a cold measure is HarfBuzz's own time: runs `autoheight bench --scenario cold` with a
# small preloaded library that times every hb_buffer_add_utf16 and hb_shape_plan_execute call
# (the two HarfBuzz calls a shaping makes) and counts the units and calls, at two repeat counts,
# and prints the differences per measure: the mean cold time of PASSES passes (from the two
# processes' wall times) and HarfBuzz's part of it, once per round.
#
#   scripts/harfbuzz-share.sh [CORPUS.jsonl] [system|none]
#   env: FONT, FACE, SIZE, WIDTHS, CLI (.build/release/autoheight), ROUNDS (3), PASSES (20)
#
# The timers' own cost (four clock reads per shaping, about 80 ns) is printed apart, not subtracted.
# Maintainers' tool: needs a C compiler and libharfbuzz-dev.
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS=${1:-../shared/corpus/mixed.jsonl}
FALLBACK=${2:-system}
FONT=${FONT:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
FACE=${FACE:-1}
SIZE=${SIZE:-16}
WIDTHS=${WIDTHS:-120,240,360}
CLI=${CLI:-.build/release/autoheight}
PASSES=${PASSES:-20}
[ -x "$CLI" ] || swift build -c release --product autoheight >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/timer.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <hb.h>
#include <stdio.h>
#include <time.h>
static double spent;
static long calls, shaped;
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}
typedef hb_bool_t (*execute_f)(hb_shape_plan_t *, hb_font_t *, hb_buffer_t *, const hb_feature_t *, unsigned);
hb_bool_t hb_shape_plan_execute(hb_shape_plan_t *plan, hb_font_t *font, hb_buffer_t *buffer,
                                const hb_feature_t *features, unsigned count) {
    static execute_f real;
    if (!real) real = (execute_f)dlsym(RTLD_NEXT, "hb_shape_plan_execute");
    double start = now();
    hb_bool_t result = real(plan, font, buffer, features, count);
    spent += now() - start;
    calls++;
    return result;
}
typedef void (*add_f)(hb_buffer_t *, const uint16_t *, int, unsigned, int);
void hb_buffer_add_utf16(hb_buffer_t *buffer, const uint16_t *text, int length, unsigned offset, int item) {
    static add_f real;
    if (!real) real = (add_f)dlsym(RTLD_NEXT, "hb_buffer_add_utf16");
    double start = now();
    real(buffer, text, length, offset, item);
    spent += now() - start;
    shaped += item;
}
__attribute__((destructor)) static void report(void) {
    fprintf(stderr, "harfbuzz %.0f ns, %ld calls, %ld units\n", spent, calls, shaped);
}
C
cc -O2 -shared -fPIC -o "$work/timer.so" "$work/timer.c" -ldl $(pkg-config --cflags harfbuzz)

run() {  # prints: wall ns of the whole process, then the library's line
    local begin end line
    begin=$(date +%s%N)
    line=$(LD_PRELOAD="$work/timer.so" "$CLI" bench --configurations given --font-file "$FONT" --face "$FACE" \
        --font-size "$SIZE" --widths "$WIDTHS" --jsonl-input "$CORPUS" --fallback "$FALLBACK" --scenario cold \
        --repeat "$1" 2>&1 >/dev/null | grep '^harfbuzz')
    end=$(date +%s%N)
    echo "$((end - begin)) $line"
}
for _ in $(seq "${ROUNDS:-3}"); do
    one=$(run 1)
    many=$(run $((PASSES + 1)))
    python3 - "$CORPUS" "$WIDTHS" "$PASSES" "$one" "$many" <<'PY2'
import re, sys
corpus, widths, passes, one, many = sys.argv[1:6]
def parse(line):
    wall = int(line.split()[0])
    ns, calls, units = map(int, re.search(r"harfbuzz (\d+) ns, (\d+) calls, (\d+) units", line).groups())
    return wall, ns, calls, units
a, b = parse(one), parse(many)
texts = sum(1 for _ in open(corpus))
measures = int(passes) * texts * len(widths.split(","))  # the cold passes the second run makes more
cold, hb, calls, units = ((y - x) / measures for x, y in zip(a, b))
print(f"{corpus} ({texts} texts): cold {cold:,.0f} ns per measure (mean of {passes} passes, timers on); "
      f"HarfBuzz {hb:,.0f} ns ({100 * hb / cold:.0f} %); {calls:.1f} calls and {units:.0f} units shaped per "
      f"measure; the timers' own cost about {80 * calls:,.0f} ns")
PY2
done
