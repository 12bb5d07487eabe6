import CAutoHeightICU

/// ICU's visual reordering (UAX #9 rule L2, `ubidi_reorderVisual`).
package enum BidiReordering {
    /// The visual order, left to right, of runs with these embedding `levels` (given in logical
    /// order): element `i` is the logical index of the run drawn `i`-th from the left.
    package static func visualOrder(levels: [UInt8]) -> [Int] {
        guard !levels.isEmpty else { return [] }
        var map = [Int32](filledWith: 0, count: levels.count)
        let status = ah_bidi_reorder_visual(levels, Int32(levels.count), &map)
        // Only a negative count fails; the count here is an array's.
        precondition(status == 0, "ubidi_reorderVisual refused \(levels.count) runs")
        return map.map(Int.init)
    }
}

/// The bidi levels of one paragraph for drawing it: one level per UTF-16 unit and the
/// paragraph's level (from its first strong character, rules P2–P3). Sole owner of the `UBiDi`
/// object it opens, closed when it is done.
package struct ParagraphBidi {
    /// One per unit; empty when the paragraph is plainly left-to-right.
    package var levels: [UInt8]
    package var paragraphLevel: UInt8

    var isRightToLeft: Bool { paragraphLevel & 1 == 1 }

    /// A plainly left-to-right paragraph (the caller knows no unit needs bidi).
    package static let leftToRight = ParagraphBidi(levels: [], paragraphLevel: 0)

    private init(levels: [UInt8], paragraphLevel: UInt8) {
        self.levels = levels
        self.paragraphLevel = paragraphLevel
    }

    /// Resolves `units` (one paragraph) with ICU.
    package init(_ units: UnsafeBufferPointer<UInt16>) throws(AutoHeightError) {
        var status: Int32 = 0
        guard let bidi = ah_bidi_open(&status) else { throw .icuFailure("bidi: \(ICUFailure(status: status))") }
        defer { ah_bidi_close(bidi) }
        var resolved = [UInt8](filledWith: 0, count: units.count)
        let level = ah_bidi_levels(bidi, units.baseAddress, Int32(units.count), 0xFE, &resolved, &status)
        guard level >= 0 else { throw .icuFailure("bidi: \(ICUFailure(status: status))") }
        levels = resolved
        paragraphLevel = UInt8(level)
    }
}
