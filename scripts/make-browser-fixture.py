#!/usr/bin/env python3
"""Writes Tests/AutoHeightTests/Fixtures/browser-agreement.jsonl: a fixed subset of
../shared/expected-browser (Chromium 156 <textarea> line counts, see its README) -- every
STEP-th text of each file in corpus order, plus the texts named by --include (the known
exceptions, so the test can name them) -- with the covered widths only, so the web-profile
agreement test needs nothing outside the repository.

One record per text: {"file", "id", "font", "language", "size", "lines": {"120": n, ...}, "text"}.
Usage: scripts/make-browser-fixture.py [--shared ../shared] [--step 3] [--include id,id]
"""
import argparse, json, os

ap = argparse.ArgumentParser()
here = os.path.dirname(os.path.abspath(__file__))
ap.add_argument("--shared", default=os.path.join(here, "..", "..", "shared"))
ap.add_argument("--step", type=int, default=3)
ap.add_argument("--include", default="")
a = ap.parse_args()
include = set(filter(None, a.include.split(",")))
exp_dir = os.path.join(a.shared, "expected-browser")
settings = json.load(open(os.path.join(exp_dir, "settings.json")))
out_path = os.path.join(here, "..", "Tests", "AutoHeightTests", "Fixtures", "browser-agreement.jsonl")
count = 0
with open(out_path, "w") as out:
    for file_name in sorted(settings["files"]):
        setting = settings["files"][file_name]
        name = file_name[:-6]
        texts = {}
        for line in open(os.path.join(a.shared, "corpus", file_name)):
            r = json.loads(line)
            texts[r["id"]] = r["text"]
        by_id = {}
        for line in open(os.path.join(exp_dir, file_name)):
            r = json.loads(line)
            by_id.setdefault(r["id"], []).append(r)
        for index, (text_id, recs) in enumerate(by_id.items()):
            if index % a.step and text_id not in include:
                continue
            lines = {str(r["width"]): r["lines"] for r in recs if r["covered"]}
            if not lines:
                continue
            out.write(json.dumps({"file": name, "id": text_id, "font": setting["font"],
                                  "language": setting["language"], "size": settings["size"],
                                  "lines": lines, "text": texts[text_id]}, ensure_ascii=False) + "\n")
            count += 1
print(f"wrote {count} texts to {out_path}")
