#!/usr/bin/env python3
"""Writes the Pango agreement fixtures: a fixed, systematic subset of ../shared/expected (or
../shared/expected-fallback) — every STEP-th text of each file, in corpus order — with Pango's
line counts, so the agreement tests need nothing outside the repository.

  --expected-dir expected           -> Tests/AutoHeightTests/Fixtures/pango-agreement.jsonl
  --expected-dir expected-fallback  -> Tests/AutoHeightTests/Fixtures/pango-fallback-agreement.jsonl

One record per text: {"file", "id", "font", "face", ["fallback",] "language", "size",
"lines": {"120": n, ...}, "text"} ("fallback" only for expected-fallback); widths where Pango
hit a missing glyph are left out, and so are texts left with no width.
Usage: scripts/make-pango-fixture.py [--shared ../shared] [--expected-dir expected] [--step 4]
"""
import argparse, json, os

OUTPUTS = {"expected": "pango-agreement.jsonl", "expected-fallback": "pango-fallback-agreement.jsonl"}

ap = argparse.ArgumentParser()
here = os.path.dirname(os.path.abspath(__file__))
ap.add_argument("--shared", default=os.path.join(here, "..", "..", "shared"))
ap.add_argument("--expected-dir", default="expected", choices=sorted(OUTPUTS))
ap.add_argument("--step", type=int, default=4)
a = ap.parse_args()
out_path = os.path.join(here, "..", "Tests", "AutoHeightTests", "Fixtures", OUTPUTS[a.expected_dir])
exp_dir = os.path.join(a.shared, a.expected_dir)
with_fallback = a.expected_dir == "expected-fallback"
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
            record = {"file": name, "id": text_id, "font": first["font"], "face": first["face"]}
            if with_fallback:
                record["fallback"] = first["fallback"]
            record.update({"language": first["language"], "size": first["size"], "lines": lines,
                           "text": texts[text_id]})
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
            count += 1
print(f"wrote {count} texts to {out_path}")
