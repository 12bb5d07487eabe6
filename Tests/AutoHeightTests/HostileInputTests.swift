import Foundation
import Testing

@testable import AutoHeight

/// Hostile and unlucky inputs (issue 10): each case ends in an exact answer or a typed error with
/// a clear message, never a crash, a hang or a silently wrong number. The validation pattern's
/// cases are in ``ValidationPatternTests``, the CLI's in ``HostileCLITests``.
@Suite struct HostileInputTests {
    /// Item 5: the 33rd font of a stack was dropped silently (its glyphs counted as missing).
    @Test func fontsPastTheLimitAreAnErrorNotDropped() throws {
        let hebrew = try Font(path: BundledFonts.path(of: "NotoSansHebrew-Regular.ttf"))
        let fillers = Array(repeating: Fixtures.notoSans, count: 31)
        let full = FontStack(Fixtures.notoSans, fallbacks: fillers)
        #expect(full.fonts.count == FontStack.maximumFontCount)
        #expect(try TextStyle(fonts: full).measure("a", width: 100).lineCount == 1)

        let stack = FontStack(Fixtures.notoSans, fallbacks: fillers + [hebrew])
        #expect(stack.fonts.count == 33, "every font kept")
        #expect(stack.fonts.last === hebrew)
        #expect(throws: AutoHeightError.tooManyFonts(count: 33, limit: 32)) {
            try TextStyle(fonts: stack).measure("שלום", width: 100)
        }
        #expect(
            AutoHeightError.tooManyFonts(count: 33, limit: 32).description
                == "too many fonts: 33 in one stack (limit 32)")
    }

    /// Item 6: a tab width of 1 000 000 said "must be ≥ 1 space".
    @Test func tabWidthNamesItsRange() throws {
        var style = Fixtures.style()
        style.tabWidth = 1_000_000
        #expect(throws: AutoHeightError.invalidTabWidth(1_000_000)) { try style.measure("a\tb", width: 100) }
        #expect(
            AutoHeightError.invalidTabWidth(1_000_000).description
                == "invalid tab width 1000000: must be 1...1000 spaces")
    }

    /// Item 1: when HarfBuzz could not grow its buffer (a 50 MB paragraph under a memory limit),
    /// the buffer was left empty, nothing asked `hb_buffer_allocation_successful`, and the CLI
    /// printed a wrong line count with exit 0. The failure is injected here (it cannot be
    /// provoked reliably): it must surface as a typed error, on every path that shapes.
    @Test func harfBuzzAllocationFailureIsAnErrorNotAWrongCount() throws {
        var cached = Fixtures.style()
        cached.segmentCache = SegmentCache()
        for style in [Fixtures.style(), cached] {
            NativeFailureInjection.$harfBuzzAllocation.withValue(true) {
                #expect(throws: AutoHeightError.harfBuzzFailure("out of memory adding 11 UTF-16 units to a buffer")) {
                    try style.measure("hello-world", width: 100)
                }
                #expect(throws: AutoHeightError.harfBuzzFailure("out of memory adding 11 UTF-16 units to a buffer")) {
                    try style.prepare("hello-world")
                }
            }
            #expect(try style.measure("hello-world", width: 1000).lineCount == 1, "no failure left behind")
        }
        #expect(
            AutoHeightError.harfBuzzFailure("out of memory shaping 3 UTF-16 units").description
                == "HarfBuzz failed: out of memory shaping 3 UTF-16 units")
        let editor = try EditorFixtures.editor(width: 400)
        NativeFailureInjection.$harfBuzzAllocation.withValue(true) {
            #expect(throws: EditorError.layout(.harfBuzzFailure("out of memory adding 5 UTF-16 units to a buffer"))) {
                try editor.setText("hello")
            }
        }
    }
}
