#!/usr/bin/env bash
# Builds the C ABI as libautoheight.so, with the Swift runtime linked in (so it loads where no
# Swift toolchain is installed), and stages it as an install tree:
#   DEST/lib/libautoheight.so  DEST/lib/pkgconfig/autoheight.pc  DEST/include/autoheight.h
#   DEST/share/autoheight/fonts/ (the bundled fonts, found by the library from lib/)
#   scripts/build-capi.sh [DEST (default .build-capi/dist)] [PREFIX written into the .pc (default DEST)]
# CONFIG=debug builds without optimisation. Own build folder: .build-capi.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:-.build-capi/dist}
config=${CONFIG:-release}
swift=${SWIFT:-swift}
flags=(-c "$config" --scratch-path .build-capi -Xswiftc -static-stdlib
  -Xlinker -soname=libautoheight.so -Xlinker "--version-script=$PWD/bindings/c/exports.map")
"$swift" build "${flags[@]}" --product AutoHeightC
bin=$("$swift" build "${flags[@]}" --show-bin-path)
mkdir -p "$dest/lib/pkgconfig" "$dest/include" "$dest/share/autoheight/fonts"
dest=$(cd "$dest" && pwd)
prefix=${2:-$dest}
install -m 755 "$bin/libAutoHeightC.so" "$dest/lib/libautoheight.so"
strip --strip-debug "$dest/lib/libautoheight.so"
install -m 644 Sources/CAutoHeight/include/autoheight.h "$dest/include/"
install -m 644 Fonts/*.ttf Fonts/LICENSE-* Fonts/README.md "$dest/share/autoheight/fonts/"
version=$(sed -n 's/^#define AUTOHEIGHT_VERSION "\(.*\)"/\1/p' Sources/CAutoHeight/include/autoheight.h)
sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" bindings/c/autoheight.pc.in >"$dest/lib/pkgconfig/autoheight.pc"
# The library must need nothing from the toolchain.
if ldd "$dest/lib/libautoheight.so" | grep -qE 'swift|not found'; then
  echo "build-capi: libautoheight.so still needs:" >&2
  ldd "$dest/lib/libautoheight.so" | grep -E 'swift|not found' >&2
  exit 1
fi
echo "$dest"
