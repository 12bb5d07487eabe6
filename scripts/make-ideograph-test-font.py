#!/usr/bin/env python3
"""Writes Tests/AutoHeightTests/Fixtures/ideograph-lookups.ttf: a small synthetic font (no
outlines copied from anywhere; every glyph a box) mapping eleven ideographs, each 1 em wide,
with lookups that act across ideographs in its default features, for `IdeographCutTests`:

- `liga`: 漢 字 -> one ligature glyph, 1.5 em wide (so 漢字 is narrower whole than apart);
- `kern`: 人 大 kerned by -200 units (a GPOS pair);
- `calt`: a contextual rule on 五 alone applies a lookup that no feature lists, a ligature
  五 三 四 -> one glyph 2 em wide, which reaches past the rule's context (三 and 四 appear in
  no lookup of the plan, only in the nested one).

The other ideographs (中 国 一 二) take part in no lookup. Needs fontTools (pip install fonttools).

    scripts/make-ideograph-test-font.py [OUTPUT]
"""
import sys

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

output = sys.argv[1] if len(sys.argv) > 1 else "Tests/AutoHeightTests/Fixtures/ideograph-lookups.ttf"
characters = "漢字人大中国一二五三四"
names = [".notdef", "space"] + [f"uni{ord(c):04X}" for c in characters] + ["kanji_liga", "five_liga"]
advances = {name: 1000 for name in names}
advances["space"] = 250
advances["kanji_liga"] = 1500
advances["five_liga"] = 2000


def box(width):
    pen = TTGlyphPen(None)
    pen.moveTo((50, -100))
    pen.lineTo((50, 800))
    pen.lineTo((width - 50, 800))
    pen.lineTo((width - 50, -100))
    pen.closePath()
    return pen.glyph()


builder = FontBuilder(1000, isTTF=True)
builder.setupGlyphOrder(names)
cmap = {0x20: "space"}
cmap.update({ord(c): f"uni{ord(c):04X}" for c in characters})
builder.setupCharacterMap(cmap)
builder.setupGlyf({name: (TTGlyphPen(None).glyph() if name == "space" else box(advances[name])) for name in names})
builder.setupHorizontalMetrics({name: (advances[name], 50) for name in names})
builder.setupHorizontalHeader(ascent=880, descent=-120)
builder.setupNameTable({"familyName": "AutoHeight Ideograph Lookups", "styleName": "Regular"})
builder.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
builder.setupPost()
addOpenTypeFeaturesFromString(
    builder.font,
    """
languagesystem DFLT dflt;
languagesystem hani dflt;
feature liga { sub uni6F22 uni5B57 by kanji_liga; } liga;
feature kern { pos uni4EBA uni5927 -200; } kern;
lookup FIVE { sub uni4E94 uni4E09 uni56DB by five_liga; } FIVE;
feature calt { sub uni4E94' lookup FIVE; } calt;
""",
)
builder.save(output)
print(f"wrote {output}")
