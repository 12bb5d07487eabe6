#!/usr/bin/env python3
"""Agreement of `autoheight measure` with Pango's line counts.

For every file of ../shared/expected (or --expected-dir DIR), runs the CLI over the matching
corpus file with the same font, face, language, size and widths, and compares line counts on the
cases where Pango had no missing glyph (`unknown == 0`). Prints a per-file table; --mismatches
FILE writes every disagreeing case (id, width, Pango, AutoHeight, text) for inspection.

Records whose `fallback` is "none" are measured with `--fallback none` (the one font only);
others (expected-fallback/) with `--fallback system`, with fontconfig restricted to the font
packages the reference was made with (REFERENCE_PACKAGES, found with dpkg), so that other fonts
installed here (fonts-nanum, say) cannot change the fallback order; --all-system-fonts turns
that off.

Usage: scripts/pango-agreement.py [--shared ../shared] [--cli .build/release/autoheight]
       [--expected-dir expected|expected-fallback] [--pango-rules] [--mismatches out.jsonl]
       [--all-system-fonts] [FILE ...]
"""
import argparse, json, os, subprocess, sys, collections, tempfile

# The Debian font packages installed when ../shared/expected-fallback was made (its README).
REFERENCE_PACKAGES = ["fonts-dejavu-core", "fonts-dejavu-extra", "fonts-noto-core", "fonts-noto-cjk",
                      "fonts-noto-color-emoji"]
FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc")

def reference_fontconfig():
    """A fonts.conf that includes the system's and accepts only the folders holding the
    reference packages' font files. Returns its path."""
    folders = set()
    for package in REFERENCE_PACKAGES:
        out = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True)
        if out.returncode != 0:
            print(f"warning: {package} is not installed; fallback results will differ", file=sys.stderr)
            continue
        for line in out.stdout.splitlines():
            if line.lower().endswith(FONT_SUFFIXES):
                folders.add(os.path.dirname(line))
    # fontconfig applies the globs to the folders it scans too: accept the folders on the way.
    ancestors = {os.path.dirname(d) for d in folders}
    while any(p not in ("/", "") and os.path.dirname(p) not in ancestors for p in ancestors):
        ancestors |= {os.path.dirname(p) for p in ancestors if p not in ("/", "")}
    globs = "".join(f"<glob>{d}</glob>" for d in sorted(ancestors | folders) if d not in ("/", ""))
    globs += "".join(f"<glob>{d}/*</glob>" for d in sorted(folders))
    conf = tempfile.NamedTemporaryFile("w", suffix=".conf", prefix="autoheight-reference-", delete=False)
    conf.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
               '<fontconfig><include ignore_missing="no">/etc/fonts/fonts.conf</include>'
               f'<selectfont><rejectfont><glob>*</glob></rejectfont><acceptfont>{globs}</acceptfont>'
               '</selectfont></fontconfig>\n')
    conf.close()
    return conf.name

FONT_DIRS = ["/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto",
             "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype"]

def find_font(name):
    for d in FONT_DIRS:
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    out = subprocess.run(["fc-list", "--format", "%{file}\n"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.endswith("/" + name):
            return line
    sys.exit(f"font {name} not found: apt-get install fonts-noto-core fonts-noto-cjk")

def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--shared", default=os.path.join(here, "..", "..", "shared"))
    ap.add_argument("--cli", default=os.path.join(here, "..", ".build", "release", "autoheight"))
    ap.add_argument("--expected-dir", default="expected")
    ap.add_argument("--extra", default="", help="extra CLI arguments")
    ap.add_argument("--pango-rules", action="store_true",
                    help="measure under Pango's rules: --trailing-whitespace pango and strict line breaking (-u-lb-strict)")
    ap.add_argument("--mismatches")
    ap.add_argument("--all-system-fonts", action="store_true",
                    help="fallback over every installed font, not only the reference packages'")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    exp_dir = os.path.join(a.shared, a.expected_dir)
    names = a.files or sorted(f[:-6] for f in os.listdir(exp_dir) if f.endswith(".jsonl"))
    out_mis = open(a.mismatches, "w") if a.mismatches else None
    total_ok = total_n = 0
    env = dict(os.environ)
    reference_conf = None
    print(f"| file | font | agree / cases (no missing glyph) | % | missing-glyph cases skipped |")
    print("|---|---|---|---|---|")
    for name in names:
        recs = [json.loads(l) for l in open(os.path.join(exp_dir, name + ".jsonl"))]
        texts = {}
        for l in open(os.path.join(a.shared, "corpus", name + ".jsonl")):
            r = json.loads(l)
            texts[r["id"]] = r["text"]
        first = recs[0]
        widths = sorted({r["width"] for r in recs})
        ids = list(dict.fromkeys(r["id"] for r in recs))
        inp = "".join(json.dumps({"id": i, "text": texts[i]}) + "\n" for i in ids)
        cmd = [a.cli, "measure", "--jsonl-input", "-", "--font-size", str(first["size"]),
               "--language", first["language"] + ("-u-lb-strict" if a.pango_rules else ""), "--widths", ",".join(str(w) for w in widths), "-O", "jsonl"]
        if first.get("fallback", "none") == "none":
            cmd += ["--font-file", find_font(first["font"]), "--face", str(first["face"]), "--fallback", "none"]
        else:
            cmd += ["--font-file", find_font(first["font"]), "--face", str(first["face"]), "--fallback", "system"]
            if not a.all_system_fonts and reference_conf is None:
                reference_conf = reference_fontconfig()
                env["FONTCONFIG_FILE"] = reference_conf
        if a.pango_rules:
            cmd += ["--trailing-whitespace", "pango"]
        cmd += a.extra.split()
        res = subprocess.run(cmd, input=inp, capture_output=True, text=True, env=env)
        if res.returncode != 0:
            sys.exit(f"{name}: CLI failed: {res.stderr.strip()}")
        ours = {}
        for l in res.stdout.splitlines():
            r = json.loads(l)
            ours[(r["id"], r["width"])] = r
        ok = n = skipped = 0
        for r in recs:
            if r["unknown"] > 0:
                skipped += 1
                continue
            o = ours[(r["id"], r["width"])]
            n += 1
            if o["lines"] == r["lines"]:
                ok += 1
            elif out_mis:
                out_mis.write(json.dumps({"file": name, "id": r["id"], "width": r["width"], "pango": r["lines"],
                                          "ours": o["lines"], "text": texts[r["id"]]}, ensure_ascii=False) + "\n")
        total_ok += ok; total_n += n
        pct = 100.0 * ok / n if n else 100.0
        print(f"| {name} | {first['font']}:{first['face']} | {ok} / {n} | {pct:.2f} | {skipped} |")
    print(f"| **all** | | {total_ok} / {total_n} | {100.0*total_ok/max(total_n,1):.2f} | |")
    if reference_conf:
        os.unlink(reference_conf)

main()
