/// What one thread's shaping reuses from text to text: the HarfBuzz buffer every shaping goes
/// through, and the fonts chosen for clusters before. Used by one thread at a time (pooled
/// preparation scratch storage holds one).
final class ShapingWorkspace {
    let buffer = HarfBuzzBuffer()
    let fontChoices = FontChoiceMemo()
}
