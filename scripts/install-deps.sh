#!/usr/bin/env bash
# Installs the Debian packages AutoHeight needs, only those that are missing.
#   scripts/install-deps.sh build   # libraries to build and run (FreeType, HarfBuzz, ICU, fontconfig)
#   scripts/install-deps.sh test    # + the Noto and DejaVu fonts the agreement and fallback tests use,
#                                   #   Chromium and python3 for the browser test of `autoheight render`
#   scripts/install-deps.sh compare # + Pango's headers, for the oracle `make compare` builds
#   scripts/install-deps.sh node    # + Node.js and its headers (node_api.h), for the addon, when missing
set -euo pipefail
level=${1:-build}
packages=(pkg-config libfreetype-dev libharfbuzz-dev libfontconfig-dev libicu-dev)
if [ "$level" = test ] || [ "$level" = compare ]; then
  packages+=(fonts-noto-core fonts-noto-cjk fonts-noto-mono fonts-noto-color-emoji fonts-dejavu-core)
  # The browser test of `autoheight render`: headless Chromium, and Python for its PNG reader.
  packages+=(chromium python3)
fi
if [ "$level" = node ] && { ! command -v node >/dev/null || [ ! -f "${NODE_INCLUDE:-/usr/include/node}/node_api.h" ]; }; then
  # Debian's: the runtime and the headers the addon is compiled against.
  packages+=(nodejs libnode-dev)
fi
if [ "$level" = compare ]; then
  packages+=(libpango1.0-dev build-essential)
fi
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
