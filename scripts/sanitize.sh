#!/usr/bin/env bash
# make sanitize: the test suite under AddressSanitizer + UndefinedBehaviorSanitizer (one build),
# then the concurrency tests under ThreadSanitizer. Each sanitizer builds in its own folder
# (.build-asan, .build-tsan), so the normal .build is untouched. Swift has no UBSan mode on
# Linux (its code traps on overflow and bounds itself): UBSan instruments the C shim
# (Sources/CAutoHeightICU), in the same build as ASan.
#   SANITIZE=asan|tsan|all (default all)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
WHICH=${SANITIZE:-all}
ROOT=$(pwd)
CORPUS_SUITES='ConformanceTests|PangoAgreementTests|PangoFallbackAgreementTests|StandaloneCharacterTests|GraphemeStretchTests|SegmentCacheTests'
# Chromium's own runs (its textarea, its screenshots) measure the browser, not our memory use.
BROWSER_SUITES='BrowserRenderTests|BrowserAgreementTests'

# Leaks outside AutoHeight (fontconfig's process-wide caches, XCTest's runner,
# argument-parser's usage-error path) are suppressed by name in scripts/lsan-suppressions.txt;
# a leak in AutoHeight's own code still fails. Swift's crash backtracer reads memory ASan flags.
export LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan-suppressions.txt:print_suppressions=0"
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
export SWIFT_BACKTRACE=enable=no

if [ "$WHICH" = all ] || [ "$WHICH" = asan ]; then
    echo "== AddressSanitizer + UndefinedBehaviorSanitizer: the test suite (corpus-wide suites skipped)"
    $SWIFT build --build-tests --build-path .build-asan --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
    # The corpus-wide suites (thousands of texts through the same code) and the Chromium suites
    # are left to `make test`: under ASan they alone would take most of CI's time budget.
    $SWIFT test --skip-build --build-path .build-asan --sanitize=address -Xcc -fsanitize=undefined \
        -Xcc -fno-sanitize-recover=undefined --skip "$CORPUS_SUITES|$BROWSER_SUITES"
fi
if [ "$WHICH" = all ] || [ "$WHICH" = tsan ]; then
    echo "== ThreadSanitizer: the concurrency tests"
    $SWIFT build --build-tests --build-path .build-tsan --sanitize=thread
    $SWIFT test --skip-build --build-path .build-tsan --sanitize=thread \
        --filter 'concurrent|Concurrent'
fi
