#!/usr/bin/env python3
"""Where a PNG screenshot has ink: for each pixel row, the leftmost and rightmost pixel that is
not (near) white, or null. Standard library only (zlib), so the browser test needs no image
package. Reads 8-bit RGB or RGBA, non-interlaced PNGs (what headless Chromium writes).

    scripts/png-ink.py shot.png [--threshold 235]
    -> {"width": 320, "height": 200, "rows": [null, [12, 250], ...]}

A pixel is ink when its darkest channel is below the threshold (and, with alpha, it is not
transparent).
"""
import json
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG file")
    offset = 8
    idat = b""
    width = height = None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace != 0:
                raise SystemExit(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs (depth {depth}, colour {color})")
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * channels
    rows = []
    previous = bytearray(stride)
    position = 0
    for _ in range(height):
        kind = raw[position]
        line = bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main():
    path = sys.argv[1]
    threshold = int(sys.argv[sys.argv.index("--threshold") + 1]) if "--threshold" in sys.argv else 235
    width, height, channels, rows = decode(path)
    spans = []
    for line in rows:
        inked = [
            x for x in range(width)
            if min(line[x * channels:x * channels + 3]) < threshold
            and (channels == 3 or line[x * channels + 3] > 20)
        ]
        spans.append([inked[0], inked[-1]] if inked else None)
    json.dump({"width": width, "height": height, "rows": spans}, sys.stdout)


if __name__ == "__main__":
    main()
