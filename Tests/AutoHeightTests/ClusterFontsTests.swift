import Foundation
import Testing

@testable import AutoHeight

/// The shortcuts of font choice per cluster (`ClusterFonts.swift`) and its memo's packed table:
/// each answers what the long way answers.
@Suite struct ClusterFontsTests {
    /// Rule: a cluster of one UTF-16 unit that cannot start an emoji is no emoji (the walk skips
    /// its emoji test): every Emoji_Presentation character's first unit may start one.
    @Test func everyEmojiPresentationCharacterStartsWithAFlaggedUnit() {
        var unflagged: [String] = []
        var presentation = 0
        for value in UInt32(0)...0x10_FFFF where !(0xD800...0xDFFF).contains(value) {
            guard UnicodeProperties.emojiProperties(of: value).contains(.emojiPresentation) else { continue }
            presentation += 1
            let first = Array(String(Unicode.Scalar(value)!).utf16)[0]
            if !EmojiPresentation.mayStartEmoji(first) { unflagged.append(String(value, radix: 16)) }
        }
        #expect(unflagged.isEmpty, "Emoji_Presentation characters whose first unit is not flagged: \(unflagged)")
        #expect(presentation > 1000, "ICU's emoji data is there (\(presentation) characters)")
        for unit in UInt16(0)...0xFFFF where !EmojiPresentation.mayStartEmoji(unit) && !(0xD800...0xDFFF).contains(unit)
        {
            #expect(!EmojiPresentation.isEmoji([UInt32(unit)]), "U+\(String(unit, radix: 16)) alone")
        }
    }

    /// Rule: a cluster of several units holding no unit that ``ParagraphShaper/mayMakeEmoji(_:)``
    /// is no emoji (the walk skips gathering its scalars): every grapheme cluster of the fallback
    /// fixture's texts (emoji corpus included), and text-default pictographs made emoji by a tag
    /// sequence, a ZWJ, U+FE0F or a skin tone.
    @Test func emojiClustersHoldAUnitThatMayMakeEmoji() throws {
        var texts = try Fixtures.pangoRecords("pango-fallback-agreement.jsonl").map(\.text)
        texts += [
            "\u{A9}\u{E0067}\u{E0062}\u{E007F}", "\u{2764}\u{200D}\u{1F525}", "\u{A9}\u{FE0F}", "\u{261D}\u{1F3FB}",
        ]
        var emoji = 0
        for text in texts {
            for character in text {
                let scalars = character.unicodeScalars.map(\.value)
                guard EmojiPresentation.isEmoji(scalars) else { continue }
                emoji += 1
                #expect(
                    String(character).utf16.contains(where: ParagraphShaper.mayMakeEmoji),
                    "\(scalars.map { String($0, radix: 16) }) is emoji")
            }
        }
        #expect(emoji > 100, "the fixtures hold emoji (\(emoji))")
        #expect(EmojiPresentation.isEmoji([0xA9, 0xE0067, 0xE007F]), "a tag sequence makes © emoji")
        #expect(!ParagraphShaper.mayMakeEmoji(0xA9) && ParagraphShaper.mayMakeEmoji(0xDB40))
    }

    /// Rule: the packed table answers as a dictionary keyed by script, colour and the scalar
    /// array: random keys of 0 to 4 scalars (orders and lengths that share scalars included),
    /// growing from 16 slots, and emptied whole when a new key finds it full.
    @Test func shortClusterChoicesAnswerAsADictionary() {
        struct Key: Hashable {
            var script: Script
            var colorOnly: Bool
            var scalars: [UInt32]
        }
        let fonts = [Fixtures.notoSans, Fixtures.nanumGothic]
        let capacity = 300
        var table = ShortClusterChoices(capacity: capacity)
        var reference: [Key: Int?] = [:]
        var generator = EditableTextTests.Generator(state: 13)
        let scripts: [Script] = [.latin, .han, .arabic]
        var clears = 0
        for step in 0..<20_000 {
            let length = Int(generator.next() % 5)
            let scalars = (0..<length).map { _ in UInt32(0x20 + generator.next() % 40) }
            var needed = NeededScalars()
            for scalar in scalars { needed.append(scalar) }
            let key = Key(
                script: scripts[Int(generator.next() % 3)], colorOnly: generator.next() % 2 == 0, scalars: scalars)
            let known = table.value(script: key.script, colorOnly: key.colorOnly, needed: needed)
            #expect(known.map { $0?.index } == reference[key], "step \(step): \(key)")
            if generator.next() % 3 == 0 || known == nil {
                let index = Int(generator.next() % 3)
                let choice = index == 2 ? nil : ParagraphShaper.FontChoice(index: index + 1, font: fonts[index])
                if reference[key] == nil && reference.count == capacity {
                    reference.removeAll()
                    clears += 1
                }
                table.insert(choice, script: key.script, colorOnly: key.colorOnly, needed: needed)
                reference[key] = .some(choice?.index)
            }
            #expect(table.count == reference.count, "step \(step)")
        }
        #expect(clears > 3, "the table filled and was emptied (\(clears) times)")
    }

    /// Rule: scalars are packed whole up to four, each in 21 bits; the same scalars in another
    /// order or with one more are another key.
    @Test func neededScalarsPackDistinctly() {
        func packed(_ scalars: [UInt32]) -> NeededScalars {
            var needed = NeededScalars()
            for scalar in scalars { needed.append(scalar) }
            return needed
        }
        #expect(packed([0x10_FFFF, 0x10_FFFF, 0x10_FFFF, 0x10_FFFF]).isShort)
        #expect(!packed([0x41, 0x42, 0x43, 0x44, 0x45]).isShort)
        let keys = [
            [], [0x41], [0x41, 0x42], [0x42, 0x41], [0x41, 0x42, 0x43], [0x41, 0x42, 0x43, 0x44], [0x1F600],
        ]
        .map(packed)
        for (index, key) in keys.enumerated() {
            for other in keys[(index + 1)...] { #expect(key != other) }
        }
        var table = ShortClusterChoices(capacity: 16)
        for (index, key) in keys.enumerated() {
            table.insert(
                ParagraphShaper.FontChoice(index: index + 1, font: Fixtures.notoSans), script: .latin, colorOnly: false,
                needed: key)
        }
        #expect(
            keys.map { table.value(script: .latin, colorOnly: false, needed: $0)??.index ?? 0 } == Array(1...keys.count)
        )
        #expect(table.value(script: .latin, colorOnly: true, needed: keys[1]) == nil)
        #expect(table.value(script: .han, colorOnly: false, needed: keys[1]) == nil)
    }
}
