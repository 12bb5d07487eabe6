import Foundation
import Testing

@testable import AutoHeight

extension FallbackFixtures {
    /// The advance of every UTF-16 unit of a one-paragraph text, in px at 16 px.
    static func advances(_ text: String, style: TextStyle) throws -> [Double] {
        try style.prepare(text).paragraphs[0].advances.map { $0 * 16 }
    }

    /// The line heights of `text` at `width`.
    static func lineHeights(_ text: String, width: Double = 10_000, style: TextStyle) throws -> [Double] {
        try style.prepare(text).lines(width: width).map(\.height)
    }
}
