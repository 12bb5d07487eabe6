#!/usr/bin/env bash
# Screenshots an SVG of `autoheight render` with headless Chromium, cropped to the SVG's size.
#   scripts/svg-to-png.sh IN.svg OUT.png [SCALE (2)]
# A fresh Chromium profile paints about 74 px less than its window height, so the window is made
# 100 px larger than the picture and the screenshot cropped back (scripts/png-ink.py's decoder).
set -euo pipefail
in=$1 out=$2 scale=${3:-2}
[ -f "$in" ] || { echo "svg-to-png: $in: no such file" >&2; exit 66; }
read -r width height < <(python3 -c '
import re, sys
head = open(sys.argv[1], encoding="utf-8").read(400)
w, h = re.search(r"<svg[^>]* width=\"([0-9.]+)\" height=\"([0-9.]+)\"", head).groups()
print(int(float(w) + 0.999), int(float(h) + 0.999))' "$in")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --user-data-dir="$work/profile" --force-device-scale-factor="$scale" \
  --window-size=$((width + 100)),$((height + 100)) --screenshot="$work/full.png" \
  "file://$(realpath "$in")" >/dev/null 2>&1
PNG_INK="$(dirname "$0")/png-ink.py" python3 - "$work/full.png" "$out" $((width * scale)) $((height * scale)) <<'PY'
import importlib.util, os, struct, sys, zlib
spec = importlib.util.spec_from_file_location("png_ink", os.environ["PNG_INK"])
png_ink = importlib.util.module_from_spec(spec)
spec.loader.exec_module(png_ink)
_, _, channels, rows = png_ink.decode(sys.argv[1])
width, height = int(sys.argv[3]), int(sys.argv[4])
raw = b"".join(b"\x00" + bytes(row[:width * channels]) for row in rows[:height])
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
header = struct.pack(">IIBBBBB", width, height, 8, 2 if channels == 3 else 6, 0, 0, 0)
with open(sys.argv[2], "wb") as file:
    file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
PY
