#!/usr/bin/env bash
# Builds the Python package (bindings/python: cffi over libautoheight.so) as a wheel in
# bindings/python/dist/ and installs it into the current python3 (`make python`).
#   scripts/build-python.sh [DIST (the C ABI's install tree, default .build-capi/dist)]
# Installs cffi, setuptools, wheel and pytest from PyPI when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
dist=$(cd "${1:-.build-capi/dist}" && pwd)
python=${PYTHON:-python3}
missing=()
for module in cffi setuptools wheel pytest; do
  "$python" -c "import $module" 2>/dev/null || missing+=("$module")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  "$python" -m pip install --quiet --disable-pip-version-check "${missing[@]}" >&2
fi
rm -rf bindings/python/dist bindings/python/build
AUTOHEIGHT_DIST="$dist" "$python" -m pip wheel --quiet --disable-pip-version-check --no-build-isolation \
  --no-deps -w bindings/python/dist bindings/python >&2
wheel=$(ls bindings/python/dist/autoheight-*.whl)
"$python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel" >&2
echo "$wheel"
