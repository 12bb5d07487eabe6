/// Where a text clamped to a number of lines is cut for an ellipsis: a feed card's "show more"
/// (CSS `line-clamp`, `UILabel.numberOfLines`).
public struct EllipsisCut: Sendable, Equatable {
    /// The UTF-16 offset after which the visible text ends (a grapheme boundary on the last
    /// visible line); the "…" follows it.
    public var utf16Offset: Int
    /// The ellipsis's x position in px from the start of the last visible line.
    public var x: Double
    /// The ellipsis's width in px, in the font of the text it follows.
    public var width: Double
}

extension PreparedText {
    /// Where to cut the text for an ellipsis when it has more than `maximumLines` lines at
    /// `width` px: the longest prefix of the last visible line (a grapheme boundary, trailing
    /// whitespace left out) such that it and a "…" in the font of the text before the cut fit in
    /// `width`. The ellipsis alone is placed at the line's start when nothing fits beside it.
    /// Nil when the text fits in `maximumLines` lines.
    ///
    /// Complexity: O(lines) plus O(units of the last visible line); shapes the ellipsis.
    public func ellipsis(width: Double, maximumLines: Int) throws(AutoHeightError) -> EllipsisCut? {
        guard maximumLines >= 1 else { throw .invalidLineLimits(minimum: 1, maximum: maximumLines) }
        let lines = try lines(width: width)
        guard lines.count > maximumLines else { return nil }
        let line = lines[maximumLines - 1]
        let recordIndex = records.lastIndex { $0.start <= line.range.lowerBound } ?? 0
        let record = records[recordIndex]
        let paragraph = record.paragraph
        let start = line.range.lowerBound - record.start
        let end = line.range.upperBound - record.start
        let fontSize = style.fontSize
        let tabStop = style.tabStopEm
        var pens = [0.0]
        pens.reserveCapacity(end - start + 1)
        for unit in start..<end {
            pens.append(
                pens[pens.count - 1]
                    + paragraph.unitsWidth(unit..<unit + 1, pen: pens[pens.count - 1], tabStop: tabStop))
        }
        // Cuts just after a segment's trailing whitespace are left out: "brown…", not "brown …".
        var afterWhitespace = [Bool](filledWith: false, count: end - start + 1)
        var segmentStart = 0
        for segment in paragraph.segments {
            let contentEnd = Int(segment.contentEnd)
            let segmentEnd = Int(segment.end)
            let lower = max(contentEnd + 1, start)
            let upper = min(segmentEnd, end)
            if segmentEnd > start && segmentStart < end && lower <= upper {
                for cut in lower...upper { afterWhitespace[cut - start] = true }
            }
            if segmentEnd >= end { break }
            segmentStart = segmentEnd
        }
        let limit = PreparedParagraph.fitLimit(width)
        let visible = PreparedParagraph.fitLimit(line.width)
        // The "…" is shaped once per style met, not once per candidate cut.
        var ellipsisWidths: [ResolvedRunStyle: Double] = [:]
        var cut = end
        while cut >= start {
            let boundary =
                cut == start || cut == paragraph.length || paragraph.flags[cut] & UnitFlag.graphemeStart != 0
            let x = pens[cut - start] * fontSize
            // Past the visible width: trailing whitespace, left out before an ellipsis.
            if boundary && (cut == start || (x <= visible && !afterWhitespace[cut - start])) {
                let runStyle = ellipsisStyle(after: record.start + max(cut - 1, start))
                let ellipsis: Double
                if let known = ellipsisWidths[runStyle] {
                    ellipsis = known
                } else {
                    ellipsis = try ellipsisWidth(in: runStyle)
                    ellipsisWidths[runStyle] = ellipsis
                }
                if cut == start || x + ellipsis <= limit {
                    return EllipsisCut(utf16Offset: record.start + cut, x: x, width: ellipsis)
                }
            }
            cut -= 1
        }
        return nil
    }

    /// The face and size of the text at UTF-16 `offset` (its runs', letter spacing left out).
    private func ellipsisStyle(after offset: Int) -> ResolvedRunStyle {
        var resolved = ResolvedRunStyle(family: nil, weight: 400, italic: false, size: style.fontSize, letterSpacing: 0)
        for run in styledSource?.runs ?? [] where run.start <= offset && offset < run.end {
            resolved.family = run.family ?? resolved.family
            resolved.weight = run.weight ?? resolved.weight
            resolved.italic = run.italic ?? resolved.italic
            resolved.size = run.size ?? resolved.size
        }
        return resolved
    }

    /// The width of "…" in `runStyle`.
    private func ellipsisWidth(in runStyle: ResolvedRunStyle) throws(AutoHeightError) -> Double {
        guard styledSource?.runs.isEmpty == false else {
            return try style.measure("\u{2026}", width: AutoHeightError.maximumWidth).maxLineWidth
        }
        let run = StyleRun(
            start: 0, end: 1, family: runStyle.family, weight: runStyle.weight, italic: runStyle.italic,
            size: runStyle.size)
        return try style.measure(StyledText("\u{2026}", runs: [run]), width: AutoHeightError.maximumWidth).maxLineWidth
    }
}
