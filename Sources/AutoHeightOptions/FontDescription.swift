/// `--font "FAMILY[,FAMILY…] [STYLE…] [SIZE]"`, as pango-view's `--font` is written:
/// `"Noto Sans 17px"`, `"Noto Sans Bold Italic 20"`, `"Noto Sans, NanumGothic 16"`.
///
/// The last word is the size when it is a number (optionally with `px`); the words before it
/// that are style words (`Bold`, `Italic`, `Light`, …) form the style; the rest is the family
/// list, comma-separated.
public struct FontDescription: Sendable, Equatable {
    /// The families, in order (a comma-separated list).
    public var families: [String]
    /// The style words (`Bold Italic`); nil for the regular face.
    public var style: String?
    /// The size in px, when the description ends with one.
    public var size: Double?

    public init(families: [String], style: String? = nil, size: Double? = nil) {
        self.families = families
        self.style = style
        self.size = size
    }

    /// fontconfig style words (weights, slants, widths) pango-view users write after a family.
    public static let styleWords: Set<String> = [
        "thin", "hairline", "extralight", "ultralight", "light", "semilight", "demilight", "book", "regular",
        "normal", "medium", "semibold", "demibold", "bold", "extrabold", "ultrabold", "black", "heavy",
        "italic", "oblique", "condensed", "semicondensed", "extracondensed", "expanded", "semiexpanded",
        "extraexpanded",
    ]
}

extension FontDescription {
    /// Parses a description; throws when no family name is left.
    public init(parsing text: String) throws(DescriptionError) {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if let last = words.last {
            let number = last.lowercased().hasSuffix("px") ? String(last.dropLast(2)) : last
            if let value = Double(number) {
                size = value
                words.removeLast()
            }
        }
        var styleParts: [String] = []
        while let last = words.last, !last.hasSuffix(","), Self.styleWords.contains(last.lowercased()),
            words.count > 1
        {
            styleParts.insert(last, at: 0)
            words.removeLast()
        }
        // "Normal" is pango's word for "no particular style": the family's regular face.
        let styleText = styleParts.filter { $0.lowercased() != "normal" }.joined(separator: " ")
        style = styleText.isEmpty ? nil : styleText
        families = words.joined(separator: " ").split(separator: ",")
            .map { $0.trimmingCharacters(in: " ") }.filter { !$0.isEmpty }.map(String.init)
        if families.isEmpty { throw DescriptionError(text: text) }
    }
}

extension FontDescription {
    /// A description with no family name in it.
    public struct DescriptionError: Error, Sendable {
        public var text: String
        /// The CLI's message.
        public var message: String { message(option: "--font") }
        /// The message, naming the option as `option`.
        public func message(option: String) -> String {
            "\(option) '\(text)': no family name (write e.g. \"Noto Sans Bold 17px\")"
        }
    }
}
