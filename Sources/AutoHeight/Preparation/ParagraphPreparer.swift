// Stage: Preparation.
// Problem: everything about a paragraph that does not depend on the width, computed once.
// Solution: runs, shaping and break opportunities become a PreparedParagraph: segments between
//   break opportunities with their content and hanging widths in em, and per-unit advances and
//   flags; a SegmentCache serves repeated chunks ("word ") and their breaks exactly.
// Limitations: the cache serves chunks only of runs whose fonts provably shape words
//   independently (other runs whole).

/// Turns paragraphs into ``PreparedParagraph``s: graphemes, runs, shaping, break opportunities.
/// One preparer serves one text (it holds a HarfBuzz buffer) and is used by one thread.
package struct ParagraphPreparer {
    /// The style's settings: fonts, language, white space, profile, cache, limits. Read through
    /// the one reference (a preparer is made for every measure; copying each field out retained
    /// a dozen objects, and released them again after).
    let context: PreparationContext
    package let shaper: ParagraphShaper
    /// Storage reused from paragraph to paragraph.
    let scratch: PreparationScratch
    /// The faces of a styled text's runs that this pass shapes (a run of face `f` is
    /// `faces[f - 1]`'s); empty otherwise.
    var faces: [FaceShaping] = []

    /// A stretch of a styled text that the paragraph's pass makes a run of its own: a span of
    /// one style, shaped in face `face` (0: the style's own), or a box (shaped only to keep its
    /// chunk's line breaks in a segment cache).
    package struct Stretch {
        var range: Range<Int>
        var face: UInt8
        var isBox = false
    }

    /// A styled text's own step in the paragraph's pass, after shaping and break opportunities
    /// and before the segments are measured: given the paragraph's offset in the text and its
    /// units (as prepared), it rescales and spaces the advances, and turns the font indices
    /// into line-height classes (``StyledPreparation``); it may add break opportunities.
    package typealias Restyle = (
        _ offset: Int, _ units: UnsafeBufferPointer<UInt16>, _ advances: inout [Double], _ flags: inout [UInt8],
        _ fontIndices: inout [UInt8], _ boundaries: inout [Int32]
    ) throws(AutoHeightError) -> Void

    /// One face a styled text's runs are shaped in, within the paragraph's pass.
    struct FaceShaping {
        let shaper: ParagraphShaper
        /// The face's number in the segment cache's keys (nil: its runs are shaped whole), and
        /// its context's ``PreparationContext/id``.
        let cacheContext: Int?
        let contextID: UInt64
        let fontChoiceOwner: (stack: String, language: String)

        init(_ context: PreparationContext, scratch: PreparationScratch) {
            shaper = ParagraphShaper(setup: context.shaping, workspace: scratch.shaping)
            cacheContext = context.cache?.context
            contextID = context.id
            fontChoiceOwner = context.fontChoiceOwner
        }
    }

    init(context: PreparationContext, scratch: PreparationScratch) {
        self.context = context
        self.scratch = scratch
        shaper = ParagraphShaper(setup: context.shaping, workspace: scratch.shaping)
    }

    /// The style's language, resolved once: ICU line-break iterators, keep-all, HarfBuzz language.
    var language: LanguageInfo { context.language }
    var trailingWhitespace: TrailingWhitespace { context.trailingWhitespace }
    /// Whose line-breaking rules tailor ICU's opportunities.
    var profile: LayoutProfile { context.profile }
    /// CSS `white-space`: collapsing (`normal`) and spaces that take room (`break-spaces`).
    var whiteSpace: WhiteSpace { context.whiteSpace }
    /// The shared chunk cache and this style's identity in it (nil: shape paragraphs whole).
    var cache: (store: SegmentCache, context: Int)? { context.cache }
    /// Paragraph length and combining-mark runs are checked against these first.
    var limits: InputLimits { context.limits }

    /// Prepares one paragraph (no explicit breaks inside). `mayNeedBidi` false says that no
    /// unit may need bidi (see ``scanUTF16Units(of:)``), so the bidi check is skipped;
    /// `mayHaveControls` false, that no unit is a control (tab…), so shaping skips that pass.
    /// `endsParagraph` false says that `units` is a window of a longer paragraph that goes on
    /// after it
    /// (``reprepare(_:)``):
    /// its last segment's whitespace then hangs as it would inside the paragraph; `bidiContext`,
    /// that its bidi levels are resolved in that context (``BidiCut``). `stretches` (sorted,
    /// disjoint: a styled text's spans of one style and its boxes) are runs of their own, each
    /// shaped in its face (``faces``); boxes, without a segment cache, not at all (their
    /// advances stay zero); `restyle` (with the paragraph's `offset`) then gives them their
    /// style. Complexity: O(n).
    func prepare(
        _ units: UnsafeBufferPointer<UInt16>, mayNeedBidi: Bool = true, mayHaveControls: Bool = true,
        endsParagraph: Bool = true, bidiContext: BidiContext? = nil, stretches: [Stretch] = [], offset: Int = 0,
        restyle: Restyle = { _, _, _, _, _, _ in }
    ) throws(AutoHeightError) -> PreparedParagraph {
        guard whiteSpace == .normal else {
            return try prepareUnits(
                units, mayNeedBidi: mayNeedBidi, mayHaveControls: mayHaveControls, endsParagraph: endsParagraph,
                bidiContext: bidiContext, stretches: stretches, offset: offset, restyle: restyle)
        }
        // Collapsing: tabs, LF and CR are shaped and broken as spaces (offsets unchanged).
        var mapped = scratch.collapsedUnits
        scratch.collapsedUnits = []
        defer { scratch.collapsedUnits = mapped }
        guard CSSBreaks.mapCollapsible(units, into: &mapped) else {
            return try prepareUnits(
                units, mayNeedBidi: mayNeedBidi, mayHaveControls: mayHaveControls, endsParagraph: endsParagraph,
                bidiContext: bidiContext, stretches: stretches, offset: offset, restyle: restyle)
        }
        return try mapped.withUnsafeBufferPointer { (buffer) throws(AutoHeightError) in
            try prepareUnits(
                buffer, mayNeedBidi: mayNeedBidi, mayHaveControls: mayHaveControls, endsParagraph: endsParagraph,
                bidiContext: bidiContext, stretches: stretches, offset: offset, restyle: restyle)
        }
    }

    private func prepareUnits(
        _ units: UnsafeBufferPointer<UInt16>, mayNeedBidi: Bool, mayHaveControls: Bool, endsParagraph: Bool = true,
        bidiContext: BidiContext? = nil, stretches: [Stretch], offset: Int, restyle: Restyle
    ) throws(AutoHeightError) -> PreparedParagraph {
        let count = units.count
        if count == 0 { return .empty }
        try limits.check(paragraph: units)
        var flags = scratch.zeroedFlags(count: count)
        var runs = scratch.runs
        scratch.runs = []  // uniquely referenced here while in use
        defer { scratch.runs = runs }
        try TextRuns.itemize(
            units, bidi: mayNeedBidi ? scratch.bidi : nil, context: mayNeedBidi ? bidiContext : nil, into: &runs,
            brackets: &scratch.brackets)
        // A styled text's stretches in other faces are runs of their own (no engine shapes
        // across a change of face), not shaped here without a cache (the caller shapes them).
        if !stretches.isEmpty {
            var pieces = scratch.cutRuns
            scratch.cutRuns = []
            Self.cut(runs, at: stretches, dropping: cache == nil, into: &pieces)
            swap(&runs, &pieces)
            scratch.cutRuns = pieces
        }
        var advances = scratch.zeroedAdvances(count: count)
        // One font: every unit is font 0, and no per-unit record is needed (a styled text's
        // stretches always need one: their restyling writes line-height classes in it).
        var fontIndices = shaper.mayUseSeveralFonts || !stretches.isEmpty ? scratch.zeroedFontIndices(count: count) : []
        defer { if !fontIndices.isEmpty { scratch.recycle(fontIndices: fontIndices) } }  // not kept
        var boundaries = scratch.lineBreaks
        scratch.lineBreaks = []
        defer { scratch.lineBreaks = boundaries }
        boundaries.removeAll(keepingCapacity: true)
        let missing: Int
        if let cache {
            let chunked = try shapeByChunks(
                units, runs: runs, cache: cache, advances: &advances, fontIndices: &fontIndices, flags: &flags,
                boundaries: &boundaries)
            missing = chunked.missing
            if !chunked.breaksFound {
                try BreakOpportunities.find(
                    in: units, iterator: scratch.lineBreaker(from: language.lineBreaks), locale: language.icuLocale,
                    keepsAllWords: language.keepsAllWords && profile != .web, into: &boundaries)
                tailorBreaks(units, flags: flags, boundaries: &boundaries)
                cache.store.recordBreaks(chunked.requests, in: units, boundaries: boundaries)
            }
            scratch.requests = chunked.requests
        } else {
            try Graphemes.markStarts(of: units, in: &flags, offset: 0, bit: UnitFlag.graphemeStart)
            missing = try shapeByFace(
                units, runs: runs, advances: &advances, fontIndices: &fontIndices, flags: &flags,
                mayHaveControls: mayHaveControls)
            try BreakOpportunities.find(
                in: units, iterator: scratch.lineBreaker(from: language.lineBreaks), locale: language.icuLocale,
                keepsAllWords: language.keepsAllWords && profile != .web, into: &boundaries)
            tailorBreaks(units, flags: flags, boundaries: &boundaries)
        }
        if whiteSpace == .normal { CSSBreaks.collapse(units, advances: &advances, boundaries: &boundaries) }
        if profile == .web && mayHaveControls { showControls(units, advances: &advances) }
        try restyle(offset, units, &advances, &flags, &fontIndices, &boundaries)

        var segments = scratch.emptySegments(capacity: boundaries.count)
        appendSegments(
            boundaries: boundaries, units: units, advances: advances, fontIndices: fontIndices, flags: &flags,
            endsParagraph: endsParagraph, to: &segments)
        var rightToLeftUnits = 0
        if mayNeedBidi { for unit in units where CharacterClasses.mayNeedBidi(unit) { rightToLeftUnits += 1 } }
        let paragraph = PreparedParagraph(
            length: count, segments: consume segments, advances: consume advances, flags: consume flags,
            missingGlyphs: missing,
            bidiUnits: rightToLeftUnits)
        assert(paragraph.invariantViolations.isEmpty, "\(paragraph.invariantViolations)")
        return paragraph
    }

    /// ``appendSegments(boundaries:units:advances:fontIndices:flags:endsParagraph:to:)`` over the
    /// arrays' memory.
    private func appendSegments(
        boundaries: [Int32], units: UnsafeBufferPointer<UInt16>, advances: [Double], fontIndices: [UInt8],
        flags: inout [UInt8], endsParagraph: Bool, to segments: inout [Segment]
    ) {
        advances.withUnsafeBufferPointer { advances in
            flags.withUnsafeMutableBufferPointer { flags in
                fontIndices.withUnsafeBufferPointer { fontIndices in
                    boundaries.withUnsafeBufferPointer { boundaries in
                        appendSegments(
                            boundaries: boundaries, units: units, advances: advances, fontIndices: fontIndices,
                            flags: flags, endsParagraph: endsParagraph, to: &segments)
                    }
                }
            }
        }
    }

    /// The segments between `boundaries` (``Segment/measure(from:to:trailing:units:advances:fontIndices:)``);
    /// in `hangs` mode, whitespace inside a segment's content is flagged
    /// (``UnitFlag/innerWhitespace``). `fontIndices` is empty with one font.
    private func appendSegments(
        boundaries: UnsafeBufferPointer<Int32>, units: UnsafeBufferPointer<UInt16>,
        advances: UnsafeBufferPointer<Double>, fontIndices: UnsafeBufferPointer<UInt8>,
        flags: UnsafeMutableBufferPointer<UInt8>, endsParagraph: Bool, to segments: inout [Segment]
    ) {
        let count = units.count
        // One loop per span, so that each inlines the measure for its span.
        let tabsHang = context.tabsHang
        switch TrailingSpan.at(
            trailingWhitespace: trailingWhitespace, whiteSpace: whiteSpace, tabsHang: tabsHang, endsParagraph: false)
        {
        case .all:
            appendHangingSegments(
                .all, boundaries: boundaries, units: units, advances: advances, fontIndices: fontIndices,
                flags: flags, to: &segments)
        case .allButTabs:
            appendHangingSegments(
                .allButTabs, boundaries: boundaries, units: units, advances: advances, fontIndices: fontIndices,
                flags: flags, to: &segments)
        case .lastUnit, .none:
            var start = 0
            for boundary in boundaries {
                let end = Int(boundary)
                let span = TrailingSpan.at(
                    trailingWhitespace: trailingWhitespace, whiteSpace: whiteSpace, tabsHang: tabsHang,
                    endsParagraph: end == count && endsParagraph)
                segments.append(
                    Segment.measure(
                        from: start, to: end, trailing: span, units: units, advances: advances,
                        fontIndices: fontIndices
                    ).segment)
                start = end
            }
        }
    }

    /// `runs` cut where `stretches` (sorted, disjoint) start and end, into `pieces` (emptied
    /// first), the pieces inside them of their stretch's face; boxes left out when `dropping`.
    private static func cut(_ runs: [TextRun], at stretches: [Stretch], dropping: Bool, into pieces: inout [TextRun]) {
        pieces.removeAll(keepingCapacity: true)
        pieces.reserveCapacity(runs.count + 2 * stretches.count)
        var gap = 0
        for run in runs {
            var start = run.range.lowerBound
            while start < run.range.upperBound {
                while gap < stretches.count && stretches[gap].range.upperBound <= start { gap += 1 }
                let inside = gap < stretches.count && stretches[gap].range.lowerBound <= start
                let end = min(
                    run.range.upperBound,
                    gap == stretches.count
                        ? run.range.upperBound
                        : inside ? stretches[gap].range.upperBound : stretches[gap].range.lowerBound)
                if !(dropping && inside && stretches[gap].isBox) {
                    pieces.append(
                        TextRun(
                            range: start..<end, script: run.script, isRightToLeft: run.isRightToLeft,
                            face: inside ? stretches[gap].face : 0))
                }
                start = end
            }
        }
    }

    /// ``ParagraphShaper/shape(_:runs:advances:fontIndices:flags:mayHaveControls:)`` of each
    /// stretch of runs of one face with that face's shaper (the paragraph as their context).
    private func shapeByFace(
        _ units: UnsafeBufferPointer<UInt16>, runs: [TextRun], advances: inout [Double], fontIndices: inout [UInt8],
        flags: inout [UInt8], mayHaveControls: Bool
    ) throws(AutoHeightError) -> Int {
        guard !faces.isEmpty else {
            return try shaper.shape(
                units, runs: runs, advances: &advances, fontIndices: &fontIndices, flags: &flags,
                mayHaveControls: mayHaveControls)
        }
        var missing = 0
        var start = 0
        while start < runs.count {
            var end = start + 1
            while end < runs.count && runs[end].face == runs[start].face { end += 1 }
            let group = Array(runs[start..<end])
            missing += try withShaper(face: runs[start].face) { (faceShaper) throws(AutoHeightError) in
                try faceShaper.shape(
                    units, runs: group, advances: &advances, fontIndices: &fontIndices, flags: &flags,
                    mayHaveControls: mayHaveControls)
            }
            start = end
        }
        return missing
    }

    /// `body` with the shaper of face `face` (0: the style's own), the thread's font choices
    /// switched to its stack meanwhile.
    func withShaper<Result>(
        face: UInt8, _ body: (ParagraphShaper) throws(AutoHeightError) -> Result
    ) throws(AutoHeightError) -> Result {
        guard face > 0 else { return try body(shaper) }
        let faceShaping = faces[Int(face) - 1]
        let choices = scratch.shaping.fontChoices
        choices.use(stack: faceShaping.fontChoiceOwner.stack, language: faceShaping.fontChoiceOwner.language)
        defer { choices.use(stack: context.fontChoiceOwner.stack, language: context.fontChoiceOwner.language) }
        return try body(faceShaping.shaper)
    }

    /// ``appendSegments(boundaries:units:advances:fontIndices:flags:endsParagraph:to:)`` in `hangs`
    /// mode. Always inlined, so that each call's constant `span` reaches the inlined measure:
    /// with `span` a variable, `Segment.measure` stayed a call and `autoheight bench` took
    /// 24 million more instructions of 2,286 million (1.05 %).
    @inline(__always)
    private func appendHangingSegments(
        _ span: TrailingSpan, boundaries: UnsafeBufferPointer<Int32>, units: UnsafeBufferPointer<UInt16>,
        advances: UnsafeBufferPointer<Double>, fontIndices: UnsafeBufferPointer<UInt8>,
        flags: UnsafeMutableBufferPointer<UInt8>, to segments: inout [Segment]
    ) {
        var start = 0
        for boundary in boundaries {
            let end = Int(boundary)
            let (segment, inner) = Segment.measure(
                from: start, to: end, trailing: span, units: units, advances: advances, fontIndices: fontIndices)
            if inner {
                Segment.markInnerWhitespace(
                    from: start, to: Int(segment.contentEnd), units: units, flags: flags, tabsHang: span == .all)
            }
            segments.append(segment)
            start = end
        }
    }

    /// Chromium draws the C0 controls U+0001–U+001F other than tab, LF, FF and CR visibly, as the
    /// font's `.notdef` (`a\u{4}b` is 9.59 px wider than `ab` in Noto Sans at 16 px, seen in
    /// Chromium 156); NUL, DEL and C1 controls stay zero wide. WebKit (2.50) draws FF, DEL and the
    /// C1 controls too; Firefox (153) draws none.
    private func showControls(_ units: UnsafeBufferPointer<UInt16>, advances: inout [Double]) {
        let engine = context.browser
        guard engine != .firefox else { return }
        let width = shaper.fonts[0].notdefAdvance
        for index in 0..<units.count {
            let unit = units[index]
            let shown: Bool
            if unit >= 0x01 && unit < 0x20 {
                shown = unit != 0x09 && unit != 0x0A && unit != 0x0D && (unit != 0x0C || engine == .webkit)
            } else {
                shown = engine == .webkit && unit >= 0x7F && unit <= 0x9F
            }
            if shown { advances[index] = width }
        }
    }

    /// The profile's rules over ICU's opportunities (the web profile's, ``WebBreakRules``), then
    /// the CSS properties' added breaks (``CSSBreaks``).
    private func tailorBreaks(_ units: UnsafeBufferPointer<UInt16>, flags: [UInt8], boundaries: inout [Int32]) {
        if profile == .web {
            WebBreakRules.tailor(
                units, engine: context.browser, boundaries: &boundaries, storage: &scratch.tailoredBreaks)
            if language.keepsAllWords { CSSBreaks.keepAllWords(units, boundaries: &boundaries) }
        }
        CSSBreaks.add(
            to: &boundaries, units: units, flags: flags, breakAll: language.breaksAllWords,
            anywhere: language.breaksAnywhere, afterSpaces: whiteSpace == .breakSpaces, storage: &scratch.tailoredBreaks
        )
    }
}
