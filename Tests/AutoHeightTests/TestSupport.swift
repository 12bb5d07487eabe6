import Foundation
import Testing

@testable import AutoHeight

@_exported import AutoHeightTestSupport

extension PreparedText {
    /// The UTF-16 ranges of the lines at `width`, as `[start, end]` pairs.
    func ranges(width: Double) throws -> [[Int]] {
        try lines(width: width).map { [$0.range.lowerBound, $0.range.upperBound] }
    }
}

/// Lines of `text` at `width` with Noto Sans 16 px.
func ranges(_ text: String, width: Double, style: TextStyle = Fixtures.style()) throws -> [[Int]] {
    try style.prepare(text).ranges(width: width)
}

func lineCount(_ text: String, width: Double, style: TextStyle = Fixtures.style()) throws -> Int {
    try style.measure(text, width: width).lineCount
}
