import CHarfBuzz

/// Per-unit flags of a prepared paragraph.
enum UnitFlag {
    /// The unit starts a grapheme cluster (a place where an over-long word may break).
    static let graphemeStart: UInt8 = 1
    /// The unit is a tab: its advance depends on where it sits on the line.
    static let tab: UInt8 = 2
    /// No font in the stack had a glyph for this unit's cluster.
    static let missingGlyph: UInt8 = 4
}

/// Shapes one paragraph with HarfBuzz: one `hb_shape` per run (script, direction), with the whole
/// paragraph as context, then reshapes the grapheme clusters the primary font lacks with the first
/// fallback font that covers them.
///
/// Output is per UTF-16 unit: the advance in em (a cluster's whole advance sits on its first unit)
/// and the index of the font that shaped it. Direction matters for shaping (Arabic joining forms
/// change widths) but not for the sums the line walk needs.
struct ParagraphShaper {
    let fonts: [Font]
    let language: hb_language_t?
    /// The scripts the language is written in; runs of other scripts are shaped without the
    /// language (a Latin word in Korean text gets no Korean `locl` forms), as Pango does.
    /// Empty: the language applies to every run.
    let languageScripts: [hb_script_t]
    /// Borrowed from ``HarfBuzzBufferPool`` for the duration of one preparation.
    let buffer: HarfBuzzBuffer

    /// The language to shape a run of `script` with.
    @inline(__always)
    func language(for script: hb_script_t) -> hb_language_t? {
        if languageScripts.isEmpty || script == HB_SCRIPT_COMMON || languageScripts.contains(script) {
            return language
        }
        return nil
    }

    /// Shapes `units` (one paragraph) into `advances`, `fontIndices` and `flags` (grapheme
    /// starts must already be marked). Returns the number of clusters no font covers.
    ///
    /// Complexity: O(n) HarfBuzz work, plus a cmap look-up per scalar of clusters that fall back.
    func shape(
        _ units: UnsafeBufferPointer<UInt16>, runs: [TextRun], advances: inout [Double],
        fontIndices: inout [UInt8], flags: inout [UInt8]
    ) -> Int {
        var anyMissing = false
        for run in runs {
            if shapeRange(run.range, of: run, fontIndex: 0, units: units, advances: &advances, flags: &flags) {
                anyMissing = true
                if fonts.count > 1 {
                    fallBack(in: run, units: units, advances: &advances, fontIndices: &fontIndices, flags: &flags)
                }
            }
        }
        // Tabs and other controls take no glyph width: tabs advance to tab stops on the line.
        var missing = 0
        for index in 0..<units.count {
            let unit = units[index]
            if unit < 0x20 || (unit >= 0x7F && unit <= 0x9F) {
                advances[index] = 0
                flags[index] &= ~UnitFlag.missingGlyph
                if unit == 0x09 { flags[index] |= UnitFlag.tab }
            } else if anyMissing && flags[index] & UnitFlag.missingGlyph != 0 {
                missing += 1
            }
        }
        return missing
    }

    /// Shapes `range` of the paragraph with one font and adds the advances. Marks the units whose
    /// cluster got `.notdef`; returns whether there were any.
    @discardableResult
    private func shapeRange(
        _ range: Range<Int>, of run: TextRun, fontIndex: Int, units: UnsafeBufferPointer<UInt16>,
        advances: inout [Double], flags: inout [UInt8]
    ) -> Bool {
        let font = fonts[fontIndex]
        let handle = buffer.buffer
        hb_buffer_clear_contents(handle)
        hb_buffer_add_utf16(handle, units.baseAddress, Int32(units.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(handle, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(handle, run.script)
        hb_buffer_set_language(handle, language(for: run.script))
        hb_shape(font.shaper.font, handle, nil, 0)
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(handle, &glyphCount),
            let positions = hb_buffer_get_glyph_positions(handle, &glyphCount)
        else { return false }
        let scale = 1.0 / Double(font.unitsPerEm)
        var missing = false
        for glyphIndex in 0..<Int(glyphCount) {
            let cluster = Int(infos[glyphIndex].cluster)
            advances[cluster] += Double(positions[glyphIndex].x_advance) * scale
            if infos[glyphIndex].codepoint == 0 {
                flags[cluster] |= UnitFlag.missingGlyph
                missing = true
            }
        }
        return missing
    }

    /// Reshapes each grapheme of `run` that has a `.notdef` with the first fallback font that
    /// covers all of its scalars (never splitting a cluster across fonts).
    private func fallBack(
        in run: TextRun, units: UnsafeBufferPointer<UInt16>, advances: inout [Double],
        fontIndices: inout [UInt8], flags: inout [UInt8]
    ) {
        var pending: (range: Range<Int>, font: Int)? = nil
        var start = run.range.lowerBound
        while start < run.range.upperBound {
            var end = start + 1
            while end < run.range.upperBound && flags[end] & UnitFlag.graphemeStart == 0 { end += 1 }
            var needsFallback = false
            for index in start..<end where flags[index] & UnitFlag.missingGlyph != 0 {
                needsFallback = true
                break
            }
            let chosen = needsFallback ? coveringFont(for: units, start..<end) : nil
            if let chosen, let open = pending, open.font == chosen, open.range.upperBound == start {
                pending = (open.range.lowerBound..<end, chosen)
            } else {
                if let open = pending {
                    reshape(open.range, with: open.font, run: run, units: units, advances: &advances,
                            fontIndices: &fontIndices, flags: &flags)
                }
                pending = chosen.map { (start..<end, $0) }
            }
            start = end
        }
        if let open = pending {
            reshape(open.range, with: open.font, run: run, units: units, advances: &advances,
                    fontIndices: &fontIndices, flags: &flags)
        }
    }

    private func reshape(
        _ range: Range<Int>, with fontIndex: Int, run: TextRun, units: UnsafeBufferPointer<UInt16>,
        advances: inout [Double], fontIndices: inout [UInt8], flags: inout [UInt8]
    ) {
        for index in range {
            advances[index] = 0
            flags[index] &= ~UnitFlag.missingGlyph
            if !fontIndices.isEmpty { fontIndices[index] = UInt8(fontIndex) }
        }
        shapeRange(range, of: run, fontIndex: fontIndex, units: units, advances: &advances, flags: &flags)
    }

    /// The first fallback font (index ≥ 1) with a glyph for every scalar of the cluster that
    /// needs one, or nil.
    private func coveringFont(for units: UnsafeBufferPointer<UInt16>, _ cluster: Range<Int>) -> Int? {
        fontLoop: for fontIndex in 1..<fonts.count {
            let shaper = fonts[fontIndex].shaper
            var index = cluster.lowerBound
            while index < cluster.upperBound {
                var scalar = UInt32(units[index])
                index += 1
                if scalar & 0xFC00 == 0xD800, index < cluster.upperBound, units[index] & 0xFC00 == 0xDC00 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                    index += 1
                }
                if CharacterClasses.isIgnorableForCoverage(scalar) { continue }
                if !shaper.hasGlyph(scalar) { continue fontLoop }
            }
            return fontIndex
        }
        return nil
    }
}
