#!/usr/bin/env bash
# Builds bindings/c/test.c against an install tree of the C ABI (scripts/build-capi.sh) with
# only its header and pkg-config file, and runs it with the toolchain out of reach.
#   bindings/c/test.sh [DIST (default .build-capi/dist)]
set -euo pipefail
cd "$(dirname "$0")/../.."
dist=$(cd "${1:-.build-capi/dist}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PKG_CONFIG_PATH="$dist/lib/pkgconfig"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror -o "$work/test" bindings/c/test.c $(pkg-config --cflags --libs autoheight) \
  -Wl,-rpath,"$dist/lib" -lpthread -lm
# No Swift on the PATH or in the loader's path: the library carries its runtime.
env -i PATH=/usr/bin:/bin HOME="$HOME" "$work/test"
