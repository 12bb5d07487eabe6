import CHarfBuzz

/// The text between two break opportunities: it is placed on a line whole, or, when wider than
/// the line by itself, broken at grapheme boundaries.
struct Segment: Sendable, Equatable {
    /// End offset (paragraph-relative, exclusive), after any trailing whitespace.
    var end: Int32
    /// End of the visible content: `end` minus the trailing hanging whitespace.
    var contentEnd: Int32
    /// Width of the content in em (tabs counted as 0; see `hasTab`).
    var contentWidth: Double
    /// Width of the trailing whitespace in em. It hangs past the line edge.
    var trailingWidth: Double
    /// Bit `i` set when font `i` of the stack shaped part of the content.
    var fontMask: UInt32
    /// Contains a tab, whose width depends on the position on the line.
    var hasTab: Bool
}

/// Everything about one paragraph that does not depend on the width or the font size: its
/// break opportunities and the shaped width (in em) of every segment between them, plus
/// per-unit advances and grapheme starts for breaking over-long words.
struct PreparedParagraph: Sendable, Equatable {
    var length: Int
    var segments: [Segment]
    /// Advance of each UTF-16 unit in em (a cluster's advance sits on its first unit).
    var advances: [Double]
    /// ``UnitFlag`` bits per UTF-16 unit.
    var flags: [UInt8]
    var missingGlyphs: Int

    static let empty = PreparedParagraph(length: 0, segments: [], advances: [], flags: [], missingGlyphs: 0)
}

/// Turns paragraphs into ``PreparedParagraph``s: graphemes, runs, shaping, break opportunities.
/// One preparer serves one text (it holds a HarfBuzz buffer) and is used by one thread.
struct ParagraphPreparer {
    let icuLocale: String
    let shaper: ParagraphShaper
    let trailingWhitespace: TrailingWhitespace

    init(
        fonts: [Font], icuLocale: String, harfBuzzLanguage: hb_language_t?, languageScripts: [hb_script_t],
        trailingWhitespace: TrailingWhitespace, buffer: HarfBuzzBuffer
    ) {
        self.icuLocale = icuLocale
        self.shaper = ParagraphShaper(
            fonts: fonts, language: harfBuzzLanguage, languageScripts: languageScripts, buffer: buffer)
        self.trailingWhitespace = trailingWhitespace
    }

    /// Prepares one paragraph (no explicit breaks inside). Complexity: O(n).
    func prepare(_ units: UnsafeBufferPointer<UInt16>) throws(AutoHeightError) -> PreparedParagraph {
        let count = units.count
        if count == 0 { return .empty }
        var flags = [UInt8](repeating: 0, count: count)
        try Graphemes.markStarts(of: units, in: &flags, offset: 0, bit: UnitFlag.graphemeStart)
        let runs = try TextRuns.itemize(units)
        var advances = [Double](repeating: 0, count: count)
        // One font: every unit is font 0, and no per-unit record is needed.
        var fontIndices = shaper.fonts.count > 1 ? [UInt8](repeating: 0, count: count) : []
        let missing = shaper.shape(units, runs: runs, advances: &advances, fontIndices: &fontIndices, flags: &flags)
        var boundaries: [Int32] = []
        try BreakOpportunities.find(in: units, locale: icuLocale, into: &boundaries)

        var segments: [Segment] = []
        segments.reserveCapacity(boundaries.count)
        var start = 0
        for boundary in boundaries {
            let end = Int(boundary)
            var contentEnd = end
            switch trailingWhitespace {
            case .hangs:
                while contentEnd > start && CharacterClasses.isHangingWhitespace(units[contentEnd - 1]) {
                    contentEnd -= 1
                }
            case .pango:
                if end < count && CharacterClasses.isHangingWhitespace(units[end - 1]) { contentEnd -= 1 }
            }
            var content = 0.0
            var mask: UInt32 = 0
            var hasTab = false
            if fontIndices.isEmpty {
                mask = contentEnd > start ? 1 : 0
                for index in start..<contentEnd {
                    content += advances[index]
                    hasTab = hasTab || flags[index] & UnitFlag.tab != 0
                }
            } else {
                for index in start..<contentEnd {
                    content += advances[index]
                    mask |= 1 << UInt32(min(fontIndices[index], 31))
                    hasTab = hasTab || flags[index] & UnitFlag.tab != 0
                }
            }
            var trailing = 0.0
            for index in contentEnd..<end {
                trailing += advances[index]
                hasTab = hasTab || units[index] == 0x09
            }
            segments.append(
                Segment(
                    end: Int32(end), contentEnd: Int32(contentEnd), contentWidth: content,
                    trailingWidth: trailing, fontMask: mask, hasTab: hasTab))
            start = end
        }
        return PreparedParagraph(
            length: count, segments: segments, advances: advances, flags: flags, missingGlyphs: missing)
    }
}
