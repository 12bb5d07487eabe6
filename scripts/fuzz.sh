#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (Swift's -sanitize=fuzzer, with AddressSanitizer) and runs
# each for FUZZ_SECONDS (default 60). Usage: scripts/fuzz.sh [measure|font|editor]...
#   FUZZ_SECONDS=1200 scripts/fuzz.sh editor      # one target, 20 minutes
# Corpora grow in Fuzz/Corpus/<target> (seeded from the test fixtures, not checked in); a crash
# or broken invariant leaves its input in Fuzz/Findings/<target>/ and stops with exit 1.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SECONDS_EACH=${FUZZ_SECONDS:-60}
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(measure font editor)

scripts/install-deps.sh build
scripts/fuzz-seeds.py Fuzz/Corpus
FLAGS=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
    -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld)
# The fuzzers' own objects are built afresh: an incremental build has been seen to keep them
# compiled against an older layout of the library's public structs (an ASan stack overflow in
# `TextStyle.init` on the first input, gone after a clean build of the target).
STALE_BIN=$(cd Fuzz && $SWIFT build "${FLAGS[@]}" --show-bin-path)
rm -rf "$STALE_BIN"/Fuzz*.build
# SwiftPM's cached build plan still lists the output file maps just removed ("unable to load
# output file map" on the next run): drop the plan too, so that it is worked out again.
rm -f Fuzz/.build/release.yaml "$STALE_BIN/description.json"
for product in FuzzMeasure FuzzFont FuzzEditor; do  # the fuzzers only, not the CLI
    (cd Fuzz && $SWIFT build "${FLAGS[@]}" --product "$product")
done
BIN=$(cd Fuzz && $SWIFT build "${FLAGS[@]}" --show-bin-path)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export SWIFT_BACKTRACE=enable=no  # the backtracer's memory reads trip ASan; libFuzzer prints the stack

status=0
for target in "${TARGETS[@]}"; do
    case $target in
    measure) exe=FuzzMeasure max_len=4096 ;;
    font) exe=FuzzFont max_len=262144 ;;
    editor) exe=FuzzEditor max_len=1024 ;;
    *) echo "fuzz.sh: unknown target '$target' (measure, font, editor)" >&2; exit 64 ;;
    esac
    mkdir -p "Fuzz/Findings/$target"
    echo "== $exe: ${SECONDS_EACH}s, corpus Fuzz/Corpus/$target ($(ls "Fuzz/Corpus/$target" | wc -l) inputs)"
    if ! "$BIN/$exe" "Fuzz/Corpus/$target" -max_total_time="$SECONDS_EACH" -max_len="$max_len" \
        -timeout=30 -rss_limit_mb=4096 -artifact_prefix="Fuzz/Findings/$target/" -print_final_stats=1; then
        echo "== $exe: FINDING in Fuzz/Findings/$target/" >&2
        status=1
    fi
    echo "== $exe: corpus now $(ls "Fuzz/Corpus/$target" | wc -l) inputs"
done
exit $status
