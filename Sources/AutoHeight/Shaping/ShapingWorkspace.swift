/// What one thread's shaping reuses: the HarfBuzz buffer every shaping goes through and the fonts
/// chosen for clusters before (from text to text), and the ranges shaped so far in the current
/// text. Used by one thread at a time (pooled preparation scratch storage holds one).
final class ShapingWorkspace {
    let buffer = HarfBuzzBuffer()
    let fontChoices = FontChoiceMemo()
    let shapedRanges = ShapedRangeMemo()
}
