#!/usr/bin/env python3
"""Agreement of `autoheight measure` with a browser <textarea>'s line counts (Chromium, or --engine firefox|webkit).

For every file of ../shared/expected-browser (made by ../shared/tools/browser-oracle/measure.py:
16 px, widths 120-560, white-space: pre-wrap; overflow-wrap: break-word), runs the CLI over the
matching ../shared/corpus file with the font, face and language settings.json names, once per
profile (default: editor and web), and compares line counts on the `covered` cases (Chromium drew
every glyph with that font). Prints a per-file table; --mismatches FILE writes every disagreeing
case of the last profile (file, id, width, Chromium, AutoHeight, text).

--expected DIR --corpus DIR compare other texts (scripts/make-unseen-texts.py, measured with
scripts/browser-oracle/measure.py; DIR/settings.json as in expected-browser).

Usage: scripts/browser-agreement.py [--shared ../shared] [--cli .build/release/autoheight]
       [--profiles editor,web] [--mismatches out.jsonl] [FILE ...]
"""
import argparse, json, os, subprocess, sys

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.path.join(here, "..", "..", "shared"))
    ap.add_argument("--cli", default=os.path.join(here, "..", ".build", "release", "autoheight"))
    ap.add_argument("--fonts", default=os.path.join(here, "..", "Fonts"))
    ap.add_argument("--engine", default="chromium", choices=["chromium", "firefox", "webkit"],
                    help="whose counts (SHARED/expected-browser, expected-firefox, expected-webkit); "
                         "the web profile runs with --browser ENGINE")
    ap.add_argument("--profiles", default="editor,web")
    ap.add_argument("--extra", default="", help="extra CLI arguments")
    ap.add_argument("--mismatches")
    ap.add_argument("--expected", help="directory of Chromium counts and settings.json (default SHARED/expected-browser)")
    ap.add_argument("--corpus", help="directory of the texts (default SHARED/corpus)")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    folders = {"chromium": "expected-browser", "firefox": "expected-firefox", "webkit": "expected-webkit"}
    exp_dir = a.expected or os.path.join(a.shared, folders[a.engine])
    corpus_dir = a.corpus or os.path.join(a.shared, "corpus")
    settings = json.load(open(os.path.join(exp_dir, "settings.json")))
    names = a.files or sorted(f[:-6] for f in settings["files"])
    profiles = a.profiles.split(",")
    out_mis = open(a.mismatches, "w") if a.mismatches else None
    totals = {p: [0, 0] for p in profiles}
    print("| file | font | cases (covered) | " + " | ".join(f"{p}: agree | {p} %" for p in profiles) + " |")
    print("|---|---|---|" + "---|---|" * len(profiles))
    for name in names:
        setting = settings["files"][name + ".jsonl"]
        recs = [json.loads(l) for l in open(os.path.join(exp_dir, name + ".jsonl"))]
        recs = [r for r in recs if r["covered"]]
        texts = {}
        for l in open(os.path.join(corpus_dir, name + ".jsonl")):
            r = json.loads(l)
            texts[r["id"]] = r["text"]
        ids = list(dict.fromkeys(r["id"] for r in recs))
        inp = "".join(json.dumps({"id": i, "text": texts[i]}) + "\n" for i in ids)
        font = os.path.join(a.fonts, setting["font"])
        row = []
        for profile in profiles:
            cmd = [a.cli, "measure", "--jsonl-input", "-", "--font-size", str(settings["size"]),
                   "--language", setting["language"], "--widths", ",".join(str(w) for w in settings["widths"]),
                   "--font-file", font, "--face", str(setting["face"]), "--fallback", "none",
                   "--profile", profile, "-O", "jsonl"] + a.extra.split()
            if profile == "web":
                cmd += ["--browser", a.engine]
            res = subprocess.run(cmd, input=inp, capture_output=True, text=True)
            if res.returncode != 0:
                sys.exit(f"{name}: CLI failed: {res.stderr.strip()}")
            ours = {}
            for l in res.stdout.splitlines():
                r = json.loads(l)
                ours[(r["id"], r["width"])] = r["lines"]
            ok = 0
            for r in recs:
                mine = ours[(r["id"], float(r["width"]))] if (r["id"], float(r["width"])) in ours else ours[(r["id"], r["width"])]
                if mine == r["lines"]:
                    ok += 1
                elif out_mis and profile == profiles[-1]:
                    out_mis.write(json.dumps({"file": name, "id": r["id"], "width": r["width"], a.engine: r["lines"],
                                              "ours": mine, "text": texts[r["id"]]}, ensure_ascii=False) + "\n")
            totals[profile][0] += ok
            totals[profile][1] += len(recs)
            row.append(f"{ok} | {100.0 * ok / max(len(recs), 1):.2f}")
        print(f"| {name} | {setting['font']} | {len(recs)} | " + " | ".join(row) + " |")
    print("| **all** | | " + str(totals[profiles[0]][1]) + " | " + " | ".join(
        f"{ok} | {100.0 * ok / max(n, 1):.2f}" for ok, n in totals.values()) + " |")

main()
