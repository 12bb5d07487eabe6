#!/usr/bin/env python3
"""Composes texts the project has never seen, for checking the web profile's agreement with
Chromium beyond ../shared/corpus: from the gettext catalogues Debian installs
(/usr/share/locale/LANG/LC_MESSAGES/*.mo), every translated string (English: the source strings)
that appears in no corpus text is a candidate; each new text joins 1-4 random candidates with a
space or a line feed (seeded, so the set is reproducible on the same installation).

Writes one JSONL file per language into OUT ({"id", "source", "lang", "text"}), for
scripts/browser-oracle/measure.py and scripts/browser-agreement.py --expected/--corpus.
Usage: scripts/make-unseen-texts.py OUT [--count 80] [--seed 14] [--shared ../shared]
"""
import argparse, glob, json, os, random, struct

LANGS = ["en", "de", "ru", "vi", "ko", "ar", "he", "hi", "th"]


def mo_strings(path):
    data = open(path, "rb").read()
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _, count, original, translated = struct.unpack(order + "4I", data[4:20])
    for i in range(count):
        olen, ooff = struct.unpack(order + "2I", data[original + 8 * i:original + 8 * i + 8])
        tlen, toff = struct.unpack(order + "2I", data[translated + 8 * i:translated + 8 * i + 8])
        source = data[ooff:ooff + olen].split(b"\0")[0]
        target = data[toff:toff + tlen].split(b"\0")[0]
        if source:
            yield source.decode("utf-8", "replace"), target.decode("utf-8", "replace")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=80)
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--shared", default=os.path.join(here, "..", "..", "shared"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    seen = set()
    for path in glob.glob(os.path.join(a.shared, "corpus", "*.jsonl")):
        for line in open(path, encoding="utf-8"):
            seen.add(json.loads(line)["text"])
    corpus_blob = "\n".join(seen)
    for lang in LANGS:
        pattern = "de" if lang == "en" else lang  # English: the source strings of the German catalogues
        candidates = set()
        for path in sorted(glob.glob(f"/usr/share/locale/{pattern}/LC_MESSAGES/*.mo")):
            if os.path.basename(path).startswith("iso_"):
                continue  # names of countries and languages: words, not sentences
            for source, target in mo_strings(path):
                text = source if lang == "en" else target
                text = text.strip("\n")
                if 8 <= len(text) <= 400 and text not in corpus_blob:
                    candidates.add(text)
        candidates = sorted(candidates)
        rng = random.Random(f"{a.seed}-{lang}")
        with open(os.path.join(a.out, lang + ".jsonl"), "w", encoding="utf-8") as out:
            for n in range(min(a.count, len(candidates))):
                parts = rng.sample(candidates, rng.randint(1, 4))
                text = "".join(p + (rng.choice([" ", " ", "\n"]) if i + 1 < len(parts) else "")
                               for i, p in enumerate(parts))
                out.write(json.dumps({"id": f"{lang}-u{n + 1:03d}", "source": f"composed: {pattern} .mo strings",
                                      "lang": lang, "text": text}, ensure_ascii=False) + "\n")
        print(lang, len(candidates), "candidates")


main()
