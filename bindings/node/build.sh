#!/usr/bin/env bash
# Builds the Node.js addon into bindings/node/build/, self-contained: autoheight.node,
# libautoheight.so beside it (found through $ORIGIN) and the bundled fonts in build/fonts.
#   bindings/node/build.sh [DIST]
# DIST is an install tree of the C ABI (scripts/build-capi.sh); default .build-capi/dist at the
# top of the repository. Needs only a C compiler and Node's headers (/usr/include/node, or
# NODE_INCLUDE): no npm, no node-gyp.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
dist_arg=${1:-$repo/.build-capi/dist}
if [[ ! -d $dist_arg ]]; then
  echo "build.sh: no C ABI install tree at $dist_arg (run scripts/build-capi.sh)" >&2
  exit 1
fi
dist=$(cd "$dist_arg" && pwd)
node_include=${NODE_INCLUDE:-/usr/include/node}
if [[ ! -f $node_include/node_api.h ]]; then
  echo "build.sh: no node_api.h in $node_include (set NODE_INCLUDE)" >&2
  exit 1
fi
for file in "$dist/include/autoheight.h" "$dist/lib/libautoheight.so" "$dist/share/autoheight/fonts"; do
  if [[ ! -e $file ]]; then
    echo "build.sh: $file is missing from the install tree" >&2
    exit 1
  fi
done

out=$here/build
mkdir -p "$out"
tmp=$(mktemp -d "$out/.tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden \
  -I"$node_include" -I"$dist/include" \
  -o "$tmp/autoheight.node" "$here/src/addon.c" \
  -L"$dist/lib" -lautoheight -Wl,-rpath,'$ORIGIN'

cp "$dist/lib/libautoheight.so" "$tmp/libautoheight.so"
mv -f "$tmp/autoheight.node" "$out/autoheight.node"
mv -f "$tmp/libautoheight.so" "$out/libautoheight.so"
rm -rf "$out/fonts"
cp -R "$dist/share/autoheight/fonts" "$out/fonts"

# The addon must load with the toolchain out of reach: nothing from a Swift install.
deps=$(ldd "$out/autoheight.node")
if grep -q '/opt/swift' <<<"$deps"; then
  echo "build.sh: build/autoheight.node links a Swift toolchain library:" >&2
  grep '/opt/swift' <<<"$deps" >&2
  exit 1
fi
if grep -q 'not found' <<<"$deps"; then
  echo "build.sh: unresolved libraries:" >&2
  grep 'not found' <<<"$deps" >&2
  exit 1
fi
if ! grep -q "$out/libautoheight.so" <<<"$deps"; then
  echo "build.sh: autoheight.node does not load build/libautoheight.so:" >&2
  echo "$deps" >&2
  exit 1
fi
echo "$out"
