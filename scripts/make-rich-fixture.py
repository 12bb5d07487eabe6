#!/usr/bin/env python3
"""Writes Tests/AutoHeightTests/Fixtures/rich-agreement.jsonl from the rich-text dev set.

usage: scripts/make-rich-fixture.py [--rich ../shared/rich] [--step 2]

One line per text (every `step`-th of each file): {"file", "family", "id", "text", "runs",
"boxes", "cases": {"web-fixed": {width: [lines, height]}, "web-normal": …, "editor": …}},
with only the widths where the reference drew every glyph in the faces asked for (covered).
"""
import argparse, json, os

FAMILIES = {"en": "Noto Sans", "de": "Noto Sans", "ru": "Noto Sans", "vi": "Noto Sans",
            "ko": "Noto Sans CJK KR", "ja": "Noto Sans CJK JP", "ar": "Noto Sans Arabic"}
FOLDERS = {"web-fixed": "expected-chromium-fixed", "web-normal": "expected-chromium-normal",
           "editor": "expected-pango"}

parser = argparse.ArgumentParser()
parser.add_argument("--rich", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "rich"))
parser.add_argument("--step", type=int, default=2)
args = parser.parse_args()
out = os.path.join(os.path.dirname(__file__), "..", "Tests", "AutoHeightTests", "Fixtures", "rich-agreement.jsonl")
with open(out, "w") as sink:
    for name in FAMILIES:
        records = [json.loads(l) for l in open(os.path.join(args.rich, "corpus", f"{name}.jsonl"))]
        cases = {}
        for config, folder in FOLDERS.items():
            for line in open(os.path.join(args.rich, folder, f"{name}.jsonl")):
                case = json.loads(line)
                if case["covered"]:
                    cases.setdefault(case["id"], {}).setdefault(config, {})[str(case["width"])] = [
                        case["lines"], case["height"]]
        for record in records[:: args.step]:
            if record["id"] not in cases:
                continue
            sink.write(json.dumps({"file": name, "family": FAMILIES[name], "id": record["id"],
                                   "text": record["text"], "runs": record["runs"], "boxes": record["boxes"],
                                   "cases": cases[record["id"]]}, ensure_ascii=False) + "\n")
print(out)
