#!/usr/bin/env python3
"""Writes Tests/AutoHeightTests/Fixtures/pango-fallback-agreement.jsonl: a fixed, systematic
subset of ../shared/expected-fallback (every STEP-th text of each file, in corpus order) with
Pango's line counts under system font fallback (Noto Sans primary, 16 px), so the fallback
agreement test needs nothing outside the repository.

One record per text: {"file", "id", "font", "face", "fallback", "language", "size",
"lines": {"120": n, ...}, "text"}; widths where Pango hit a missing glyph are left out, and so
are texts left with no width.
Usage: scripts/make-fallback-fixture.py [--shared ../shared] [--step 4]
"""
import argparse, json, os

ap = argparse.ArgumentParser()
here = os.path.dirname(os.path.abspath(__file__))
ap.add_argument("--shared", default=os.path.join(here, "..", "..", "shared"))
ap.add_argument("--step", type=int, default=4)
a = ap.parse_args()
out_path = os.path.join(here, "..", "Tests", "AutoHeightTests", "Fixtures", "pango-fallback-agreement.jsonl")
exp_dir = os.path.join(a.shared, "expected-fallback")
count = 0
with open(out_path, "w") as out:
    for name in sorted(f[:-6] for f in os.listdir(exp_dir) if f.endswith(".jsonl")):
        texts = {}
        for line in open(os.path.join(a.shared, "corpus", name + ".jsonl")):
            r = json.loads(line)
            texts[r["id"]] = r["text"]
        by_id = {}
        for line in open(os.path.join(exp_dir, name + ".jsonl")):
            r = json.loads(line)
            by_id.setdefault(r["id"], []).append(r)
        for index, (text_id, recs) in enumerate(by_id.items()):
            if index % a.step:
                continue
            lines = {str(r["width"]): r["lines"] for r in recs if r["unknown"] == 0}
            if not lines:
                continue
            first = recs[0]
            out.write(json.dumps({"file": name, "id": text_id, "font": first["font"], "face": first["face"],
                                  "fallback": first["fallback"], "language": first["language"],
                                  "size": first["size"], "lines": lines, "text": texts[text_id]},
                                 ensure_ascii=False) + "\n")
            count += 1
print(f"wrote {count} texts to {out_path}")
