#!/usr/bin/env bash
# The checkout must not be needed once AutoHeight is installed or built into an app:
#  1. make install PREFIX=<empty temp folder>;
#  2. a small app depending on this package by path is built;
#  3. the checkout is moved out of reach (moved back on exit);
#  4. PREFIX/bin/autoheight measures, finding its fonts under PREFIX/share (fontconfig's fonts
#     hidden, so a system copy of Noto Sans cannot stand in), with and without the environment;
#  5. the app measures, from its build folder and copied elsewhere with its resource bundle;
#  6. a C program built with pkg-config against PREFIX's autoheight.h and libautoheight.so
#     measures, finding the fonts under PREFIX/share from the library's folder.
# (ManPageTests checks that the man page lists every option.)
# CONFIG=debug (what CI uses) reuses the build `make test` just made.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
config=${CONFIG:-release}
work=$(mktemp -d "${TMPDIR:-/tmp}/autoheight-install.XXXXXX")
away="$repo.moved-away-$$"
restore() {
    if [ -d "$away" ]; then mv "$away" "$repo"; fi
    rm -rf "$work"
}
trap restore EXIT
fail() { echo "check-install: FAILED: $*" >&2; exit 1; }

make -C "$repo" --no-print-directory install PREFIX="$work/prefix" CONFIG="$config" SWIFT="${SWIFT:-swift}" >/dev/null

mkdir -p "$work/app/Sources/App"
# The package's identity is its folder's name: reach the checkout as "AutoHeight".
ln -s "$repo" "$work/AutoHeight"
cat >"$work/app/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [.package(path: "$work/AutoHeight")],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "AutoHeight", package: "AutoHeight")])]
)
SWIFT
cat >"$work/app/Sources/App/main.swift" <<'SWIFT'
import AutoHeight

let style = TextStyle(fonts: try FontStack.bundled(), fontSize: 17)
let result = try style.measure("hello", width: 200)
print("\(result.lineCount) line, \((result.height * 10).rounded() / 10) px, \(style.fonts.fonts.count) fonts")
SWIFT
(cd "$work/app" && "${SWIFT:-swift}" build -c "$config" 2>&1 | tail -3) || fail "the dependent app did not build"
app_bin=$(cd "$work/app" && "${SWIFT:-swift}" build -c "$config" --show-bin-path)

mv "$repo" "$away"
printf '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n' >"$work/no-fonts.conf"
expected="<text>: 1 line, 23.2 px"
got=$(env -i PATH=/usr/bin:/bin FONTCONFIG_FILE="$work/no-fonts.conf" \
    "$work/prefix/bin/autoheight" measure --text hello --width 200 --fallback none) \
    || fail "installed autoheight (no fontconfig fonts) exited $?"
[ "$got" = "$expected" ] || fail "installed autoheight printed '$got', expected '$expected'"
got=$("$work/prefix/bin/autoheight" measure --text hello --width 200) || fail "installed autoheight exited $?"
[ "$got" = "$expected" ] || fail "installed autoheight printed '$got', expected '$expected'"
for page in share/man/man1/autoheight.1 share/bash-completion/completions/autoheight \
    share/zsh/site-functions/_autoheight share/fish/vendor_completions.d/autoheight.fish; do
    [ -s "$work/prefix/$page" ] || fail "$page was not installed"
done

expected_app="1 line, 23.2 px, 6 fonts"
got=$(env -i PATH=/usr/bin:/bin FONTCONFIG_FILE="$work/no-fonts.conf" "$app_bin/App") || fail "the app exited $?"
[ "$got" = "$expected_app" ] || fail "the app printed '$got', expected '$expected_app'"
mkdir -p "$work/deployed"
cp "$app_bin/App" "$work/deployed/"
cp -R "$app_bin/AutoHeight_AutoHeightFonts.resources" "$work/deployed/"
rm -rf "$work/app"
got=$(env -i PATH=/usr/bin:/bin FONTCONFIG_FILE="$work/no-fonts.conf" "$work/deployed/App") \
    || fail "the copied app exited $?"
[ "$got" = "$expected_app" ] || fail "the copied app printed '$got', expected '$expected_app'"
cat >"$work/measure.c" <<'C'
#include <stdio.h>
#include <autoheight.h>
int main(void) {
    const char *keys[] = {"fallback"}, *values[] = {"none"};
    ah_style *style;
    char *message;
    if (ah_style_new(keys, values, 1, NULL, &style, &message) != AH_OK) { printf("%s\n", message); return 1; }
    double width = 200;
    ah_measurement result;
    if (ah_measure(style, "hello", 5, &width, 1, &result, &message) != AH_OK) { printf("%s\n", message); return 1; }
    printf("%lld line, %.1f px\n", (long long)result.lines, result.height);
    ah_style_free(style);
    return 0;
}
C
# shellcheck disable=SC2046
cc -o "$work/measure" "$work/measure.c" $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags --libs autoheight) \
    -Wl,-rpath,"$work/prefix/lib" || fail "a C program did not build against the installed autoheight.pc"
got=$(env -i PATH=/usr/bin:/bin FONTCONFIG_FILE="$work/no-fonts.conf" "$work/measure") || fail "the C program exited $?: $got"
[ "$got" = "1 line, 23.2 px" ] || fail "the C program printed '$got', expected '1 line, 23.2 px'"
echo "check-install: installed autoheight, libautoheight.so and a dependent app measure with the checkout moved away"
