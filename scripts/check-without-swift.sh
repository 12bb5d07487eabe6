#!/usr/bin/env bash
# libautoheight.so, the Python wheel and the Node addon load and measure where no Swift is
# installed: the toolchain's folder is hidden (an empty tmpfs mounted over it in a private mount
# namespace, so nothing of it can be found by path, PATH or the loader), and then
#  - the C test program runs,
#  - the wheel from bindings/python/dist is installed into a new virtualenv (with cffi from PyPI)
#    and measures,
#  - the addon in bindings/node/build measures.
# ldd of each must name nothing from the toolchain's folder. Needs root (unshare); without it,
# only the ldd checks run, and the script says so.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
toolchain=$(cd "$(dirname "$(readlink -f "$(command -v "${SWIFT:-swift}")")")/../.." && pwd)
fail() { echo "check-without-swift: FAILED: $*" >&2; exit 1; }

native=$(python3 -c 'import autoheight._native as n; print(n.__file__)')
for file in .build-capi/dist/lib/libautoheight.so "$native" bindings/node/build/autoheight.node; do
  if ldd "$file" | grep -qE "$toolchain|not found"; then
    fail "$file needs: $(ldd "$file" | grep -E "$toolchain|not found" | tr '\n' ' ')"
  fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2046
cc -std=c11 -o "$work/ctest" bindings/c/test.c -I.build-capi/dist/include -L.build-capi/dist/lib -lautoheight \
  -Wl,-rpath,"$repo/.build-capi/dist/lib" -lpthread -lm
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check cffi bindings/python/dist/autoheight-*.whl

cat >"$work/inside.sh" <<INSIDE
set -euo pipefail
[ -z "\$(ls -A "$toolchain")" ] || { echo "the toolchain is still visible" >&2; exit 1; }
! command -v swift >/dev/null || { echo "swift is still on the PATH" >&2; exit 1; }
"$work/ctest" | tail -1
cd "$work"
"$work/venv/bin/python" -c 'import autoheight; m = autoheight.Style().measure("hello world", 50); assert (m.lines, round(m.height, 3)) == (2, 46.308), m; print("python: hello world at 50 px:", m.lines, "lines")'
node -e 'const { Style } = require("$repo/bindings/node"); const m = new Style({}).measure("hello world", 50); if (m.lines !== 2) throw new Error(JSON.stringify(m)); console.log("node: hello world at 50 px:", m.lines, "lines")'
"$work/venv/bin/python" -c 'import autoheight; m = autoheight.Style(size=16, fallback="none").measure("Ship it \ufffc now and later", 60, runs=[{"start": 10, "end": 13, "weight": 700}, {"start": 0, "end": 4, "size": 24}], boxes=[(20, 30)]); assert (m.lines, m.height) == (5, 132.752), m; print("python: styled text at 60 px:", m.lines, "lines")'
node -e 'const { Style } = require("$repo/bindings/node"); const m = new Style({ size: 16, fallback: "none" }).measure("Ship it \ufffc now and later", 60, { runs: [{ start: 10, end: 13, weight: 700 }, { start: 0, end: 4, size: 24 }], boxes: [[20, 30]] }); if (m.lines !== 5 || m.height !== 132.752) throw new Error(JSON.stringify(m)); console.log("node: styled text at 60 px:", m.lines, "lines")'
INSIDE
if [ "$(id -u)" -eq 0 ] && unshare --mount --propagation private true 2>/dev/null; then
  unshare --mount --propagation private env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$HOME" \
    bash -c "mount -t tmpfs none '$toolchain' && bash '$work/inside.sh'" || fail "a surface did not run without $toolchain"
  echo "check-without-swift: C, Python and Node measured with $toolchain hidden"
else
  env -i PATH=/usr/bin:/bin HOME="$HOME" bash -c "sed 2,3d '$work/inside.sh' | bash" || fail "a surface did not run"
  echo "check-without-swift: not root: checked ldd and ran without swift on the PATH only (the folder was not hidden)"
fi
