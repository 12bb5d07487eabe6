/// Where a tab moves the pen: to the next multiple of `interval` (em), and, when that is nearer
/// than `minimumAdvance`, to the one after (Chromium keeps a tab at least half a space wide, so
/// a tab is always visible; the editor profile has no minimum). An interval of 0 makes tabs
/// zero wide (CSS `tab-size: 0`).
package struct TabStops: Equatable {
    let interval: Double
    let minimumAdvance: Double

    /// The pen position after a tab at `position` (em from the line start).
    package func next(after position: Double) -> Double {
        guard interval > 0 else { return position }  // tab-size: 0
        let stop = ((position / interval).rounded(.down) + 1) * interval
        return stop - position < minimumAdvance ? stop + interval : stop
    }
}
