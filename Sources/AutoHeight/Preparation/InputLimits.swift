/// Bounds on what one text may ask of the engine, checked before the work they bound: a text or
/// paragraph beyond them, or a character carrying too many combining marks, is a typed error
/// with a one-line message, never an abort for want of memory or a keystroke that never ends.
///
/// ```swift
/// var style = TextStyle(fonts: try .bundled())
/// style.limits.maximumParagraphLength = 1 << 20   // a chat field: 1 Mi UTF-16 units at most
/// ```
///
/// See `docs/limits.md` for the costs these bound.
public struct InputLimits: Sendable, Equatable {
    /// UTF-16 units in one text. Default (and most): 2³¹ − 2, what ICU and HarfBuzz index.
    public var maximumTextLength: Int
    /// UTF-16 units in one paragraph (text between explicit breaks), which is prepared in one
    /// piece. Default 16 Mi (16,777,216).
    public var maximumParagraphLength: Int
    /// Combining marks in a row: scalars whose canonical combining class is not 0 (UAX #15's
    /// non-starters). Shaping time is quadratic in the length of such a run (`a` + 200,000
    /// U+0301 did not finish in 120 s). Default 1024: far above real text and "zalgo" text
    /// (the test corpora's longest run is 60), far below the quadratic blow-up; 30 is UAX #15's
    /// Stream-Safe Text Format bound, for callers that want it.
    public var maximumCombiningMarks: Int

    /// The hard ceiling of ``maximumTextLength``.
    public static let textLengthCeiling = Int(Int32.max) - 1

    /// Limits with the given values; every default is the documented one.
    public init(
        maximumTextLength: Int = InputLimits.textLengthCeiling, maximumParagraphLength: Int = 16 << 20,
        maximumCombiningMarks: Int = 1024
    ) {
        self.maximumTextLength = maximumTextLength
        self.maximumParagraphLength = maximumParagraphLength
        self.maximumCombiningMarks = maximumCombiningMarks
    }

    /// Throws ``AutoHeightError/invalidInputLimits(_:)`` for a limit below 1 or a text limit over
    /// ``textLengthCeiling``.
    func validate() throws(AutoHeightError) {
        guard maximumTextLength >= 1, maximumTextLength <= Self.textLengthCeiling, maximumParagraphLength >= 1,
            maximumCombiningMarks >= 1
        else {
            throw .invalidInputLimits(
                "text \(maximumTextLength), paragraph \(maximumParagraphLength), "
                    + "combining marks \(maximumCombiningMarks)")
        }
    }

    /// Throws ``AutoHeightError/textExceedsLimit(utf16Count:limit:)`` past ``maximumTextLength``.
    func check(textLength: Int) throws(AutoHeightError) {
        guard textLength <= maximumTextLength else {
            throw .textExceedsLimit(utf16Count: textLength, limit: maximumTextLength)
        }
    }

    /// Checks one paragraph: its length, then its runs of combining marks.
    func check(paragraph units: UnsafeBufferPointer<UInt16>) throws(AutoHeightError) {
        guard units.count <= maximumParagraphLength else {
            throw .paragraphExceedsLimit(utf16Count: units.count, limit: maximumParagraphLength)
        }
        if let run = CombiningMarks.firstRun(longerThan: maximumCombiningMarks, in: units) {
            throw .combiningMarksExceedLimit(utf16Offset: run.offset, count: run.count, limit: maximumCombiningMarks)
        }
    }
}
