#!/usr/bin/env python3
"""Writes Tests/AutoHeightTests/Fixtures/browser-agreement.jsonl: a fixed subset of
../shared/expected-browser (Chromium 156 <textarea> line counts, see its README) -- every
STEP-th text of each file in corpus order, plus the texts named by --include (the known
exceptions, so the test can name them) -- with the covered widths only, so the web-profile
agreement test needs nothing outside the repository.

--engine firefox|webkit writes browser-agreement-ENGINE.jsonl from ../shared/expected-firefox or
expected-webkit instead, and also keeps every text whose count differs from Chromium's at a
covered width (each rule that tells the engines apart keeps its cases in the fixture).

One record per text: {"file", "id", "font", "language", "size", "lines": {"120": n, ...}, "text"}.
Usage: scripts/make-browser-fixture.py [--shared ../shared] [--step 3] [--include id,id]
       [--engine chromium|firefox|webkit]
"""
import argparse, json, os

ap = argparse.ArgumentParser()
here = os.path.dirname(os.path.abspath(__file__))
ap.add_argument("--shared", default=os.path.join(here, "..", "..", "shared"))
ap.add_argument("--step", type=int, default=3)
ap.add_argument("--include", default="")
ap.add_argument("--engine", default="chromium", choices=["chromium", "firefox", "webkit"])
a = ap.parse_args()
include = set(filter(None, a.include.split(",")))
folders = {"chromium": "expected-browser", "firefox": "expected-firefox", "webkit": "expected-webkit"}
exp_dir = os.path.join(a.shared, folders[a.engine])
settings = json.load(open(os.path.join(exp_dir, "settings.json")))
suffix = "" if a.engine == "chromium" else "-" + a.engine
out_path = os.path.join(here, "..", "Tests", "AutoHeightTests", "Fixtures", f"browser-agreement{suffix}.jsonl")
if a.engine != "chromium":
    for file_name in settings["files"]:
        chromium = {}
        for line in open(os.path.join(a.shared, "expected-browser", file_name)):
            r = json.loads(line)
            chromium[(r["id"], r["width"])] = r["lines"]
        for line in open(os.path.join(exp_dir, file_name)):
            r = json.loads(line)
            if r["covered"] and chromium.get((r["id"], r["width"])) != r["lines"]:
                include.add(r["id"])
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
