import AutoHeight
import AutoHeightOptions

/// `bundledFont`, the service's one style option of its own: one of the bundled fonts by its
/// file name (`"NanumGothic.ttf"`, one of `BundledFonts.defaultFileNames`), measured alone as
/// `fontFile` would measure it (`--font-file` with the bundled file's path), without the
/// request having to know where the server keeps it or the operator having to allow the folder
/// with `--font-dir`. It is what the playground sends: the page draws with the same file,
/// served as `GET /fonts/NAME`. It takes the place of `fontFile` (a record's `bundledFont`
/// overrides the query's `fontFile` and the other way round) and cannot be combined with `font`.
enum BundledFontOption {
    /// Its spellings, as the other options have (camelCase, kebab-case, snake_case).
    static let spellings: Set<String> = ["bundledFont", "bundled-font", "bundled_font"]

    static func isKey(_ key: String) -> Bool { spellings.contains(key) }

    /// The folder the library loads the bundled fonts from (`BundledFonts.directory`, found once
    /// per process here too: a request pays no file-system look-up); nil when the default stack
    /// came from fontconfig.
    static let directory: String? = BundledFonts.directory

    /// The key a pair overrides by: `font-file` for this option, else the option's canonical name.
    static func slot(_ key: String) -> String {
        isKey(key) ? "font-file" : StyleSettings.canonicalKey(key) ?? key
    }

    /// The bundled file's path for `name`, given as `key`.
    /// - Throws: a one-line message for a name outside the bundled fonts, or when the server
    ///   has no folder of bundled fonts (its default stack came from fontconfig).
    static func path(of name: String, key: String) throws(StyleSettings.OptionError) -> String {
        try check(name, key: key)
        guard let directory else {
            throw StyleSettings.OptionError(
                "\(key) '\(name)': the bundled font files are not on this server (set \(BundledFonts.environmentVariable))"
            )
        }
        return directory + "/" + name
    }

    /// Throws unless `name` is one of the bundled fonts' file names.
    static func check(_ name: String, key: String) throws(StyleSettings.OptionError) {
        guard BundledFonts.defaultFileNames.contains(name) else {
            throw StyleSettings.OptionError(
                "\(key) must be one of \(BundledFonts.defaultFileNames.joined(separator: ", ")); got '\(name)'")
        }
    }

    /// Takes this option out of `pairs`: the settings of the others, with `fontFile` set to the
    /// bundled file when the option is given.
    /// - Throws: the option's message, the other options' messages, and a message when it is
    ///   given twice or together with `fontFile` or `font`.
    static func settings(
        from pairs: [(key: String, value: String)],
        resolveFontFile: (String) throws(StyleSettings.OptionError) -> String
    ) throws(StyleSettings.OptionError) -> StyleSettings {
        var bundled: (key: String, value: String)?
        var others: [(key: String, value: String)] = []
        for pair in pairs {
            if isKey(pair.key) {
                if let first = bundled {
                    throw StyleSettings.OptionError("\(first.key) takes one bundled font; got it twice")
                }
                bundled = pair
            } else {
                others.append(pair)
            }
        }
        var settings = others.isEmpty ? StyleSettings() : try StyleSettings(pairs: others)
        if let bundled {
            if settings.fontFile != nil || settings.font != nil {
                let other = others.last { ["font-file", "font"].contains(StyleSettings.canonicalKey($0.key)) }
                throw StyleSettings.OptionError(
                    "give either \(bundled.key) (a bundled font) or \(other?.key ?? "fontFile"), not both")
            }
            settings.fontFile = try path(of: bundled.value, key: bundled.key)
        } else if let file = settings.fontFile {
            settings.fontFile = try resolveFontFile(file)
        }
        return settings
    }
}
