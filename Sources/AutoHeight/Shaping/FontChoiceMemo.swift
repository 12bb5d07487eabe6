/// The fonts chosen for grapheme clusters that leave the primary font (a fallback for clusters
/// it lacks, a colour font for emoji), remembered for one font stack and language: asking a
/// ``SystemFallback`` takes its lock and hashes strings, a memo hit one small hash.
///
/// Held by pooled preparation scratch (one thread at a time) and kept from text to text, for the
/// current stack and language and the last few before them; emptied when it grows past
/// ``capacity`` entries. What it holds is what the stack's fonts and the system fallback would
/// answer again (discovered fonts keep their indices), so it changes no result.
///
/// Clusters needing at most four characters (nearly all) are kept in a ``ShortClusterChoices``
/// table keyed by their packed ``NeededScalars`` (a hit allocates nothing), longer ones in a
/// dictionary keyed by their scalars. It also lends a scalar buffer to font choice.
final class FontChoiceMemo {
    struct Key: Hashable {
        var script: Script
        var colorOnly: Bool
        /// The cluster's scalars that need a glyph.
        var scalars: [UInt32]
    }

    /// The most clusters remembered (in each of the two tables).
    static let capacity = 4096

    private var owner: (stack: String, language: String)? = nil
    private var choices: [Key: ParagraphShaper.FontChoice?] = [:]
    private var shortChoices = ShortClusterChoices(capacity: FontChoiceMemo.capacity)
    /// A scalar buffer lent to font choice (swapped out while in use, so never shared).
    var scalars: [UInt32] = []
    /// Every font a remembered choice names (``ParagraphShaper/FontChoice`` does not retain its
    /// font): kept as long as the choices are.
    private var fonts: [Font] = []

    /// The choices of the stacks used before the current one, most recent last: a styled
    /// text's runs in other faces switch stacks within one text, and each switch emptied the
    /// one table (a Japanese text in the bundled fonts with bold runs chose every kana's font
    /// again, 1.8x the instructions of the same text plain).
    private var parked: [(owner: (stack: String, language: String), tables: Tables)] = []
    private static let parkedLimit = 3

    private struct Tables {
        var choices: [Key: ParagraphShaper.FontChoice?]
        var shortChoices: ShortClusterChoices
        var fonts: [Font]
    }

    /// Makes the choices for `stack` (a ``FontStack/cacheIdentity``) and `language` the current
    /// ones: kept if they are, taken back if they were parked, else empty; the current ones
    /// are parked (the oldest parked past ``parkedLimit`` are forgotten).
    func use(stack: String, language: String) {
        if let owner, owner.stack == stack, owner.language == language { return }
        let found = parked.lastIndex { $0.owner.stack == stack && $0.owner.language == language }
        let next = found.map { parked.remove(at: $0).tables }
        if let owner {
            parked.append((owner, Tables(choices: choices, shortChoices: shortChoices, fonts: fonts)))
            if parked.count > Self.parkedLimit { parked.removeFirst() }
        }
        owner = (stack, language)
        choices = next?.choices ?? [:]
        shortChoices = next?.shortChoices ?? ShortClusterChoices(capacity: Self.capacity)
        fonts = next?.fonts ?? []
    }

    /// The remembered choice for a cluster of `script` needing the short `needed` (`.some(nil)`:
    /// no font covers it), or nil when none is remembered.
    func known(script: Script, colorOnly: Bool, needed: NeededScalars) -> ParagraphShaper.FontChoice?? {
        shortChoices.value(script: script, colorOnly: colorOnly, needed: needed)
    }

    /// The remembered choice for `key` (a cluster needing more than four characters), or nil.
    func known(_ key: Key) -> ParagraphShaper.FontChoice?? { choices[key] }

    /// Keeps `choice` for a cluster of `script` needing the scalars `scalars`, gathered as
    /// `needed`.
    func remember(
        _ choice: ParagraphShaper.FontChoice?, script: Script, colorOnly: Bool, needed: NeededScalars,
        scalars: [UInt32]
    ) {
        if let font = choice?.font, !fonts.contains(where: { $0 === font }) { fonts.append(font) }
        if needed.isShort {
            shortChoices.insert(choice, script: script, colorOnly: colorOnly, needed: needed)
            return
        }
        if choices.count >= Self.capacity { choices.removeAll(keepingCapacity: true) }
        choices[Key(script: script, colorOnly: colorOnly, scalars: scalars)] = .some(choice)
    }

    /// How many clusters are remembered (short ones, others).
    var counts: (short: Int, others: Int) { (shortChoices.count, choices.count) }
}
