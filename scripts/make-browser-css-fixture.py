#!/usr/bin/env python3
"""Writes Tests/AutoHeightTests/Fixtures/browser-css.jsonl: line counts (and, for
`line-height: normal`, heights) of texts in headless Chromium with each CSS text property value
the web profile takes, next to the CLI options that ask AutoHeight for the same layout.

Each case lays out the same texts -- crafted ones that exercise the property, and every STEP-th
text (up to 1,500 characters) of ../shared/corpus/{en,de,ru,vi,ko}.jsonl (the project's corpus, font per language as in
../shared/expected-browser) -- at widths 120/200/320/560, 16 px, with
scripts/browser-oracle/measure.py (a <textarea>; a <div> for `white-space: normal`, because a
Chromium textarea keeps pre-wrap whatever its white-space). Only covered texts are kept (every
glyph drawn with the font). One record per text per case:
{"case", "css", "options", "font", "language", "widths", "lines", "heights"?, "text"}.

--corpus DIR takes the texts from DIR/{en,de,ru,vi,ko}.jsonl instead (no crafted ones), e.g.
texts from scripts/make-unseen-texts.py; write them with --out elsewhere than the fixture.

--check CLI instead compares an `autoheight` binary with an existing fixture (or --out file) and
prints the agreement per case (--mismatches lists the differing records).

Usage: scripts/make-browser-css-fixture.py [--shared ../shared] [--step 25] [--out FILE]
       scripts/make-browser-css-fixture.py --check .build/release/autoheight [--fixture FILE]
"""
import argparse, json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "browser-oracle"))
FONTS = os.path.join(HERE, "..", "Fonts")
FIXTURE = os.path.join(HERE, "..", "Tests", "AutoHeightTests", "Fixtures", "browser-css.jsonl")
WIDTHS = [120, 200, 320, 560]

# name, CSS declarations, CLI options, oracle method ("textarea" or "div"), line height
CASES = [
    ("pre-wrap", "", [], "textarea", "20"),
    ("white-space-normal", "white-space: normal", ["--white-space", "normal"], "div", "20"),
    ("white-space-break-spaces", "white-space: break-spaces", ["--white-space", "break-spaces"], "textarea", "20"),
    ("overflow-wrap-anywhere", "overflow-wrap: anywhere", ["--overflow-wrap", "anywhere"], "textarea", "20"),
    ("word-break-break-all", "word-break: break-all", ["--word-break", "break-all"], "textarea", "20"),
    ("word-break-keep-all", "word-break: keep-all", ["--word-break", "keep-all"], "textarea", "20"),
    ("line-break-loose", "line-break: loose", ["--line-break", "loose"], "textarea", "20"),
    ("line-break-normal", "line-break: normal", ["--line-break", "normal"], "textarea", "20"),
    ("line-break-strict", "line-break: strict", ["--line-break", "strict"], "textarea", "20"),
    ("line-break-anywhere", "line-break: anywhere", ["--line-break", "anywhere"], "textarea", "20"),
    ("tab-size-2", "tab-size: 2", ["--tab-size", "2"], "textarea", "20"),
    ("tab-size-0", "tab-size: 0", ["--tab-size", "0"], "textarea", "20"),
    ("tab-size-30px", "tab-size: 30px", ["--tab-size", "30px"], "textarea", "20"),
    ("line-height-normal", "", ["--line-height", "normal"], "textarea", "normal"),
]

CRAFTED = {
    "latin": [
        "aaaa     bbbb cccc      dddd eeee",
        "word\t\ttab\tstops\tx\ty and\tmore\ttabs here",
        "   leading spaces then words and trailing spaces      ",
        "line one\nline two  \n  line three\n",
        "a  \n  b\r\nc\t\n\td",
        "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen ist lang",
        "https://example.com/a/very/long/path/segment?with=query&and=more#fragment",
        "supercalifragilisticexpialidocious! (parenthesised)-dash—emdash «quotes» 1003.1-2001",
        "col1\tcol2\tcol3\tcol4\tcol5\tcol6\tcol7",
        "\t\tindented by two tabs, then text that wraps around the box",
        "x                                                            y",
        "",
        "\n\n",
    ],
    "ko": [
        "안녕하세요 반갑습니다 (테스트) “인용” 문장입니다. 한국어 텍스트를 줄바꿈합니다.",
        "대한민국의수도는서울특별시이며가장큰도시이기도합니다",
        "파일을 열 수 없습니다: 권한이 거부되었습니다\t(오류 13)",
    ],
}

