#!/usr/bin/env python3
"""Observes where Chromium may break between two printable ASCII characters.

Lays out every pair "XY" of printable ASCII characters other than space (and every triple
"W-D", a hyphen before a digit after W) in a <div> of width 0 with `white-space: pre-wrap;
overflow-wrap: normal` in Chromium, through ../shared/tools/browser-oracle (needs Debian's
`chromium`). With no room at all, every break opportunity Chromium has becomes a line break, so
the lines of a text are exactly the pieces between its opportunities.

Prints JSON: {"chromium": version, "pairs": {"XY": true|false, ...}, "hyphenDigit": {"W": bool}}.
--css 'word-break: break-all' lays the pairs out with more CSS (through the repository's copy,
scripts/browser-oracle); --compare prints only the pairs where that CSS changes the answer.
`Sources/AutoHeight/Segmentation/WebPairTables.swift` holds what this printed (regenerate with
--swift --engine E). Usage: scripts/browser-break-pairs.py [--shared ../shared] [--swift] [--engine E]
"""
import argparse, json, os, sys

JS = r"""
(() => {
  const div = document.getElementById('div');
  div.style.width = '0px';
  div.style.overflowWrap = 'normal';
  const range = document.createRange();
  function breaks(text) {  // offsets before which a line starts
    div.textContent = text;
    const node = div.firstChild;
    const out = [];
    let lastTop = null;
    for (let i = 0; i < text.length; i++) {
      range.setStart(node, i); range.setEnd(node, i + 1);
      const rects = range.getClientRects();
      const top = rects[rects.length - 1].top;
      if (lastTop !== null && top > lastTop + 1) out.push(i);
      lastTop = top;
    }
    return out;
  }
  const chars = [];
  for (let c = 0x21; c < 0x7F; c++) chars.push(String.fromCharCode(c));
  const pairs = {};
  for (const a of chars) for (const b of chars) pairs[a + b] = breaks(a + b).includes(1);
  const hyphenDigit = {};
  for (const w of chars) hyphenDigit[w] = breaks(w + '-1').includes(2);
  hyphenDigit[' '] = breaks(' -1').includes(2);
  return {pairs, hyphenDigit};
})()
"""


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.path.join(here, "..", "..", "shared"))
    ap.add_argument("--font", default=os.path.join(here, "..", "Fonts", "NotoSans-Regular.ttf"))
    ap.add_argument("--swift", action="store_true", help="print the Swift table instead of JSON")
    ap.add_argument("--css", default="", help="CSS declarations added to the layout's style")
    ap.add_argument("--compare", action="store_true", help="only the pairs --css changes")
    ap.add_argument("--engine", default="chromium", choices=["chromium", "firefox", "webkit"],
                    help="firefox and webkit through browser-oracle/measure_engines.py (run with "
                         "Debian's /usr/bin/python3)")
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(here, "browser-oracle"))

    def observe(css):
        if a.engine == "chromium":
            from measure import Oracle
            oracle = Oracle(a.font, 16, "en", 20, None, css)
            run = oracle.browser.evaluate
        else:
            from measure_engines import Oracle
            oracle = Oracle(a.engine, a.font, 16, "en", 20, css=css)
            run = oracle.evaluate
        try:
            return run(JS), oracle.version
        finally:
            oracle.close()
    result, version = observe(a.css)
    if a.compare:
        base, _ = observe("")
        changed = {k: v for k, v in result["pairs"].items() if base["pairs"][k] != v}
        print(json.dumps({"chromium": version, "css": a.css, "changed": changed}, sort_keys=True))
        return
    oracle = type("Run", (), {"version": version})
    result["chromium"] = oracle.version
    if not a.swift:
        print(json.dumps(result, indent=1, sort_keys=True))
        return
    chars = [chr(c) for c in range(0x21, 0x7F)]
    rows = []
    for a_ in chars:
        bits = 0
        for index, b in enumerate(chars):
            if result["pairs"][a_ + b]:
                bits |= 1 << index
        rows.append(bits)
    if a.engine == "chromium":
        print(f"    // Observed in {oracle.version} by scripts/browser-break-pairs.py --swift --engine chromium.")
        print("    private static let chromiumRows: [UInt128] = [")
        for a_, bits in zip(chars, rows):
            print(f"        0x{bits:024x},  // {a_}")
        print("    ]")
        return
    # Other engines: the rows that differ from Chromium's table as WebPairTables.swift holds it.
    import re
    swift = open(os.path.join(here, "..", "Sources", "AutoHeight", "Segmentation", "WebPairTables.swift")).read()
    table = re.search(r"chromiumRows: \[UInt128\] = \[(.*?)\n    \]", swift, re.S).group(1)
    chromium = [int(v, 16) for v in re.findall(r"(0x[0-9a-f]{24}),", table)]
    literal = lambda c: {"\\": '"\\\\"', '"': '"\\""'}.get(c, f'"{c}"')
    print(f"    // Observed in {oracle.version} by scripts/browser-break-pairs.py --swift --engine {a.engine}: "
          "Chromium's rows but these.")
    changes = [f"({literal(a_)}, 0x{bits:024x})" for a_, bits, base in zip(chars, rows, chromium) if bits != base]
    if len(changes) == 1:  # swift format keeps a one-element literal on one line
        print(f"    private static let {a.engine}Rows = chromiumRows.replacingRows([{changes[0]}])")
        return
    print(f"    private static let {a.engine}Rows = chromiumRows.replacingRows([")
    for change in changes:
        print(f"        {change},")
    print("    ])")


main()
