import Foundation
import Testing

@testable import AutoHeight

/// Font stacks: cluster-level fallback, system fallback through fontconfig, colour emoji, spaces
/// between fonts, missing glyphs and per-line heights.
@Suite struct FontFallbackTests {
    /// Rule: a cluster goes to the first font that covers all of it, so a combining mark stays
    /// with its base even when the primary font has the base.
    @Test func combiningMarkStaysWithItsBase() throws {
        // Nanum Gothic has "q" but not U+0301 (and no precomposed q́); Noto Sans has both.
        #expect(Fixtures.nanumGothic.covers("q") && !Fixtures.nanumGothic.covers("\u{0301}"))
        let style = TextStyle(fonts: FontStack(Fixtures.nanumGothic, fallbacks: [Fixtures.notoSans]), fontSize: 16)
        let accented = try FallbackFixtures.advances("q\u{0301}", style: style)
        // The whole cluster is Noto Sans's; nothing is missing.
        #expect(accented == (try FallbackFixtures.advances("q\u{0301}", style: Fixtures.style())))
        #expect(try style.measure("q\u{0301}", width: 1000).missingGlyphCount == 0)
        #expect(close(try FallbackFixtures.lineHeights("q\u{0301}", style: style)[0], Fixtures.notoLineHeight16))
        // A bare "q" stays in the primary font, and so does "e\u{0301}", which HarfBuzz composes
        // to the primary's "é".
        let nanum = Fixtures.nanumGothic.metrics.lineHeight * 16
        #expect(!close(nanum, Fixtures.notoLineHeight16))
        #expect(close(try FallbackFixtures.lineHeights("q", style: style)[0], nanum))
        #expect(close(try FallbackFixtures.lineHeights("e\u{0301}", style: style)[0], nanum))
        // A base no font has with its mark: the cluster still stays in one font, the first with
        // the base (Nanum Gothic has U+3131, nobody here has U+3131 + U+0301), and counts as missing.
        let orphan = try style.measure("\u{3131}\u{0301}", width: 1000)
        #expect(orphan.missingGlyphCount == 1)
    }

