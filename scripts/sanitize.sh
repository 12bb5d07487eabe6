#!/usr/bin/env bash
# make sanitize: the test suite under AddressSanitizer + UndefinedBehaviorSanitizer (one build),
# then the concurrency tests under ThreadSanitizer. Each sanitizer builds in its own folder
# (.build-asan, .build-tsan), so the normal .build is untouched.
#   SANITIZE=asan|tsan|all (default all)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
WHICH=${SANITIZE:-all}
ROOT=$(pwd)

# Leaks inside the system libraries (fontconfig's and ICU's process-wide caches, kept until
# exit by design) are suppressed by name; a leak in AutoHeight's own code still fails.
export LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan-suppressions.txt:print_suppressions=0"
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"

if [ "$WHICH" = all ] || [ "$WHICH" = asan ]; then
    echo "== AddressSanitizer + UndefinedBehaviorSanitizer: the whole suite"
    $SWIFT build --build-tests --build-path .build-asan --sanitize=address --sanitize=undefined
    $SWIFT test --skip-build --build-path .build-asan --sanitize=address --sanitize=undefined
fi
if [ "$WHICH" = all ] || [ "$WHICH" = tsan ]; then
    echo "== ThreadSanitizer: the concurrency tests"
    $SWIFT build --build-tests --build-path .build-tsan --sanitize=thread
    $SWIFT test --skip-build --build-path .build-tsan --sanitize=thread \
        --filter 'concurrent|Concurrent|TSanLockTests'
fi
