#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fonts shipped in the repository's `Fonts/` folder: the default stack, covering Latin,
/// Greek, Cyrillic, Hangul, Arabic, Hebrew, Devanagari and Thai.
public enum BundledFonts {
    /// The default stack's files, primary first.
    public static let defaultFileNames = [
        "NotoSans-Regular.ttf", "NanumGothic.ttf", "NotoSansArabic-Regular.ttf",
        "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf",
    ]

    /// The folder holding the bundled fonts: `$AUTOHEIGHT_FONTS_DIR` when set, else the
    /// repository's `Fonts/` (found from this source file's location at build time).
    public static var directory: String {
        if let overridden = getenv("AUTOHEIGHT_FONTS_DIR") { return String(cString: overridden) }
        // #filePath = <repo>/Sources/AutoHeight/Fonts/BundledFonts.swift
        var components = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)
        return components.joined(separator: "/") + "/Fonts"
    }

    /// Path of a bundled font file.
    public static func path(of fileName: String) -> String { directory + "/" + fileName }

    /// The primary bundled font alone (Noto Sans).
    public static func primaryFont() throws(AutoHeightError) -> Font {
        try defaultStack().primary
    }

    /// The default font stack, loaded once per process and shared.
    public static func defaultStack() throws(AutoHeightError) -> FontStack {
        try loaded.get()
    }

    private static let loaded: Result<FontStack, AutoHeightError> = {
        do throws(AutoHeightError) {
            let fonts = try defaultFileNames.map { (name) throws(AutoHeightError) in try Font(path: path(of: name)) }
            return .success(FontStack(fonts[0], fallbacks: Array(fonts.dropFirst())))
        } catch {
            return .failure(error)
        }
    }()
}

extension FontStack {
    /// The bundled default stack (see ``BundledFonts``).
    public static func bundled() throws(AutoHeightError) -> FontStack { try BundledFonts.defaultStack() }
}
