/// Whether a grapheme cluster is shown as an emoji (UTS #51 presentation), from ICU's emoji
/// properties. Such clusters prefer colour fonts (see ``FontStack``).
enum EmojiPresentation {
    /// Whether a UTF-16 unit may belong to an emoji cluster: a character with default emoji
    /// presentation in the BMP (all between U+231A and U+2B55, plus U+3030, U+303D, U+3297,
    /// U+3299), the emoji variation selector U+FE0F, or a high surrogate of the emoji planes.
    /// A quick filter: text without such units needs no emoji test.
    static func mayStartEmoji(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x231A...0x2B55, 0x3030, 0x303D, 0x3297, 0x3299, 0xFE0F, 0xD83C...0xD83E: return true
        default: return false
        }
    }

    /// Whether the cluster made of `scalars` is presented as emoji:
    /// - a character followed by U+FE0E (text presentation selector) is text;
    /// - an emoji character followed by U+FE0F (emoji presentation selector) is emoji (`©️`,
    ///   `❤️`, keycaps `1️⃣`);
    /// - a character with default emoji presentation (`😀`, regional-indicator flags, skin
    ///   tones) is emoji;
    /// - a text-default emoji character becomes emoji with a skin-tone modifier (`☝🏻`), a ZWJ
    ///   sequence (`❤‍🔥`) or tag characters (subdivision flags);
    /// - anything else is text (`©`, `❤`, digits, `1⃣` without U+FE0F).
    static func isEmoji(_ scalars: [UInt32]) -> Bool {
        guard let first = scalars.first, first >= 0x23 else { return false }
        if first < 0xA9 && !(first == 0x23 || first == 0x2A || (0x30...0x39).contains(first)) { return false }
        let properties = UnicodeProperties.emojiProperties(of: first)
        let isEmojiCharacter = properties.contains(.emoji)
        if scalars.count > 1 {
            if scalars[1] == 0xFE0E { return false }
            if scalars[1] == 0xFE0F { return isEmojiCharacter }
        }
        if properties.contains(.emojiPresentation) { return true }
        guard isEmojiCharacter || properties.contains(.extendedPictographic) else { return false }
        let isModifierBase = properties.contains(.emojiModifierBase)
        for scalar in scalars.dropFirst() {
            if (0x1F3FB...0x1F3FF).contains(scalar) && isModifierBase { return true }
            if scalar == 0x200D || (0xE0020...0xE007F).contains(scalar) { return true }
        }
        return false
    }
}
