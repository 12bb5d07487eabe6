import Foundation
import Testing

@testable import AutoHeight
@testable import AutoHeightEditor

/// The hostile-input cases that go through the editor model (moved from AutoHeightTests'
/// `HostileInputTests`, whose name the suite keeps).
@Suite struct HostileInputTests {
    /// Item 1: when HarfBuzz could not grow its buffer (a 50 MB paragraph under a memory limit),
    /// the buffer was left empty, nothing asked `hb_buffer_allocation_successful`, and the CLI
    /// printed a wrong line count with exit 0. The failure is injected here (it cannot be
    /// provoked reliably): it must surface as a typed error, on every path that shapes.
    @Test func harfBuzzAllocationFailureIsAnErrorNotAWrongCount() throws {
        var cached = Fixtures.style()
        cached.segmentCache = SegmentCache()
        for style in [Fixtures.style(), cached] {
            NativeFailureInjection.withHarfBuzzAllocationFailing {
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
        NativeFailureInjection.withHarfBuzzAllocationFailing {
            #expect(throws: EditorError.layout(.harfBuzzFailure("out of memory adding 5 UTF-16 units to a buffer"))) {
                try editor.setText("hello")
            }
        }
    }

    /// The editor refuses an edit that would break a limit, keeping its text.
    @Test func editsBreakingALimitAreRejected() throws {
        let editor = try EditorFixtures.editor("a", width: 400)
        let result = editor.replace(utf16Range: 1..<1, with: String(repeating: "\u{301}", count: 1025))
        #expect(
            result.rejection == .layoutFailed(.combiningMarksExceedLimit(utf16Offset: 1, count: 1025, limit: 1024)))
        #expect(editor.text == "a")
    }
}
