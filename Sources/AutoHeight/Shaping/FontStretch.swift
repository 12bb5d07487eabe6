/// Consecutive grapheme clusters handed on in order with their font, gathered into stretches of
/// one font: a stretch in a font other than the primary is reshaped in it once a cluster in
/// another font ends it (or ``finish(shaper:run:units:advances:fontIndices:flags:anyMissing:)``).
struct FontStretch {
    /// The open stretch's font (nil: none open, the clusters before are the primary's).
    private var choice: ParagraphShaper.FontChoice? = nil
    private var start = 0
    private var end = 0
    /// Whether clusters added in the primary font are checked for
    /// ``UnitFlag/unshapedInPrimary`` (a foreign run's).
    var watchesUnshaped = false
    /// Whether such a cluster was added in the primary font: its advances are not there.
    private(set) var leftUnshapedInPrimary = false

    /// Adds the clusters of `range`, which follow the clusters added before, in `choice`'s font
    /// (not the primary: index 0 is ``addPrimary(_:shaper:run:units:advances:fontIndices:flags:anyMissing:)``).
    mutating func add(
        _ range: Range<Int>, _ choice: ParagraphShaper.FontChoice, shaper: ParagraphShaper, run: TextRun,
        units: UnsafeBufferPointer<UInt16>, advances: inout [Double], fontIndices: inout [UInt8],
        flags: inout [UInt8], anyMissing: inout Bool
    ) throws(AutoHeightError) {
        if self.choice?.index == choice.index {
            end = range.upperBound
            return
        }
        try finish(
            shaper: shaper, run: run, units: units, advances: &advances, fontIndices: &fontIndices, flags: &flags,
            anyMissing: &anyMissing)
        self.choice = choice
        start = range.lowerBound
        end = range.upperBound
    }

    /// Adds the clusters of `range`, which follow the clusters added before, in the primary font.
    mutating func addPrimary(
        _ range: Range<Int>, shaper: ParagraphShaper, run: TextRun, units: UnsafeBufferPointer<UInt16>,
        advances: inout [Double], fontIndices: inout [UInt8], flags: inout [UInt8], anyMissing: inout Bool
    ) throws(AutoHeightError) {
        if watchesUnshaped && !leftUnshapedInPrimary {
            for unit in range where flags[unit] & UnitFlag.unshapedInPrimary != 0 {
                leftUnshapedInPrimary = true
                break
            }
        }
        guard choice != nil else { return }
        try finish(
            shaper: shaper, run: run, units: units, advances: &advances, fontIndices: &fontIndices, flags: &flags,
            anyMissing: &anyMissing)
    }

    /// Reshapes the stretch still open, if any.
    mutating func finish(
        shaper: ParagraphShaper, run: TextRun, units: UnsafeBufferPointer<UInt16>, advances: inout [Double],
        fontIndices: inout [UInt8], flags: inout [UInt8], anyMissing: inout Bool
    ) throws(AutoHeightError) {
        guard let open = choice else { return }
        choice = nil
        try shaper.reshape(
            start..<end, with: open, run: run, units: units, advances: &advances, fontIndices: &fontIndices,
            flags: &flags, anyMissing: &anyMissing)
    }
}
