/// The fonts shipped with AutoHeight: the default stack, covering Latin, Greek, Cyrillic,
/// Hangul, Arabic, Hebrew, Devanagari and Thai (Noto Sans, Nanum Gothic, Noto Sans Arabic,
/// Hebrew, Devanagari, Thai; SIL Open Font License, licence files beside them).
///
/// The files are a resource of the `AutoHeight` target, so they travel with every build; an
/// installed `autoheight` has them under `PREFIX/share/autoheight/fonts`. The folder is found
/// once per process, searching in this order (``searchPlaces``):
/// 1. `$AUTOHEIGHT_FONTS_DIR`, when set;
/// 2. the package's resource bundle beside the running executable
///    (`AutoHeight_AutoHeightFonts.resources`, where SwiftPM puts it for a build of this
///    package or of an app depending on it);
/// 3. the install prefix: `../share/autoheight/fonts` from the executable's folder
///    (`make install PREFIX=…`);
/// 4. when this code runs inside a shared library (`libautoheight.so`, loaded by C, Python or
///    Node), the same two places beside the library, and its `fonts` folder (as the Python
///    wheel and the Node addon ship them);
/// 5. fontconfig: the installed fonts of the same families (``defaultFamilies``), e.g. Debian's
///    `fonts-noto-core` and `fonts-nanum`.
///
/// A folder counts when it holds the primary file (the first of ``defaultFileNames``); fallback
/// files missing from it are left out of the stack. When every place fails, ``defaultStack()``
/// throws ``AutoHeightError/bundledFontsNotFound(searched:)``, naming each place looked in. A font given explicitly (``Font/init(path:faceIndex:)``, the CLI's `--font-file`
/// or `--font`) needs none of this.
public enum BundledFonts {
    /// The default stack's files, primary first.
    public static let defaultFileNames = [
        "NotoSans-Regular.ttf", "NanumGothic.ttf", "NotoSansArabic-Regular.ttf",
        "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf",
    ]

    /// The family of each file of ``defaultFileNames``, looked up through fontconfig when the
    /// files are nowhere else.
    public static let defaultFamilies = [
        "Noto Sans", "NanumGothic", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
        "Noto Sans Thai",
    ]

    /// The environment variable naming a folder that holds the bundled fonts.
    public static let environmentVariable = "AUTOHEIGHT_FONTS_DIR"

    /// One place searched for the font files.
    public struct SearchPlace: Sendable, Equatable, CustomStringConvertible {
        /// What the place is (`AUTOHEIGHT_FONTS_DIR`, `resource bundle`, `install prefix`).
        public var label: String
        /// The folder; nil when the place does not apply (the variable is not set).
        public var folder: String?

        public var description: String { "\(label) (\(folder ?? "not set"))" }
    }

    /// The folders searched, in order (fontconfig comes after them).
    public static var searchPlaces: [SearchPlace] {
        let executable = ProcessFiles.executablePath()
        let image = ProcessFiles.codeImagePath()
        return searchPlaces(
            environment: ProcessFiles.environment(environmentVariable), executable: executable,
            library: image == executable ? nil : image)
    }

    /// The folder the bundled fonts are loaded from; nil when none of ``searchPlaces`` holds them
    /// (the stack then comes from fontconfig, or cannot be loaded).
    public static var directory: String? { firstFolder(in: searchPlaces) }

    /// Path of a bundled font file, in ``directory`` (in the last place searched when none
    /// holds the fonts: loading it then fails, naming the path).
    public static func path(of fileName: String) -> String {
        (directory ?? searchPlaces.last?.folder ?? ".") + "/" + fileName
    }

    /// The primary bundled font alone (Noto Sans).
    public static func primaryFont() throws(AutoHeightError) -> Font {
        try defaultStack().primary
    }

    /// The default font stack, found and loaded once per process and shared.
    ///
    /// - Throws: ``AutoHeightError/bundledFontsNotFound(searched:)`` when no place holds the
    ///   fonts; the errors of ``Font/init(path:faceIndex:)`` for a file that cannot be loaded.
    public static func defaultStack() throws(AutoHeightError) -> FontStack {
        try loaded.get()
    }

    private static let loaded: Result<FontStack, AutoHeightError> = {
        do throws(AutoHeightError) {
            return .success(
                try loadStack(from: searchPlaces) { family in try? Font(family: family) })
        } catch {
            return .failure(error)
        }
    }()

    /// The places for an `AUTOHEIGHT_FONTS_DIR` value, the running executable's path and the
    /// shared library's holding this code (nil when it is linked into the executable).
    static func searchPlaces(environment: String?, executable: String?, library: String? = nil) -> [SearchPlace] {
        var places = [SearchPlace(label: environmentVariable, folder: environment)]
        func addPlaces(beside file: String?, kind: String) {
            guard let file, let slash = file.lastIndex(of: "/") else { return }
            let folder = String(file[..<slash])
            places.append(
                SearchPlace(label: "resource bundle\(kind)", folder: folder + "/AutoHeight_AutoHeightFonts.resources"))
            let prefix =
                folder.hasSuffix("/bin") || folder.hasSuffix("/lib") ? String(folder.dropLast(4)) : folder + "/.."
            places.append(SearchPlace(label: "install prefix\(kind)", folder: prefix + "/share/autoheight/fonts"))
            if !kind.isEmpty { places.append(SearchPlace(label: "fonts\(kind)", folder: folder + "/fonts")) }
        }
        addPlaces(beside: executable, kind: "")
        addPlaces(beside: library, kind: " beside the library")
        return places
    }

    /// The stack from the first place holding the primary file, else from `family` look-ups
    /// (fontconfig) of ``defaultFamilies``.
    static func loadStack(
        from places: [SearchPlace], family lookUp: (String) -> Font?
    ) throws(AutoHeightError) -> FontStack {
        if let folder = firstFolder(in: places) {
            var fonts: [Font] = []
            for name in defaultFileNames where fonts.isEmpty || isReadable(folder + "/" + name) {
                fonts.append(try Font(path: folder + "/" + name))
            }
            return FontStack(fonts[0], fallbacks: Array(fonts.dropFirst()))
        }
        guard let primary = lookUp(defaultFamilies[0]) else {
            throw .bundledFontsNotFound(
                searched: places.map(\.description) + ["fontconfig (family \"\(defaultFamilies[0])\")"])
        }
        return FontStack(primary, fallbacks: defaultFamilies.dropFirst().compactMap(lookUp))
    }

    private static func firstFolder(in places: [SearchPlace]) -> String? {
        places.lazy.compactMap(\.folder).first { isReadable($0 + "/" + defaultFileNames[0]) }
    }

    private static func isReadable(_ path: String) -> Bool { ProcessFiles.isReadable(path) }
}

extension FontStack {
    /// The bundled default stack (see ``BundledFonts``).
    public static func bundled() throws(AutoHeightError) -> FontStack { try BundledFonts.defaultStack() }
}
