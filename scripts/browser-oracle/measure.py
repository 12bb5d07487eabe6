#!/usr/bin/env python3
"""Browser oracle: line counts of texts in a real Chromium <textarea> (an auto-growing editor).

AutoHeight's copy of ../shared/tools/browser-oracle/measure.py, extended to lay out with other
CSS text properties than the textarea defaults: --css 'white-space: normal; tab-size: 4' is
appended to the editor's style (pre-wrap, break-word, ... stay the defaults it overrides), and
--line-height normal measures with CSS line-height: normal, adding "height" (the textarea's
scrollHeight in px) to each record; lines are then counted from the <div>'s line boxes.

For every text of a JSONL corpus ({"id", "text", ...} per line) and every width, the text is
put into a <textarea rows=1> with a fixed line-height, no padding, no border and overflow
hidden, styled as the editor under test (white-space: pre-wrap; overflow-wrap: break-word;
word-break: normal; line-break: auto; tab-size: 8), in the font loaded by @font-face from a
file:// URL, and lines = round(scrollHeight / line-height). A textarea is the editor itself:
its value setter turns CR LF and CR into LF, an empty value still shows the caret line and a
final LF adds a line, exactly what an auto-growing editor must be tall enough for.
(`--method div` lays out the same text in a <div> instead and adds the caret line a div does not
draw after a final LF; kept to cross-check the textarea.)

`covered` is false when Chromium drew any glyph of the text with a font other than the given
one (CSS.getPlatformFontsForNode on a <div> holding the text; system fallback fonts have other
metrics): leave such cases out of an agreement figure.

Output: one JSON object per text per width, in corpus order: {"id", "width", "lines", "covered"}
(with --line-ranges also "lineRanges": [[start, end], ...] in UTF-16 offsets of the LF-normalised
text, from Range.getClientRects on the <div> layout; for diagnosis).

Usage:
  measure.py --corpus en.jsonl --font NotoSans-Regular.ttf --language en \
      --widths 120,200,320,560 [--size 16] [--line-height 20] [--out FILE] [--ids a,b]
Needs Debian's `chromium` (headless, --font-render-hinting=none: unhinted fractional advances).
"""
import argparse, json, os, pathlib, shutil, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from cdp import Chromium  # noqa: E402

PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><style>
@font-face {{ font-family: "OracleFont"; src: url("{font_url}"); font-display: block; }}
html, body {{ margin: 0; padding: 0; }}
.editor {{
  display: block; box-sizing: content-box; margin: 0; padding: 0; border: 0; outline: 0;
  font-family: "OracleFont"; font-size: {size}px; line-height: {line_height_css};
  font-kerning: normal; font-variant-ligatures: normal; font-synthesis: none;
  letter-spacing: normal; word-spacing: normal; text-indent: 0; text-transform: none;
  white-space: pre-wrap; overflow-wrap: break-word; word-break: normal; line-break: auto;
  hyphens: manual; tab-size: 8; text-align: start; text-rendering: auto;
  overflow: hidden; resize: none; width: 100px;
  {css}
}}
textarea.editor {{ height: {textarea_height}; }}
div.editor {{ height: auto; }}
</style></head><body>
<textarea id="ta" class="editor" rows="1" wrap="soft" spellcheck="false" lang="{lang}" dir="auto"></textarea>
<div id="div" class="editor" lang="{lang}" dir="auto"></div>
<span id="span" class="editor" lang="{lang}" style="display: inline; white-space: pre; width: auto"></span>
</body></html>
"""

SCRIPT = r"""
window.oracle = {
  lineHeight: %(line_height)s,
  normalHeight: %(normal)s,
  ta: document.getElementById('ta'),
  div: document.getElementById('div'),
  textareaLines(width) {
    this.ta.style.width = width + 'px';
    if (this.normalHeight) return this.ta.scrollHeight;
    return Math.round(this.ta.scrollHeight / this.lineHeight);
  },
  divBoxLines(text, width) {
    // line-height: normal: count the div's line boxes (distinct tops of its line rects)
    this.div.style.width = width + 'px';
    this.div.textContent = text;
    if (text.length === 0) return 1;
    const range = document.createRange();
    range.selectNodeContents(this.div);
    const tops = new Set();
    for (const r of range.getClientRects()) if (r.width > 0 || r.height > 0) tops.add(Math.round(r.top * 64));
    let lines = Math.max(tops.size, 1);
    if (text.endsWith('\n')) lines += 1;
    return lines;
  },
  divLines(text, width) {
    this.div.style.width = width + 'px';
    if (this.normalHeight) return [this.divBoxLines(text, width), this.div.getBoundingClientRect().height];
    let lines = Math.round(this.div.getBoundingClientRect().height / this.lineHeight);
    if (text.length === 0) return 1;              // the caret line of an empty editor
    // a div draws no line after a final LF (where line feeds collapse, there is none to draw)
    if (text.endsWith('\n') && getComputedStyle(this.div).whiteSpaceCollapse !== 'collapse') lines += 1;
    if (lines === 0) return 1;                    // only collapsed white space: the caret line
    return lines;
  },
  lineRanges(text, width) {
    // UTF-16 ranges of the div's line boxes: each code point goes to the line its rect is on.
    const div = this.div;
    div.style.width = width + 'px';
    div.textContent = text;
    const node = div.firstChild;
    if (!node) return [[0, 0]];
    const top = div.getBoundingClientRect().top;
    const range = document.createRange();
    const lines = new Map();
    for (let i = 0; i < text.length; ) {
      const cp = text.codePointAt(i);
      const len = cp > 0xffff ? 2 : 1;
      if (text[i] !== '\n') {
        range.setStart(node, i); range.setEnd(node, i + len);
        const rects = range.getClientRects();
        if (rects.length > 0) {
          const r = rects[rects.length - 1];
          const line = Math.floor((r.top + r.height / 2 - top) / this.lineHeight);
          const cur = lines.get(line);
          if (cur) { cur[0] = Math.min(cur[0], i); cur[1] = Math.max(cur[1], i + len); }
          else lines.set(line, [i, i + len]);
        }
      }
      i += len;
    }
    return [...lines.entries()].sort((a, b) => a[0] - b[0]).map(e => [e[0], e[1][0], e[1][1]]);
  },
  width(text) {
    // advance width of a text in one line (white-space: pre), in px
    const span = document.getElementById('span');
    span.textContent = text;
    return span.getBoundingClientRect().width;
  },
  run(texts, widths, method, withRanges) {
    const out = [];
    for (const raw of texts) {
      const text = raw.replace(/\r\n?/g, '\n');   // what a textarea's value setter does
      const row = [];
      if (method === 'textarea') {
        this.ta.value = text;
        for (const w of widths) row.push(this.textareaLines(w));
        if (this.normalHeight) {
          const heights = row.splice(0);
          for (const [i, w] of widths.entries()) row.push([this.divBoxLines(text, w), heights[i]]);
        }
      } else {
        this.div.textContent = text;
        for (const w of widths) row.push(this.divLines(text, w));
      }
      const ranges = withRanges ? widths.map(w => this.lineRanges(text, w)) : null;
      out.push({lines: row, ranges: ranges});
    }
    return out;
  },
};
true
"""


def read_corpus(path, ids=None):
    with open(path, encoding="utf-8", newline="") as f:
        for number, line in enumerate(f, 1):
            if line.endswith("\n"):
                line = line[:-1]
            if not line.strip():
                continue
            record = json.loads(line)
            if ids is None or record["id"] in ids:
                yield record


# Visual TrueType source tables: read by no rasterizer or shaper, but Chromium's font sanitizer
# (OTS) rejects the whole font when one is malformed (NanumGothic.ttf: "TSI3: zero-length table").
VTT_SOURCE_TABLES = {"TSI0", "TSI1", "TSI2", "TSI3", "TSI5", "TSIB", "TSIC", "TSID", "TSIJ",
                     "TSIP", "TSIS", "TSIV"}


def web_font(font, directory):
    """The font file itself, or a copy without VTT source tables (every other table byte-exact)."""
    from fontTools.ttLib import TTFont
    source = TTFont(font, lazy=True, recalcBBoxes=False, recalcTimestamp=False)
    dropped = sorted(VTT_SOURCE_TABLES & set(source.keys()))
    if not dropped:
        return font
    for tag in dropped:
        del source[tag]
    copy = os.path.join(directory, "webfont-" + os.path.basename(font))
    source.save(copy)
    check = TTFont(copy, lazy=True)
    original = TTFont(font, lazy=True)
    for tag in check.reader.keys():  # only head's checksum adjustment may change
        if tag != "head" and check.reader[tag] != original.reader[tag]:
            raise SystemExit(f"copying {font} without {dropped} changed table {tag}")
    print(f"note: {os.path.basename(font)}: Chromium gets a copy without the VTT source tables "
          f"{' '.join(dropped)} (all other tables unchanged)", file=sys.stderr)
    return copy


class Oracle:
    def __init__(self, font, size, language, line_height, chromium=None, css=""):
        normal = line_height == "normal"
        self.browser = Chromium(chromium)
        self.version = self.browser.version["product"]
        self.dir = tempfile.mkdtemp(prefix="browser-oracle-page-")
        font = web_font(font, self.dir)
        page = pathlib.Path(self.dir, "oracle.html")
        page.write_text(PAGE.format(lang=language, font_url=pathlib.Path(font).resolve().as_uri(),
                                    size=size, line_height=line_height, css=css,
                                    line_height_css="normal" if normal else f"{line_height}px",
                                    textarea_height="auto" if normal else f"{line_height}px"),
                            encoding="utf-8")
        self.browser.navigate(page.as_uri())
        loaded = self.browser.evaluate(
            f"document.fonts.load('{size}px OracleFont').then(f => f.length, e => String(e))")
        if loaded != 1:
            self.browser.evaluate("1")  # collect pending console messages
            self.browser.close()
            shutil.rmtree(self.dir, ignore_errors=True)
            raise SystemExit(f"Chromium could not load {font} through @font-face: {loaded}; "
                             + " | ".join(self.browser.console))
        self.browser.evaluate(SCRIPT % {"line_height": 0 if normal else line_height,
                                       "normal": "true" if normal else "false"})
        self.browser.call("DOM.enable")
        self.browser.call("CSS.enable")
        root = self.browser.call("DOM.getDocument", depth=-1)["root"]
        self.div_node = self.browser.call("DOM.querySelector", nodeId=root["nodeId"],
                                          selector="#div")["nodeId"]

    def fonts_used(self, text):
        """Platform fonts Chromium used for the text laid out in the <div>."""
        self.browser.evaluate("document.getElementById('div').textContent = %s; "
                              "document.getElementById('div').getBoundingClientRect().height"
                              % json.dumps(text.replace("\r\n", "\n").replace("\r", "\n")))
        fonts = self.browser.call("CSS.getPlatformFontsForNode", nodeId=self.div_node)["fonts"]
        return fonts

    def covered(self, text):
        # the page's only web font is the oracle font; any platform font is a fallback
        return all(f.get("isCustomFont") for f in self.fonts_used(text))

    def measure(self, texts, widths, method="textarea", ranges=False):
        return self.browser.evaluate("oracle.run(%s, %s, %s, %s)" % (
            json.dumps(texts), json.dumps(widths), json.dumps(method), json.dumps(ranges)))

    def width(self, text):
        return self.browser.evaluate("oracle.width(%s)" % json.dumps(text))

    def close(self):
        self.browser.close()
        shutil.rmtree(self.dir, ignore_errors=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--corpus", required=True)
    p.add_argument("--font", required=True, help="a single-face .ttf/.otf file")
    p.add_argument("--face", type=int, default=0, help="only 0: @font-face cannot pick a face")
    p.add_argument("--size", type=float, default=16)
    p.add_argument("--language", default="en", help="the html lang attribute")
    p.add_argument("--widths", default="120,200,320,560")
    p.add_argument("--line-height", default="20", help="px, or normal (adds \"height\")")
    p.add_argument("--css", default="", help="CSS declarations added to the editor's style")
    p.add_argument("--method", choices=("textarea", "div"), default="textarea")
    p.add_argument("--line-ranges", action="store_true", help="add the div's line ranges")
    p.add_argument("--ids", help="comma-separated ids to measure (default: all)")
    p.add_argument("--batch", type=int, default=50, help="texts per JavaScript call")
    p.add_argument("--out", help="output file (default stdout)")
    p.add_argument("--chromium", help="browser binary (default: chromium on PATH)")
    a = p.parse_args()
    if a.face != 0:
        raise SystemExit("only face 0 of a single-face font file is supported")
    widths = [float(w) if "." in w else int(w) for w in a.widths.split(",")]
    ids = set(a.ids.split(",")) if a.ids else None
    records = list(read_corpus(a.corpus, ids))
    started = time.time()
    line_height = a.line_height if a.line_height == "normal" else float(a.line_height)
    oracle = Oracle(a.font, a.size, a.language, line_height, a.chromium, a.css)
    out = open(a.out, "w", encoding="utf-8") if a.out else sys.stdout
    uncovered = 0
    try:
        for start in range(0, len(records), a.batch):
            batch = records[start:start + a.batch]
            results = oracle.measure([r["text"] for r in batch], widths, a.method, a.line_ranges)
            for record, result in zip(batch, results):
                covered = oracle.covered(record["text"])
                uncovered += not covered
                for index, width in enumerate(widths):
                    lines = result["lines"][index]
                    o = {"id": record["id"], "width": width, "lines": lines, "covered": covered}
                    if isinstance(lines, list):
                        o["lines"], o["height"] = lines
                    if a.line_ranges:
                        o["lineRanges"] = [r[1:] for r in result["ranges"][index]]
                    out.write(json.dumps(o, ensure_ascii=False) + "\n")
    finally:
        if out is not sys.stdout:
            out.close()
        oracle.close()
    print(f"{os.path.basename(a.corpus)}: {len(records)} texts x {len(widths)} widths, "
          f"{uncovered} texts not covered by the font, {time.time() - started:.1f} s, "
          f"{oracle.version}", file=sys.stderr)


if __name__ == "__main__":
    main()
