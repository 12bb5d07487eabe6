// Stage: Measurement (preparing styled text).
// Problem: a paragraph in several styles (faces, sizes, letter spacing) and with inline boxes
//   must break where the whole paragraph breaks, with each stretch as wide as its own style
//   makes it, and each line as tall as what it holds.
// Solution: the paragraph is prepared once (break opportunities, graphemes, bidi, scripts),
//   each span of one style and each box a run of its own in that pass: a span is shaped in its
//   face (its own shaper and segment-cache context, the paragraph around it as HarfBuzz's
//   context; engines shape no run across a change of font, size or spacing), a box not at all
//   without a cache. Within the same pass, before its segments are measured (restyle), the
//   advances are scaled from their size to the base em, letter spacing and box widths added
//   per unit, and the font indices become line-height classes (StyledLineMetrics) that the
//   segments' masks name.
// Limitations: a styled text is measured at its style's size; letter spacing follows Chromium
//   (after every cluster, none between the letters of cursive scripts) also in the editor
//   profile, where Pango adds one spacing fewer per line (it over-counts by at most that).

/// Prepares a ``StyledText`` into a ``PreparedText`` whose paragraphs carry line-height classes.
package enum StyledPreparation {
    static func prepare(_ styled: StyledText, style: TextStyle) throws(AutoHeightError) -> PreparedText {
        var records: [ParagraphRecord] = []
        var missing = 0
        let found = try restyledParagraphs(of: styled, style: style) {
            (start, paragraph, _, _) throws(AutoHeightError) in
            missing += paragraph.missingGlyphs
            records.append(ParagraphRecord(start: start, paragraph: paragraph))
        }
        guard let (count, classes) = found else { return try PreparedText(styled.text, style: style) }
        return PreparedText(
            style: style, utf16Count: count, records: records, missingGlyphCount: missing, styled: classes.build(),
            styledSource: styled)
    }

    /// `prepare(styled, style: style).measure(width: width, lineLimits: lineLimits)`, but each
    /// paragraph is measured as it is prepared and its storage recycled (as a plain text's
    /// one-shot measure): the line-height classes a paragraph names are known once it is
    /// restyled, and a class never changes after it is made (except past 31 classes, where
    /// class 31 grows: such a text is measured prepared).
    static func measure(
        _ styled: StyledText, style: TextStyle, width: Double, lineLimits: LineLimits
    ) throws(AutoHeightError) -> TextMeasurement {
        try PreparedText.validate(width: width)
        try lineLimits.validate()
        var pass: LinePass? = nil
        var builtClasses = 0
        var missing = 0
        func heights(_ classes: borrowing StyledLineMetrics.Builder) -> LineHeightResolver {
            LineHeightResolver(
                model: style.lineHeight, tables: style.fonts.metricTables, fontSize: style.fontSize,
                styled: classes.build())
        }
        let found = try restyledParagraphs(of: styled, style: style) {
            (_, paragraph, classes, preparer) throws(AutoHeightError) in
            missing += paragraph.missingGlyphs
            if pass == nil {
                pass = LinePass(
                    width: width, heights: heights(classes), tabStop: style.tabStopEm,
                    lineSpacing: style.lineSpacing, lineLimits: lineLimits)
                builtClasses = classes.classCount
            } else if classes.classCount != builtClasses {
                pass!.use(heights(classes))
                builtClasses = classes.classCount
            }
            pass!.add(paragraph)
            preparer.scratch.recycle(consume paragraph)
        }
        guard let (_, classes) = found else {
            return try style.measure(styled.text, width: width, lineLimits: lineLimits)
        }
        guard let pass, !classes.overflowed else {
            return try prepare(styled, style: style).measure(width: width, lineLimits: lineLimits)
        }
        return pass.measurement(lineLimits: lineLimits, missingGlyphCount: missing)
    }

    /// The one pass of a styled text: its runs and boxes checked and resolved, then each
    /// paragraph prepared and restyled, and handed to `body` in order with its offset, the
    /// line-height classes so far and the preparer. Returns the text's length and the classes;
    /// nil, without calling `body`, for a text with no runs and no boxes (plain text).
    private static func restyledParagraphs(
        of styled: StyledText, style: TextStyle,
        _ body: (
            _ start: Int, _ paragraph: consuming PreparedParagraph, _ classes: borrowing StyledLineMetrics.Builder,
            _ preparer: ParagraphPreparer
        ) throws(AutoHeightError) -> Void
    ) throws(AutoHeightError) -> (count: Int, classes: StyledLineMetrics.Builder)? {
        try style.validate()
        var units: [UInt16] = []
        var breakOffsets: [Int32] = []
        let transcoded = transcodeUTF16Units(of: styled.text, into: &units, breakOffsets: &breakOffsets)
        units.removeLast(units.count - transcoded.count)
        // The text's units, handed to the paragraphs' pass as they are (not transcoded again).
        let textUnits = units
        let resolved = try StyledSpans(runs: styled.runs, units: units, baseSize: style.fontSize)
        var boxOffsets: [Int] = []
        units.withUnsafeBufferPointer { units in
            for offset in units.indices where units[offset] == 0xFFFC { boxOffsets.append(offset) }
        }
        try StyledSpans.checkBoxes(styled.boxes, objects: boxOffsets.count)
        if styled.runs.isEmpty && styled.boxes.isEmpty { return nil }
        // Each style's fonts: the base stack, or its run's face before the base stack's fonts
        // (with the context its stretches are shaped in).
        var faces: [RunFace] = []
        faces.reserveCapacity(resolved.styles.count)
        for (index, runStyle) in resolved.styles.enumerated() {
            if runStyle.usesBaseFonts {
                faces.append(RunFace(stack: style.fonts, context: nil))
                continue
            }
            do throws(AutoHeightError) {
                faces.append(try RunFaces.shared.face(for: runStyle, base: style))
            } catch {
                // The run that asked for the face: the last over this style's first stretch to
                // name its family (or, without one, its weight or slant).
                let at = resolved.spans.first { $0.style == index }?.start ?? 0
                let run = styled.runs.lastIndex {
                    $0.start <= at && at < $0.end
                        && (runStyle.family != nil ? $0.family != nil : $0.weight != nil || $0.italic != nil)
                }
                throw .invalidRun(index: run ?? 0, reason: error.description)
            }
        }
        var classes = StyledLineMetrics.Builder(style: style)
        // The faces of the paragraph's pass: each face context once (its number: position + 1).
        var passFaces: [PreparationContext] = []
        for index in faces.indices {
            guard let faceContext = faces[index].context else { continue }
            if let known = passFaces.firstIndex(where: { $0 === faceContext }) {
                faces[index].number = UInt8(known + 1)
            } else {
                passFaces.append(faceContext)
                faces[index].number = UInt8(passFaces.count)
            }
        }
        // Runs of their own in the paragraph's pass: each span of one style (engines shape no
        // run across a change of font, size or spacing: no kerning pair spans two), shaped in
        // its face with the paragraph around it as HarfBuzz's context; and each box (not text:
        // no font of its lends itself to the spaces around it; shaped only to keep its chunk's
        // breaks in a cache).
        var stretches: [ParagraphPreparer.Stretch] = []
        stretches.reserveCapacity(resolved.spans.count + 2 * boxOffsets.count)
        var nextBox = 0
        for span in resolved.spans {
            var start = span.start
            while nextBox < boxOffsets.count && boxOffsets[nextBox] < span.end {
                let box = boxOffsets[nextBox]
                if start < box {
                    stretches.append(ParagraphPreparer.Stretch(range: start..<box, face: faces[span.style].number))
                }
                stretches.append(ParagraphPreparer.Stretch(range: box..<(box + 1), face: 0, isBox: true))
                start = box + 1
                nextBox += 1
            }
            if start < span.end {
                stretches.append(ParagraphPreparer.Stretch(range: start..<span.end, face: faces[span.style].number))
            }
        }
        var spanIndex = 0
        let baseSize = style.fontSize
        let web = style.profile == .web
        // What the pass's restyling found in the paragraph it hands over next.
        var restyledStarts: [UInt8] = []
        var restyledMissing: Int? = nil
        let count = try style.prepareParagraphs(
            fill: { (into, offsets) in
                if into.count < textUnits.count {
                    into.append(contentsOf: repeatElement(0, count: textUnits.count - into.count))
                }
                into.withUnsafeMutableBufferPointer { target in
                    textUnits.withUnsafeBufferPointer { _ = target.update(fromContentsOf: $0) }
                }
                offsets.removeAll(keepingCapacity: true)
                offsets.append(contentsOf: breakOffsets)
                return transcoded
            }, stretches: stretches, faces: passFaces,
            restyle: { (offset, paragraphUnits, advances, flags, fontIndices, boundaries) throws(AutoHeightError) in
                while spanIndex < resolved.spans.count && resolved.spans[spanIndex].end <= offset { spanIndex += 1 }
                let holdsBox = restyle(
                    units: paragraphUnits, offset: offset, spans: resolved, from: spanIndex, faces: faces,
                    boxes: styled.boxes, boxOffsets: boxOffsets, baseSize: baseSize, web: web, classes: &classes,
                    advances: &advances, flags: &flags, fontIndices: &fontIndices, boundaries: &boundaries)
                restyledStarts =
                    classes.mode == .tallest ? lineStarts(units: paragraphUnits, classes: fontIndices) : []
                // Boxes are never missing glyphs: a paragraph holding some counts its clusters again.
                restyledMissing = holdsBox ? UnitFlag.missingClusters(in: flags[...]) : nil
            }
        ) {
            (span, paragraph, all, preparer) throws(AutoHeightError) in
            var restyled = consume paragraph
            let range = span.range
            while spanIndex < resolved.spans.count && resolved.spans[spanIndex].end <= range.lowerBound {
                spanIndex += 1
            }
            if !range.isEmpty {
                restyled.lineStarts = restyledStarts
                if let restyledMissing { restyled.missingGlyphs = restyledMissing }
                assert(restyled.missingGlyphs == UnitFlag.missingClusters(in: restyled.flags[...]))
            }
            // The break ending the paragraph: in CSS it sits on the last line in its run's
            // style; in Pango only an empty line takes its style.
            if range.upperBound < all.count && (classes.mode == .css || range.isEmpty) {
                let at = range.upperBound
                var owner = spanIndex
                while owner + 1 < resolved.spans.count && resolved.spans[owner].end <= at { owner += 1 }
                let runStyle = resolved.styles[resolved.spans[owner].style]
                restyled.endMask =
                    1 << UInt32(classes.font(0, of: faces[resolved.spans[owner].style].stack, size: runStyle.size))
            }
            try body(range.lowerBound, restyled, classes, preparer)
        }
        return (count, classes)
    }

    /// Gives one paragraph (`units` at `offset` in the text, as its pass prepared them) the
    /// widths of its styles and boxes, and its units their line-height classes in place of
    /// their font indices (`baseSize`: the style's size, the advances' em); in the web profile
    /// (`web`), a break opportunity on each side of every box. Returns whether the paragraph
    /// holds a box.
    private static func restyle(
        units: UnsafeBufferPointer<UInt16>, offset: Int, spans: StyledSpans, from firstSpan: Int, faces: [RunFace],
        boxes: [InlineBox], boxOffsets: [Int], baseSize: Double, web: Bool, classes: inout StyledLineMetrics.Builder,
        advances: inout [Double], flags: inout [UInt8], fontIndices: inout [UInt8], boundaries: inout [Int32]
    ) -> Bool {
        let length = units.count
        let end = offset + length
        assert(fontIndices.count == length, "a styled paragraph's pass keeps its font indices")
        // Per unit over the arrays' memory (an inout array checked its uniqueness at every write).
        advances.withUnsafeMutableBufferPointer { advances in
            fontIndices.withUnsafeMutableBufferPointer { fontIndices in
                var index = firstSpan
                while index < spans.spans.count && spans.spans[index].start < end {
                    let span = spans.spans[index]
                    index += 1
                    let lower = max(span.start, offset) - offset
                    let upper = min(span.end, end) - offset
                    guard lower < upper else { continue }
                    let runStyle = spans.styles[span.style]
                    let scale = runStyle.size / baseSize
                    if scale != 1 { for unit in lower..<upper { advances[unit] *= scale } }
                    // Most stretches use one or two fonts: the last one's class is kept. Font
                    // indices are the face's (the paragraph's pass shaped each run in its face).
                    var lastFont = -1
                    var lastClass: UInt8 = 0
                    for unit in lower..<upper {
                        // A box's run font is the run's first (Pango aligns the box by it).
                        let font = units[unit] == 0xFFFC ? 0 : Int(fontIndices[unit])
                        if font != lastFont {
                            lastFont = font
                            lastClass = classes.font(font, of: faces[span.style].stack, size: runStyle.size)
                        }
                        fontIndices[unit] = lastClass
                    }
                    if runStyle.letterSpacing != 0 {
                        let spacing = runStyle.letterSpacing / baseSize
                        for unit in lower..<upper where flags[unit] & UnitFlag.graphemeStart != 0 {
                            let code = units[unit]
                            if code == 0xFFFC || code == 0x09 || (web && isCursive(code)) { continue }
                            advances[unit] += spacing
                        }
                    }
                }
            }
        }
        // Boxes: exactly their width, their height on the baseline, never a missing glyph.
        let firstInParagraph = boxOffsets.partitionPoint { $0 < offset }
        var firstBox = firstInParagraph
        while firstBox < boxOffsets.count && boxOffsets[firstBox] < end {
            let unit = boxOffsets[firstBox] - offset
            let box = boxes[firstBox]
            firstBox += 1
            advances[unit] = box.width / baseSize
            flags[unit] &= ~UnitFlag.missingGlyph
            fontIndices[unit] = classes.box(height: box.height, in: fontIndices[unit])
            // Chromium breaks on both sides of every atomic inline; Pango keeps UAX #14's CB rules.
            if web {
                insertBoundary(Int32(unit), into: &boundaries)
                insertBoundary(Int32(unit + 1), into: &boundaries)
            }
        }
        return firstBox > firstInParagraph
    }

    /// Adds `boundary` (> 0) to the sorted `boundaries` unless it is there.
    private static func insertBoundary(_ boundary: Int32, into boundaries: inout [Int32]) {
        guard boundary > 0 else { return }
        var low = 0
        var high = boundaries.count
        while low < high {
            let middle = (low + high) / 2
            if boundaries[middle] < boundary { low = middle + 1 } else { high = middle }
        }
        if low == boundaries.count || boundaries[low] != boundary { boundaries.insert(boundary, at: low) }
    }

    /// Each unit's class with the baseline kind of its script (``Script/alignmentBaselineKind``);
    /// a unit of no script of its own (a space, a digit, U+FFFC) takes the next unit's script, as
    /// Pango's itemizer gives leading common characters the script that follows them.
    /// Empty when no unit is of a script aligned on another baseline.
    private static func lineStarts(units: UnsafeBufferPointer<UInt16>, classes: [UInt8]) -> [UInt8] {
        guard Script.mayAlignOffAlphabetic(in: units) else { return [] }
        var starts = [UInt8](filledWith: 0, count: units.count)
        // A BMP unit's script from the itemizer's table (Common for every unit of no script of
        // its own, a surrogate's too); a pair's from HarfBuzz. Over the arrays' memory.
        let table = TextRuns.ScriptTable.shared
        starts.withUnsafeMutableBufferPointer { starts in
            classes.withUnsafeBufferPointer { classes in
                var kind: UInt8 = 0
                var index = units.count
                while index > 0 {
                    index -= 1
                    let unit = units[index]
                    let script: Script
                    if UTF16.isTrailSurrogate(unit) && index > 0 && UTF16.isLeadSurrogate(units[index - 1]) {
                        let lead = UInt32(units[index - 1]) - 0xD800
                        script = Script.of(0x10000 + (lead << 10) + (UInt32(unit) - 0xDC00))
                    } else {
                        script = table.entry(unit).script
                    }
                    if !script.isNeutral { kind = script.alignmentBaselineKind }
                    starts[index] = StyledLineMetrics.lineStart(class: classes[index], kind: kind)
                }
            }
        }
        return starts
    }

    /// Letters of scripts that join (Arabic, Syriac, N'Ko, Mongolian): Chromium spaces none of them.
    package static func isCursive(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0600...0x08FF, 0x1800...0x18AF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: true
        default: false
        }
    }
}

extension Array where Element == Int {
    /// The first index whose element fails `belongs` (the elements that pass come first).
    fileprivate func partitionPoint(_ belongs: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