    /// Rule: the fallback order is fontconfig's for the primary family and the run's language,
    /// fonts load only when a cluster needs them, and each keeps its position for good.
    @Test func systemFallbackFindsFontsInFontconfigOrder() throws {
        let fallback = SystemFallback(acceptingOnly: [
            "/usr/share/fonts/truetype/noto/*", "/usr/share/fonts/opentype/noto/*",
            "/usr/share/fonts/truetype/dejavu/*",
        ])
        #expect(fallback.isAvailable)
        #expect(fallback.discoveredFonts.isEmpty, "nothing loads before a cluster needs it")
        let style = FallbackFixtures.style(fallback: fallback)
        _ = try style.prepare("Plain Latin text.")
        #expect(fallback.discoveredFonts.isEmpty, "the primary covers Latin")

        let korean = try style.measure("안녕하세요", width: 1000)
        #expect(korean.missingGlyphCount == 0)
        let first = fallback.discoveredFonts
        #expect(first.count == 1)
        #expect(first[0].familyName == "Noto Sans CJK KR", "ko is the likely language of Hangul: \(first[0])")
        // Pango's line height for a Hangul line with this fallback: 23.168 px.
        #expect(close(korean.height, 23.168, 1e-3))

        // Arabic in English text sorts by `ar`: DejaVu Sans comes before Noto Sans Arabic there.
        let arabic = try style.measure("كلمة", width: 1000)
        #expect(arabic.missingGlyphCount == 0)
        #expect(fallback.discoveredFonts.count == 2)
        #expect(fallback.discoveredFonts[1].familyName == "DejaVu Sans")
        #expect(close(arabic.height, 18.625, 1e-3))

        // Positions are stable: the stack's font i ≥ fonts.count is discovered font i − fonts.count.
        _ = try style.prepare("ภาษาไทย हिन्दी 中文")
        #expect(
            Array(fallback.discoveredFonts.prefix(2)).map(\.serial) == first.map(\.serial) + [
                fallback.discoveredFonts[1].serial
            ])
        #expect(style.fonts.font(at: 1)?.serial == first[0].serial)
        #expect(style.fonts.font(at: 0)?.serial == FallbackFixtures.systemNotoSans.serial)
        #expect(style.fonts.font(at: 1 + fallback.discoveredFonts.count) == nil)
    }

    /// Rule: a cluster no font covers is reported, and stays in the primary font.
    @Test func missingGlyphsAreCounted() throws {
        let alone = try TextStyle(font: Fixtures.notoSans, fontSize: 16).measure("a😀b한", width: 1000)
        #expect(alone.missingGlyphCount == 2)
        // U+0378 is unassigned: no font has it.
        let withSystem = try FallbackFixtures.style().measure("a😀b한\u{0378}", width: 1000)
        #expect(withSystem.missingGlyphCount == 1)
    }

    /// Rule: colour bitmap fonts measure at the requested size from their font-unit metrics (a
    /// scaled strike), not at their strike size, with Pango's numbers.
    @Test func colourEmojiMeasuresAtTheRequestedSize() throws {
        let emoji = try FallbackFixtures.colorEmoji()
        #expect(emoji.isColor)
        #expect(emoji.bitmapStrikeSizes == [109], "Noto Color Emoji's one strike: \(emoji.bitmapStrikeSizes)")
        #expect(!Fixtures.notoSans.isColor)
        let style = TextStyle(fonts: FontStack(Fixtures.notoSans, fallbacks: [emoji]), fontSize: 16)
        let one = try style.measure("😀", width: 1000)
        #expect(one.missingGlyphCount == 0)
        #expect(close(one.maxLineWidth, 2550.0 / 2048 * 16), "Pango: 19.921875 px")
        #expect(close(one.height, 18.75), "Pango: an emoji-only line is 18.75 px at 16 px")
        let doubled = try style.prepare("😀").measure(width: 1000, fontSize: 32)
        #expect(close(doubled.maxLineWidth, 2 * one.maxLineWidth))
        #expect(close(doubled.height, 37.5))
        // With the system fallback, the same font comes from fontconfig's `emoji` family.
        let system = try FallbackFixtures.style().measure("😀", width: 1000)
        #expect(close(system.maxLineWidth, one.maxLineWidth) && close(system.height, 18.75))
    }

    /// Rule: emoji ZWJ sequences, flags, keycaps and skin tones are one cluster in one font, and
    /// an over-long run of them breaks only between sequences.
    @Test func emojiSequencesStayWhole() throws {
        let style = FallbackFixtures.style()
        let emojiWidth = 2550.0 / 2048 * 16
        for sequence in ["👨‍👩‍👧‍👦", "🇰🇷", "1️⃣", "👍🏽", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️‍🔥"] {
            let result = try style.measure(sequence, width: 1000)
            #expect(result.missingGlyphCount == 0, "\(sequence)")
            #expect(close(result.maxLineWidth, emojiWidth), "\(sequence) is one emoji wide: \(result.maxLineWidth)")
            #expect(close(result.height, 18.75), "\(sequence) is set in the emoji font alone")
        }
        // Two flags are two emoji.
        #expect(close(try style.measure("🇰🇷🇯🇵", width: 1000).maxLineWidth, 2 * emojiWidth))
        // Three families at 30 px: one per line, split only between sequences (11 units each).
        let families = try style.prepare("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦").ranges(width: 30)
        #expect(families == [[0, 11], [11, 22], [22, 33]])
    }

    /// Rule: emoji presentation decides the font: `©` is text (Noto Sans), `©️` emoji.
    @Test func presentationSelectorsChooseTheFont() throws {
        let style = FallbackFixtures.style()
        let emojiWidth = 2550.0 / 2048 * 16
        #expect(close(try style.measure("©️", width: 1000).maxLineWidth, emojiWidth))
        #expect(close(try style.measure("©", width: 1000).height, Fixtures.notoLineHeight16))
        #expect(close(try style.measure("❤️", width: 1000).maxLineWidth, emojiWidth))
        #expect(!close(try style.measure("❤", width: 1000).maxLineWidth, emojiWidth), "text-default ❤ is text")
        #expect(!close(try style.measure("😀\u{FE0E}", width: 1000).height, 18.75), "U+FE0E asks for text")
        #expect(EmojiPresentation.isEmoji([0x1F600]))
        #expect(!EmojiPresentation.isEmoji([0x1F600, 0xFE0E]))
        #expect(EmojiPresentation.isEmoji([0x31, 0xFE0F, 0x20E3]))
        #expect(!EmojiPresentation.isEmoji([0x31, 0x20E3]))
        #expect(EmojiPresentation.isEmoji([0x261D, 0x1F3FD]), "☝🏽: a text-default base with a skin tone")
    }

    /// Rule: spaces and invisible characters take a neighbour's font: the font before them,
    /// or the one after when that is earlier in the stack; never an emoji font's wide space.
    @Test func spacesTakeTheFontOfTheirNeighbours() throws {
        let style = TextStyle(fonts: FontStack(Fixtures.notoSans, fallbacks: [Fixtures.nanumGothic]), fontSize: 16)
        let notoSpace = try FallbackFixtures.advances(" ", style: Fixtures.style())[0]
        let nanumSpace = try FallbackFixtures.advances(" ", style: TextStyle(font: Fixtures.nanumGothic, fontSize: 16))[
            0]
        #expect(!close(notoSpace, nanumSpace))
        // Between Korean words: Nanum Gothic's space, and the line is Nanum's height alone.
        #expect(close(try FallbackFixtures.advances("한국 어", style: style)[2], nanumSpace))
        #expect(
            close(
                try FallbackFixtures.lineHeights("한국 어", style: style)[0], Fixtures.nanumGothic.metrics.lineHeight * 16)
        )
        // Before a Common character that the primary has, in the same run: the primary's
        // (earlier in the stack), as Pango moves such spaces.
        #expect(close(try FallbackFixtures.advances("한국 (abc)", style: style)[2], notoSpace))
        #expect(close(try FallbackFixtures.advances("한국 123", style: style)[2], notoSpace))
        #expect(close(try FallbackFixtures.advances("abc 한국", style: style)[3], notoSpace))
        // At the end of a run (Hangul, then a Latin run): the font before it, as in Pango.
        #expect(close(try FallbackFixtures.advances("한국 abc", style: style)[2], nanumSpace))
        // At the start of a run: the font after it.
        #expect(close(try FallbackFixtures.advances(" 한국", style: style)[0], nanumSpace))
        // After an emoji: never the emoji font's space (as wide as an emoji).
        let system = FallbackFixtures.style()
        #expect(close(try FallbackFixtures.advances("😀 a", style: system)[2], notoSpace))
        #expect(close(try system.measure("😀 😀", width: 1000).maxLineWidth, 2 * 2550.0 / 2048 * 16 + notoSpace))
    }

    /// Rule: `metrics` lines are as tall as the fonts used on them (tallest ascender, deepest
    /// descender, hanging whitespace included); `em`, fixed and multiple heights stay uniform.
    @Test func lineHeightsFollowTheFontsOnEachLine() throws {
        let fonts = FontStack(Fixtures.notoSans, fallbacks: [Fixtures.nanumGothic])
        let text = "abc\n한국어\nabc 한국어"
        let metrics = try TextStyle(fonts: fonts, fontSize: 16).prepare(text).lines(width: 1000).map(\.height)
        let noto = Fixtures.notoSans.metrics
        let nanum = Fixtures.nanumGothic.metrics
        let both =
            (max(noto.ascender, nanum.ascender) - min(noto.descender, nanum.descender)
                + max(noto.lineGap, nanum.lineGap)) * 16
        #expect(metrics.count == 3)
        #expect(close(metrics[0], noto.lineHeight * 16))
        #expect(close(metrics[1], nanum.lineHeight * 16))
        #expect(close(metrics[2], both))
        for (model, expected) in [(LineHeight.em, 16.0), (.fixed(20), 20), (.multiple(1.5), 24)] {
            let heights = try TextStyle(fonts: fonts, fontSize: 16, lineHeight: model).prepare(text).lines(width: 1000)
                .map(\.height)
            #expect(heights == [expected, expected, expected], "\(model)")
        }
    }

    /// Rule: fonts 31 and up share mask bit 31, which stands for the tallest of them.
    @Test func fontsBeyondTheMaskShareTheLastBitConservatively() throws {
        let fallback = SystemFallback(acceptingOnly: ["/usr/share/fonts/opentype/noto/*"])
        // 31 copies of Noto Sans and Nanum Gothic as font 31, then CJK from the system.
        let stack = FontStack(
            Fixtures.notoSans, fallbacks: Array(repeating: Fixtures.notoSans, count: 30) + [Fixtures.nanumGothic],
            systemFallback: fallback)
        #expect(stack.fonts.count == 32)
        let style = TextStyle(fonts: stack, fontSize: 16)
        let hanzi = try style.measure("你们", width: 1000)  // Nanum Gothic lacks these: system font 32
        #expect(hanzi.missingGlyphCount == 0)
        let cjk = try #require(fallback.discoveredFonts.first).metrics
        let nanum = Fixtures.nanumGothic.metrics
        let tallest =
            (max(cjk.ascender, nanum.ascender) - min(cjk.descender, nanum.descender) + max(cjk.lineGap, nanum.lineGap))
            * 16
        #expect(close(hanzi.height, tallest), "bit 31 = fonts 31 and 32 together")
        let resolver = LineHeightResolver(
            model: style.lineHeight, tables: stack.metricTables, fontSize: 16)
        #expect(close(resolver.height(fontMask: 1 << 31), tallest))
        #expect(close(resolver.height(fontMask: 1), Fixtures.notoLineHeight16))
    }

    /// Rule: an edit that brings in a font the system fallback had not found yet measures like
    /// the whole new text prepared from scratch (heights included).
    @Test func editsThatDiscoverFontsKeepHeightsRight() throws {
        let fallback = SystemFallback(acceptingOnly: [
            "/usr/share/fonts/truetype/noto/*", "/usr/share/fonts/opentype/noto/*",
            "/usr/share/fonts/truetype/dejavu/*",
        ])
        let style = FallbackFixtures.style(fallback: fallback)
        var editor = try EditableText("Hello\nworld", style: style)
        #expect(fallback.discoveredFonts.isEmpty)
        try editor.replace(utf16Range: 5..<5, with: " ภาษาไทย")
        try editor.replace(utf16Range: editor.utf16Count..<editor.utf16Count, with: "\n한국어 😀")
        #expect(fallback.discoveredFonts.count >= 2)
        let fresh = try style.prepare(editor.text)
        for width in [60.0, 120, 1000] {
            #expect(try editor.measure(width: width) == fresh.measure(width: width))
            #expect(try editor.lines(width: width) == fresh.lines(width: width))
        }
        let heights = try editor.lines(width: 1000).map(\.height)
        #expect(heights[0] > Fixtures.notoLineHeight16 + 2, "the Thai font's line is taller: \(heights)")
    }

    /// Rule: measuring once equals preparing then measuring when the system fallback finds fonts
    /// paragraph by paragraph (each line's height takes in the fonts found for it).
    @Test func measuringOnceTakesInFontsFoundOnTheWay() throws {
        let text = "plain latin first\n안녕하세요 world\nمرحبا بالعالم\n中文 и русский\n😀👍🏽🇰🇷"
        let fresh = SystemFallback(acceptingOnly: [
            "/usr/share/fonts/truetype/noto/*", "/usr/share/fonts/opentype/noto/*",
            "/usr/share/fonts/truetype/dejavu/*",
        ])
        let once = try FallbackFixtures.style(fallback: fresh).measure(text, width: 120)
        let prepared = try FallbackFixtures.style(fallback: fresh).prepare(text).measure(width: 120)
        #expect(once == prepared)
        #expect(once.lineCount == 6)
    }

    /// Rule: one system fallback serves many threads at once: fonts found concurrently get one
    /// position each, and every measurement equals the serial one.
    @Test func concurrentDiscoveryEqualsSerial() async throws {
        let texts = [
            "안녕하세요 world", "مرحبا بالعالم", "ภาษาไทย", "हिन्दी पाठ", "中文 и русский", "😀👍🏽🇰🇷", "Ελληνικά ქართული", "ខ្មែរ ລາວ",
        ]
        let concurrentFallback = SystemFallback(acceptingOnly: [
            "/usr/share/fonts/truetype/noto/*", "/usr/share/fonts/opentype/noto/*",
            "/usr/share/fonts/truetype/dejavu/*",
        ])
        let style = FallbackFixtures.style(fallback: concurrentFallback)
        let results = try await withThrowingTaskGroup(of: (Int, TextMeasurement).self) { group in
            for round in 0..<4 {
                for (index, text) in texts.enumerated() {
                    group.addTask { (index + round * texts.count, try style.measure(text, width: 120)) }
                }
            }
            var all: [Int: TextMeasurement] = [:]
            for try await (index, result) in group { all[index] = result }
            return all
        }
        let found = concurrentFallback.discoveredFonts
        #expect(Set(found.map(\.fileKey)).count == found.count, "each font is discovered once")
        let serial = FallbackFixtures.style()
        for (index, result) in results {
            let expected = try serial.measure(texts[index % texts.count], width: 120)
            #expect(result == expected, "\(texts[index % texts.count])")
        }
    }

    /// Rule: a stack with a system fallback and the same fonts without are told apart by the
    /// segment cache, and cached preparation still equals shaping whole.
    @Test func segmentCacheKeepsStacksWithAndWithoutFallbackApart() throws {
        let cache = SegmentCache()
        let text = "Hello 안녕 world 😀 again"
        var plain = TextStyle(font: Fixtures.notoSans, fontSize: 16)
        plain.segmentCache = cache
        var withFallback = FallbackFixtures.style()
        withFallback.segmentCache = cache
        let plainResult = try plain.measure(text, width: 1000)
        let fallbackResult = try withFallback.measure(text, width: 1000)
        #expect(plainResult.missingGlyphCount == 3)
        #expect(fallbackResult.missingGlyphCount == 0)
        var uncached = FallbackFixtures.style()
        uncached.segmentCache = nil
        for _ in 0..<2 {
            #expect(try withFallback.prepare(text).paragraphs == uncached.prepare(text).paragraphs)
        }
    }
}