FILES = [("en", "NotoSans-Regular.ttf", "latin"), ("de", "NotoSans-Regular.ttf", "latin"),
         ("ru", "NotoSans-Regular.ttf", "latin"), ("vi", "NotoSans-Regular.ttf", "latin"),
         ("ko", "NanumGothic.ttf", "ko")]


def corpus_texts(directory, name, step):
    texts = []
    for index, line in enumerate(open(os.path.join(directory, name + ".jsonl"), encoding="utf-8")):
        text = json.loads(line)["text"]
        if index % step == 0 and len(text) <= 1500:  # keeps the fixture small
            texts.append(text)
    return texts


def make(a):
    from measure import Oracle
    out = open(a.out or FIXTURE, "w", encoding="utf-8")
    count = 0
    for name, font_file, crafted in FILES:
        crafted_texts = CRAFTED[crafted] if name in ("en", "ko") and not a.corpus else []
        texts = crafted_texts + corpus_texts(a.corpus or os.path.join(a.shared, "corpus"), name, a.step)
        font = os.path.join(FONTS, font_file)
        for case, css, options, method, line_height in CASES:
            if a.cases and case not in a.cases.split(","):
                continue
            lh = line_height if line_height == "normal" else float(line_height)
            oracle = Oracle(font, 16, name, lh, None, css)
            try:
                results = []
                for start in range(0, len(texts), 40):
                    results += oracle.measure(texts[start:start + 40], WIDTHS, method)
                for text, result in zip(texts, results):
                    if not oracle.covered(text):
                        continue
                    record = {"case": case, "css": css, "options": options, "font": font_file,
                              "language": name, "widths": WIDTHS}
                    if line_height == "normal":
                        record["lines"] = [r[0] for r in result["lines"]]
                        record["heights"] = [r[1] for r in result["lines"]]
                    else:
                        record["lines"] = result["lines"]
                    record["text"] = text
                    out.write(json.dumps(record, ensure_ascii=False) + "\n")
                    count += 1
            finally:
                oracle.close()
            print(f"{name} {case}: done", file=sys.stderr)
    out.close()
    print(f"wrote {count} records", file=sys.stderr)


def check(a):
    records = [json.loads(l) for l in open(a.fixture or a.out or FIXTURE, encoding="utf-8")]
    groups = {}
    for index, r in enumerate(records):
        key = (r["case"], r["font"], r["language"], tuple(r["options"]))
        groups.setdefault(key, []).append(index)
    per_case = {}
    mismatches = open(a.mismatches, "w", encoding="utf-8") if a.mismatches else None
    for (case, font, language, options), indices in groups.items():
        inp = "".join(json.dumps({"id": str(i), "text": records[i]["text"]}) + "\n" for i in indices)
        cmd = [a.check, "measure", "--jsonl-input", "-", "--font-size", "16", "--language", language,
               "--widths", ",".join(map(str, WIDTHS)), "--font-file", os.path.join(FONTS, font),
               "--fallback", "none", "--profile", "web", "-O", "jsonl"] + list(options)
        res = subprocess.run(cmd, input=inp, capture_output=True, text=True)
        if res.returncode != 0:
            sys.exit(f"{case}: CLI failed: {res.stderr.strip()}")
        ours = {}
        for line in res.stdout.splitlines():
            r = json.loads(line)
            ours[(r["id"], r["width"])] = (r["lines"], r["height"])
        ok, total = per_case.get(case, (0, 0))
        for i in indices:
            r = records[i]
            for k, width in enumerate(r["widths"]):
                lines, height = ours[(str(i), float(width))]
                same = lines == r["lines"][k] and ("heights" not in r or height == r["heights"][k])
                ok += same
                total += 1
                if not same and mismatches:
                    mismatches.write(json.dumps({"case": case, "language": language, "width": width,
                                                 "chromium": [r["lines"][k], r.get("heights", [None] * 4)[k]],
                                                 "ours": [lines, height], "text": r["text"]},
                                                ensure_ascii=False) + "\n")
        per_case[case] = (ok, total)
    print("| case | cases | agree | % |\n|---|---|---|---|")
    for case, (ok, total) in per_case.items():
        print(f"| {case} | {total} | {ok} | {100.0 * ok / total:.2f} |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.path.join(HERE, "..", "..", "shared"))
    ap.add_argument("--step", type=int, default=25)
    ap.add_argument("--out")
    ap.add_argument("--corpus", help="other texts: a directory of LANG.jsonl (e.g. from make-unseen-texts.py)")
    ap.add_argument("--cases", help="comma-separated case names (default: all)")
    ap.add_argument("--check", metavar="CLI")
    ap.add_argument("--fixture")
    ap.add_argument("--mismatches")
    a = ap.parse_args()
    check(a) if a.check else make(a)


main()
