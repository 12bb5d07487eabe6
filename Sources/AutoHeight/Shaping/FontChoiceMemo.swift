/// The fonts chosen for grapheme clusters that leave the primary font (a fallback for clusters
/// it lacks, a colour font for emoji), remembered for one font stack and language: asking a
/// ``SystemFallback`` takes its lock and hashes strings, a memo hit one small hash.
///
/// Held by pooled preparation scratch (one thread at a time) and kept from text to text while
/// the stack and language stay the same; emptied when they change or it grows past
/// ``capacity`` entries. What it holds is what the stack's fonts and the system fallback would
/// answer again (discovered fonts keep their indices), so it changes no result.
final class FontChoiceMemo {
    struct Key: Hashable {
        var script: Script
        var colorOnly: Bool
        /// The cluster's scalars that need a glyph.
        var scalars: [UInt32]
    }

    /// The most clusters remembered.
    static let capacity = 4096

    @exclusivity(unchecked) private var owner: (stack: String, language: String)? = nil
    @exclusivity(unchecked) private var choices: [Key: ParagraphShaper.FontChoice?] = [:]

    /// Keeps what is remembered if it was for `stack` (a ``FontStack/cacheIdentity``) and
    /// `language`, else forgets it.
    func use(stack: String, language: String) {
        if let owner, owner.stack == stack, owner.language == language { return }
        owner = (stack, language)
        choices.removeAll(keepingCapacity: true)
    }

    /// The remembered choice for `key` (`.some(nil)`: no font covers it), or computes and keeps it
    /// (a failure is not kept).
    func choice(
        for key: Key, compute: () throws(AutoHeightError) -> ParagraphShaper.FontChoice?
    ) throws(AutoHeightError) -> ParagraphShaper.FontChoice? {
        if let known = choices[key] { return known }
        let found = try compute()
        if choices.count >= Self.capacity { choices.removeAll(keepingCapacity: true) }
        choices[key] = .some(found)
        return found
    }
}
