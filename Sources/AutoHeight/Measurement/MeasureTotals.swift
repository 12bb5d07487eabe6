/// One paragraph's lines at one width.
struct ParagraphMeasure: Sendable, Equatable {
    var lineCount: Int
    /// The line heights added in order (no spacing).
    var height: Double
    var maxLineWidth: Double
}

/// The running sums of a measure, paragraph by paragraph, and the measurement they make. Every
/// path (prepared, incremental, one-shot) adds up through this, so their results agree to the
/// last bit.
struct MeasureTotals {
    /// Lines past this many are not visible (``LineLimits/maximum``).
    let maximum: Int
    var lines = 0
    var contentHeight = 0.0
    var visibleLinesHeight = 0.0
    var widest = 0.0

    init(maximum: Int) { self.maximum = maximum }

    /// When `result` is the paragraph in which the maximum is reached: how many of its lines are
    /// shown (then ``add(_:firstLinesHeight:)`` needs their height); nil otherwise.
    func linesShownOf(_ result: ParagraphMeasure) -> Int? {
        lines < maximum && lines + result.lineCount > maximum ? maximum - lines : nil
    }

    /// Adds the next paragraph's result; `firstLinesHeight` is the height of its first
    /// ``linesShownOf(_:)`` lines when that is not nil (else unused).
    mutating func add(_ result: ParagraphMeasure, firstLinesHeight: Double) {
        if lines + result.lineCount <= maximum {
            visibleLinesHeight += result.height
        } else if lines < maximum {
            visibleLinesHeight += firstLinesHeight
        }
        lines += result.lineCount
        contentHeight += result.height
        widest = max(widest, result.maxLineWidth)
    }

    /// The measurement of the paragraphs added: line spacing between lines, and the visible lines
    /// clamped to the limits (lines below the minimum are empty lines of the primary font).
    func measurement(
        width: Double, lineLimits: LineLimits, lineSpacing: Double, emptyLineHeight: Double, missingGlyphCount: Int
    ) -> TextMeasurement {
        let visibleLines = min(max(lines, lineLimits.minimum, 1), maximum)
        let shownContentLines = min(lines, visibleLines)
        let visibleHeight =
            visibleLinesHeight
            + Double(visibleLines - shownContentLines) * emptyLineHeight
            + Double(visibleLines - 1) * lineSpacing
        return TextMeasurement(
            lineCount: lines,
            height: contentHeight + Double(lines - 1) * lineSpacing,
            width: width,
            maxLineWidth: widest,
            missingGlyphCount: missingGlyphCount,
            visibleLineCount: visibleLines,
            visibleHeight: visibleHeight,
            overflows: lines > maximum)
    }
}
