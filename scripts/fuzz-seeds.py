#!/usr/bin/env python3
"""Seed corpora for the libFuzzer targets (Fuzz/), made from the test fixtures and bundled fonts.

usage: scripts/fuzz-seeds.py OUTPUT_DIR   (writes OUTPUT_DIR/{measure,font,editor}/seed-*)
Seeds already there are kept; running it again only adds what is missing.
"""
import hashlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests/AutoHeightTests/Fixtures"
LANGUAGES = ["en", "ko", "ja", "ar", "th", "hi", "zh-Hant", "en-u-lb-strict", "ko-u-lw-keepall"]


def write(folder: pathlib.Path, data: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / ("seed-" + hashlib.sha1(data).hexdigest()[:16])
    if not path.exists():
        path.write_bytes(data)


def texts():
    for name in ["pango-agreement.jsonl", "pango-fallback-agreement.jsonl"]:
        with open(FIXTURES / name, encoding="utf-8") as lines:
            for number, line in enumerate(lines):
                if number % 8 == 0:  # a sample: every script, not every paragraph
                    record = json.loads(line)
                    yield record.get("language", "en"), record["text"]


def main() -> None:
    out = pathlib.Path(sys.argv[1])
    for index, (language, text) in enumerate(texts()):
        lang = LANGUAGES.index(language) if language in LANGUAGES else 0
        # FuzzMeasure's header: size, spacing, tab, language, line height, trailing, width × 2, limits.
        header = bytes([2, index % 5, 7, lang, index % 3, index % 2, 100 + index % 100, 1 + index % 4, 1, index % 4])
        encoded = text.encode("utf-8")
        write(out / "measure", header + encoded)
        write(out / "editor", bytes([index % 4, lang % 4, 120, 0, 0, 0]) + encoded[:160])
    for font in ["NotoSansHebrew-Regular.ttf", "NotoSansThai-Regular.ttf", "NotoSansArabic-Regular.ttf"]:
        write(out / "font", (ROOT / "Fonts" / font).read_bytes())


if __name__ == "__main__":
    main()
