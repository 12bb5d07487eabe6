#!/usr/bin/env python3
"""Agreement of `autoheight measure` with the rich-text references (docs/rich-text.md).

usage: scripts/rich-agreement.py [--autoheight BIN] [--rich DIR] [--config web-fixed|web-normal|editor ...]

For each file of DIR/corpus (default ../shared/rich), measures the styled records at the
references' widths and counts the covered cases whose line count is equal and whose height is
within the tolerance (1/64 px against Chromium, 0.01 px against Pango), plain controls apart.
"""
import argparse, json, os, subprocess, sys

FAMILIES = {"en": "Noto Sans", "de": "Noto Sans", "ru": "Noto Sans", "vi": "Noto Sans",
            "ko": "Noto Sans CJK KR", "ja": "Noto Sans CJK JP", "ar": "Noto Sans Arabic"}
CONFIGS = {
    "web-fixed": (["--profile", "web", "--line-height", "20"], "expected-chromium-fixed", 1 / 64),
    "web-normal": (["--profile", "web", "--line-height", "normal"], "expected-chromium-normal", 1 / 64),
    "editor": (["--profile", "editor", "--line-height", "metrics"], "expected-pango", 0.01),
}

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--autoheight", default=".build/release/autoheight")
    parser.add_argument("--rich", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "rich"))
    parser.add_argument("--config", action="append", choices=sorted(CONFIGS))
    parser.add_argument("--show", type=int, default=0, help="print this many differing cases per file")
    args = parser.parse_args()
    for config in args.config or ["web-fixed", "web-normal", "editor"]:
        options, folder, tolerance = CONFIGS[config]
        print(f"## {config} vs {folder} (lines equal, height within {tolerance:g} px; covered cases)\n")
        print("| file | all | plain controls | styled | lines equal |")
        print("|---|---:|---:|---:|---:|")
        totals = [0] * 8
        for name in ["en", "de", "ru", "vi", "ko", "ja", "ar"]:
            corpus = os.path.join(args.rich, "corpus", f"{name}.jsonl")
            records = [json.loads(line) for line in open(corpus)]
            styled = {r["id"]: bool(r["runs"] or r["boxes"]) for r in records}
            expected = [json.loads(line) for line in open(os.path.join(args.rich, folder, f"{name}.jsonl"))]
            command = [args.autoheight, "measure", "--jsonl-input", corpus, "--font", FAMILIES[name],
                       "--font-size", "16", "--language", name, "--widths", "160,240,360,520", "-O", "jsonl"] + options
            run = subprocess.run(command, capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"{' '.join(command)}: exit {run.returncode}: {run.stderr.strip()}")
            got = {(r["id"], r["width"]): r for r in map(json.loads, run.stdout.splitlines())}
            counts = [0] * 8  # all ok/n, plain ok/n, styled ok/n, lines ok/n
            shown = 0
            for case in expected:
                if not case["covered"]:
                    continue
                mine = got[(case["id"], case["width"])]
                ok = mine["lines"] == case["lines"] and abs(mine["height"] - case["height"]) <= tolerance + 1e-9
                kind = 4 if styled[case["id"]] else 2
                counts[0] += ok; counts[1] += 1
                counts[kind] += ok; counts[kind + 1] += 1
                counts[6] += mine["lines"] == case["lines"]; counts[7] += 1
                if not ok and shown < args.show:
                    shown += 1
                    print(f"  {case['id']} @{case['width']}: lines {mine['lines']} vs {case['lines']}, "
                          f"height {mine['height']} vs {case['height']}", file=sys.stderr)
            totals = [a + b for a, b in zip(totals, counts)]
            print(row(name, counts))
        print(row("all", totals) + "\n")

def row(name, c):
    def cell(ok, n):
        return f"{ok}/{n} ({100 * ok / n:.1f} %)" if n else "–"
    return f"| {name} | {cell(c[0], c[1])} | {cell(c[2], c[3])} | {cell(c[4], c[5])} | {cell(c[6], c[7])} |"

if __name__ == "__main__":
    main()
