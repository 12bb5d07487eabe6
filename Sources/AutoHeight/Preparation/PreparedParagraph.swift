/// The text between two break opportunities: it is placed on a line whole, or, when wider than
/// the line by itself, broken at grapheme boundaries.
package struct Segment: Sendable, Equatable {
    /// End offset (paragraph-relative, exclusive), after any trailing whitespace.
    package var end: Int32
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
package struct PreparedParagraph: Sendable, Equatable {
    package var length: Int
    package var segments: [Segment]
    /// Advance of each UTF-16 unit in em (a cluster's advance sits on its first unit).
    var advances: [Double]
    /// ``UnitFlag`` bits per UTF-16 unit.
    var flags: [UInt8]
    var missingGlyphs: Int
    /// Units that may need bidi (``CharacterClasses/mayNeedBidi(_:)``): while there are none, the
    /// paragraph is left-to-right throughout, and an edit may re-prepare only a window of it.
    var bidiUnits: Int = 0
    /// Added to the mask of the paragraph's last line: in a styled text, the line-height class of
    /// the break that ends the paragraph (its style gives an empty line its height).
    var endMask: UInt32 = 0
    /// Per unit of a styled paragraph whose lines align runs on a script's baseline (Pango's
    /// heights): the unit's line-height class and baseline kind
    /// (``StyledLineMetrics/lineStart(class:kind:)``), read for each line's first unit. Empty
    /// otherwise.
    var lineStarts: [UInt8] = []

    /// Whether HarfBuzz inserted a dotted circle into one of its clusters (``UnitFlag/dottedCircle``):
    /// such a paragraph is not cut into windows, whose shaping could number its syllables
    /// otherwise. Complexity: O(n).
    var holdsDottedCircle: Bool { flags.contains { $0 & UnitFlag.dottedCircle != 0 } }

    /// The heap memory of its arrays, at their capacities, in bytes.
    var byteCount: Int {
        advances.capacity * MemoryLayout<Double>.stride + flags.capacity
            + segments.capacity * MemoryLayout<Segment>.stride
    }

    static let empty = PreparedParagraph(length: 0, segments: [], advances: [], flags: [], missingGlyphs: 0)

    /// The structural rules every prepared paragraph keeps, as the violations found (empty when
    /// it is sound): one advance and one flag per unit; segments whose ends rise strictly and
    /// tile the paragraph, each with its content end inside it. Preparation checks them in debug
    /// builds.
    var invariantViolations: [String] {
        var found: [String] = []
        if advances.count != length { found.append("\(advances.count) advances for \(length) units") }
        if flags.count != length { found.append("\(flags.count) flags for \(length) units") }
        var start: Int32 = 0
        for (index, segment) in segments.enumerated() {
            if segment.end <= start { found.append("segment \(index) ends at \(segment.end), not after \(start)") }
            if segment.contentEnd < start || segment.contentEnd > segment.end {
                found.append(
                    "segment \(index) has its content end \(segment.contentEnd) outside \(start)...\(segment.end)")
            }
            start = segment.end
        }
        if length > 0 && start != Int32(length) { found.append("segments end at \(start), not at \(length)") }
        return found
    }
}
