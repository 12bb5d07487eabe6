#!/usr/bin/env python3
"""What the web profile costs: `autoheight bench` with --profile editor and --profile web,
alternated RUNS times in one session (the machine's load drifts; alternating exposes both
profiles to the same drift), best of the runs per profile and scenario, and web / editor.

Usage: scripts/bench-profiles.py [--runs 7] [--cli .build/release/autoheight] [-- BENCH ARGS...]
Default bench arguments: `make compare`'s texts and font (../shared/tools/oracle/samples/
corpus200.jsonl, Noto Sans CJK face 1, 16 px, widths 120,240,360, --repeat 5).
"""
import argparse, json, os, subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIOS = ["coldNsPerMeasure", "warmNsPerMeasure", "rewrapNsPerMeasure", "keystrokeNs", "documentColdNs"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--cli", default=os.path.join(HERE, "..", ".build", "release", "autoheight"))
    ap.add_argument("bench", nargs="*")
    a = ap.parse_args()
    bench = a.bench or [
        "--jsonl-input", os.path.join(HERE, "..", "..", "shared", "tools", "oracle", "samples", "corpus200.jsonl"),
        "--font-file", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "--face", "1",
        "--font-size", "16", "--widths", "120,240,360", "--repeat", "5"]
    best = {"editor": {}, "web": {}}
    for run in range(a.runs):
        for profile in (["editor", "web"] if run % 2 == 0 else ["web", "editor"]):
            out = subprocess.run([a.cli, "bench", "--profile", profile] + bench, capture_output=True, text=True,
                                 check=True).stdout
            numbers = json.loads(out.strip().splitlines()[-1])
            for key in SCENARIOS:
                if key in numbers:
                    best[profile][key] = min(best[profile].get(key, float("inf")), numbers[key])
    print(f"| scenario | editor (best of {a.runs}) | web (best of {a.runs}) | web / editor |")
    print("|---|---|---|---|")
    for key in SCENARIOS:
        if key in best["editor"]:
            e, w = best["editor"][key], best["web"][key]
            print(f"| {key} | {e:,.0f} ns | {w:,.0f} ns | {w / e:.3f} |")


main()
