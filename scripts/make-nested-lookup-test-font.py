#!/usr/bin/env python3
"""Writes Tests/AutoHeightTests/Fixtures/nested-space-ligature.ttf: a small synthetic font (every
glyph a box) for `NestedLookupTests`. Its `calt` has one contextual rule, on `f` alone, that
applies a lookup no feature lists: a ligature `f space i` -> one glyph, which reaches past the
rule's context, across the space. Words of this font are not shaped independently. Needs
fontTools (pip install fonttools).

    scripts/make-nested-lookup-test-font.py [OUTPUT]
"""
import sys
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
output = sys.argv[1] if len(sys.argv) > 1 else "Tests/AutoHeightTests/Fixtures/nested-space-ligature.ttf"
chars = "abfi"
names = [".notdef", "space"] + list(chars) + ["f_space_i"]
adv = {n: 500 for n in names}; adv["space"] = 250; adv["f_space_i"] = 600
def box(w):
    p = TTGlyphPen(None); p.moveTo((50,0)); p.lineTo((50,700)); p.lineTo((w-50,700)); p.lineTo((w-50,0)); p.closePath(); return p.glyph()
b = FontBuilder(1000, isTTF=True)
b.setupGlyphOrder(names)
cm = {0x20: "space"}; cm.update({ord(c): c for c in chars})
b.setupCharacterMap(cm)
b.setupGlyf({n: (TTGlyphPen(None).glyph() if n == "space" else box(adv[n])) for n in names})
b.setupHorizontalMetrics({n: (adv[n], 50) for n in names})
b.setupHorizontalHeader(ascent=800, descent=-200)
b.setupNameTable({"familyName": "Nested Space", "styleName": "Regular"})
b.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
b.setupPost()
addOpenTypeFeaturesFromString(b.font, """
languagesystem DFLT dflt;
languagesystem latn dflt;
lookup FSI { sub f space i by f_space_i; } FSI;
feature calt { sub f' lookup FSI; } calt;
""")
b.save(output)
print(f"wrote {output}")
