/// Per-font vertical metrics of a stack in em, for line heights, built once per `FontStack` (a
/// class: a line-height resolver takes one reference). Fonts the system fallback discovers later
/// (while an editable text is edited) are read from the fallback itself when a resolver is made,
/// so the tables never go stale.
package final class FontMetricTables: Sendable {
    let ascenders: [Double]
    let descenders: [Double]
    let lineGaps: [Double]
    let systemFallback: SystemFallback?

    /// Tables of given metrics (font `i` has `ascenders[i]`, …), e.g. for tests without fonts.
    init(ascenders: [Double], descenders: [Double], lineGaps: [Double], systemFallback: SystemFallback? = nil) {
        precondition(!ascenders.isEmpty && ascenders.count == descenders.count && ascenders.count == lineGaps.count)
        self.ascenders = ascenders
        self.descenders = descenders
        self.lineGaps = lineGaps
        self.systemFallback = systemFallback
    }

    convenience init(fonts: [Font], systemFallback: SystemFallback?) {
        self.init(
            ascenders: fonts.map(\.metrics.ascender), descenders: fonts.map(\.metrics.descender),
            lineGaps: fonts.map(\.metrics.lineGap), systemFallback: systemFallback)
    }
}
