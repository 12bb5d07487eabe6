/// Fonts by family name, through fontconfig (what `fc-match` and pango-view users expect).
///
/// ```swift
/// let body = try Font(family: "Noto Sans")
/// let bold = try Font(family: "Noto Sans", style: "Bold")
/// let stack = try FontStack(families: ["Noto Sans", "NanumGothic"])
/// ```
///
/// fontconfig always offers *some* font; a match counts only when the face's family names
/// include the family asked for (compared as fontconfig does: ignoring case and spaces), or the
/// family is a generic alias (`sans-serif`, `serif`, `monospace`, …) that fontconfig resolves,
/// and, with a style, when the face's style names include it. Anything else is
/// ``AutoHeightError/fontNotFound(family:style:closest:)``, naming what fontconfig would have
/// substituted, rather than a silently different font.
extension Font {
    /// Loads the installed face of `family` in `style` (a fontconfig style name such as
    /// `Regular`, `Bold`, `Bold Italic`; nil: the family's regular face).
    ///
    /// - Throws: ``AutoHeightError/fontNotFound(family:style:closest:)`` when no installed face
    ///   has that family and style, and the errors of ``Font/init(path:faceIndex:)`` when the
    ///   file fontconfig names cannot be loaded.
    public convenience init(family: String, style: String? = nil) throws(AutoHeightError) {
        let match = try FontLookup.match(family: family, style: style)
        try self.init(path: match.path, faceIndex: match.faceIndex)
    }
}

extension FontStack {
    /// A stack of the installed faces of `families`, the first as the primary font (see
    /// ``Font/init(family:style:)``). `families` must not be empty.
    ///
    /// - Throws: ``AutoHeightError/fontNotFound(family:style:closest:)`` for the first family
    ///   that is not installed.
    public init(
        families: [String], style: String? = nil, systemFallback: SystemFallback? = nil
    ) throws(AutoHeightError) {
        precondition(!families.isEmpty, "FontStack(families:) needs at least one family")
        let fonts = try families.map { (family) throws(AutoHeightError) in try Font(family: family, style: style) }
        self.init(fonts[0], fallbacks: Array(fonts.dropFirst()), systemFallback: systemFallback)
    }
}

/// Checks fontconfig's answer against the family and style asked for.
enum FontLookup {
    /// Families fontconfig resolves through its configuration rather than by name.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
    ]

    static func match(family: String, style: String?) throws(AutoHeightError) -> FontconfigMatch {
        let trimmedStyle = style.flatMap { $0.isEmpty ? nil : $0 }
        guard let match = try FontconfigNameLookup.shared.match(family: family, style: trimmedStyle) else {
            throw .fontNotFound(family: family, style: trimmedStyle, closest: nil)
        }
        guard accepts(match, family: family, style: trimmedStyle) else {
            let names = "\(match.familyNames.first ?? "?") \(match.styleNames.first ?? "?")"
            throw .fontNotFound(family: family, style: trimmedStyle, closest: "\(match.path) (\(names))")
        }
        return match
    }

    /// Whether a match is the family (and style) asked for.
    static func accepts(_ match: FontconfigMatch, family: String, style: String?) -> Bool {
        let wanted = normalized(family)
        let familyMatches =
            genericFamilies.contains(family.lowercased()) || match.familyNames.contains { normalized($0) == wanted }
        guard familyMatches else { return false }
        guard let style else { return true }
        let wantedStyle = normalized(style)
        return match.styleNames.contains { normalized($0) == wantedStyle }
    }

    /// Lower case without spaces: fontconfig's family comparison (`FcStrCmpIgnoreBlanksAndCase`).
    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " })
    }
}
