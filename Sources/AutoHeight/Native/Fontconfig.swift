import CFontconfig

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fontconfig configuration of its own (never fontconfig's global "current" one): the system's
/// `fonts.conf` (honouring `FONTCONFIG_FILE`), optionally restricted to font files that match
/// glob patterns.
///
/// Sole owner of its `FcConfig`, destroyed in `deinit`. fontconfig does not guard a configuration
/// against concurrent use, so the one owner of a `FontconfigConfiguration`
/// (``SystemFallback``) calls it only under its lock; it is never shared otherwise.
final class FontconfigConfiguration {
    let config: OpaquePointer

    /// Loads the system configuration and its fonts (from fontconfig's caches). With
    /// `acceptedFiles`, only font files matching one of those globs (`/usr/share/fonts/*/noto/*`)
    /// take part. Throws when fontconfig cannot load a configuration.
    init(acceptingOnly acceptedFiles: [String]?) throws(AutoHeightError) {
        if let acceptedFiles {
            guard let config = FcConfigCreate() else {
                throw .fontconfigFailure("cannot create a configuration (out of memory)")
            }
            // The default file (FONTCONFIG_FILE or fonts.conf), then the selection rules, then
            // the font list: rules must be in place before the fonts are scanned.
            guard FcConfigParseAndLoad(config, nil, FcTrue) != 0 else {
                FcConfigDestroy(config)
                throw .fontconfigFailure("cannot load the configuration file (FONTCONFIG_FILE or fonts.conf)")
            }
            let globs = (Self.folders(leadingTo: acceptedFiles) + acceptedFiles)
                .map { "<glob>\(Self.escapeXML($0))</glob>" }.joined()
            let rules = """
                <?xml version="1.0"?>
                <fontconfig><selectfont>
                <rejectfont><glob>*</glob></rejectfont>
                <acceptfont>\(globs)</acceptfont>
                </selectfont></fontconfig>
                """
            let parsed = rules.withCString { text in
                text.withMemoryRebound(to: FcChar8.self, capacity: rules.utf8.count + 1) {
                    FcConfigParseAndLoadFromMemory(config, $0, FcTrue)
                }
            }
            guard parsed != 0 else {
                FcConfigDestroy(config)
                throw .fontconfigFailure("cannot parse the font selection rules for \(acceptedFiles)")
            }
            guard FcConfigBuildFonts(config) != 0 else {
                FcConfigDestroy(config)
                throw .fontconfigFailure("cannot build the font list (out of memory)")
            }
            self.config = config
        } else {
            guard let config = FcInitLoadConfigAndFonts() else {
                throw .fontconfigFailure("cannot load the configuration and its fonts")
            }
            self.config = config
        }
    }

    deinit { FcConfigDestroy(config) }

    /// fontconfig's fallback order for `family` in `language` (a fontconfig language such as
    /// `ko` or `zh-cn`; `und` for none): the pattern family + language + regular weight, slant
    /// and width, with the configuration's substitutions applied (aliases such as `sans-serif`
    /// and its preferred families), sorted by `FcFontSort` without trimming. Only the formats
    /// HarfBuzz shapes (TrueType and CFF, i.e. OpenType) are kept, each file and face once.
    /// Empty when no font matches; throws when fontconfig fails (out of memory).
    func sortedFonts(family: String, language: String) throws(AutoHeightError) -> [FontconfigCandidate] {
        let pattern = try FontconfigPattern()
        try pattern.add(string: family, for: FC_FAMILY)
        try pattern.add(string: language, for: FC_LANG)
        try pattern.add(integer: FC_WEIGHT_REGULAR, for: FC_WEIGHT)
        try pattern.add(integer: FC_SLANT_ROMAN, for: FC_SLANT)
        try pattern.add(integer: FC_WIDTH_NORMAL, for: FC_WIDTH)
        guard FcConfigSubstitute(config, pattern.pointer, FcMatchPattern) != 0 else {
            throw .fontconfigFailure("cannot apply the configuration's substitutions for \"\(family)\" (out of memory)")
        }
        FcDefaultSubstitute(pattern.pointer)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern.pointer, FcFalse, nil, &result) else {
            if result == FcResultOutOfMemory {
                throw .fontconfigFailure("cannot sort the fonts for \"\(family)\" (out of memory)")
            }
            return []
        }
        let set = FontconfigFontSet(sorted)
        var candidates: [FontconfigCandidate] = []
        var seen = Set<String>()
        for index in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[index],
                let candidate = FontconfigCandidate(pattern: font)
            else { continue }
            if seen.insert(candidate.key).inserted { candidates.append(candidate) }
        }
        withExtendedLifetime(set) {}
        return candidates
    }

    /// fontconfig applies select globs to the folders it scans as well as to font files, so
    /// rejecting `*` would reject `/usr` and everything under it: the folders on the way to each
    /// glob's literal part are accepted too (files directly in them still must match a glob).
    private static func folders(leadingTo globs: [String]) -> [String] {
        var folders: [String] = []
        for glob in globs {
            var components = glob.split(separator: "/", omittingEmptySubsequences: false)
            if let wildcard = components.firstIndex(where: { $0.contains("*") || $0.contains("?") }) {
                components.removeSubrange(wildcard...)
            } else {
                components.removeLast()
            }
            var path = ""
            for component in components where !component.isEmpty {
                path += "/" + component
                if !folders.contains(path) { folders.append(path) }
            }
        }
        return folders
    }

    private static func escapeXML(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

/// One font fontconfig offers: its file, face and character set. Sole owner of one reference to
/// the `FcCharSet` (taken with `FcCharSetCopy`, released in `deinit`); the set is immutable, so
/// asking it is safe from any thread.
final class FontconfigCandidate: @unchecked Sendable {
    let path: String
    /// The face index in the file (fontconfig's index without the named-instance bits).
    let faceIndex: Int
    /// fontconfig says the font has colour glyphs (`FC_COLOR`).
    let isColor: Bool
    private let charset: OpaquePointer

    /// `path#face`: the identity of a face, as in ``Font/fileKey``.
    var key: String { "\(path)#\(faceIndex)" }

    /// Reads a font pattern of a sorted set; nil for a format HarfBuzz cannot shape or a
    /// pattern without a file or character set.
    fileprivate init?(pattern: OpaquePointer) {
        var format: UnsafeMutablePointer<FcChar8>? = nil
        guard FcPatternGetString(pattern, FC_FONTFORMAT, 0, &format) == FcResultMatch, let format else { return nil }
        let formatName = String(cString: format)
        guard formatName == "TrueType" || formatName == "CFF" else { return nil }
        var file: UnsafeMutablePointer<FcChar8>? = nil
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var charset: OpaquePointer? = nil
        guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
            let reference = FcCharSetCopy(charset)
        else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var color: FcBool = FcFalse
        if FcPatternGetBool(pattern, FC_COLOR, 0, &color) != FcResultMatch { color = FcFalse }
        // Canonical, as ``Font/fileKey`` is, so a system font that is also in the explicit stack
        // (through a symlink, say) is recognised.
        if let resolved = realpath(file, nil) {
            self.path = String(cString: resolved)
            free(resolved)
        } else {
            self.path = String(cString: file)
        }
        self.faceIndex = Int(index & 0xFFFF)
        self.isColor = color != FcFalse
        self.charset = reference
    }

    deinit { FcCharSetDestroy(charset) }

    /// Whether the font's character set holds `scalar`.
    func covers(_ scalar: UInt32) -> Bool { FcCharSetHasChar(charset, scalar) != 0 }
}

/// Sole owner of an `FcPattern` built for a query. Each call that allocates is checked.
final class FontconfigPattern {
    let pointer: OpaquePointer

    init() throws(AutoHeightError) {
        guard !NativeFailureInjection.failsFontconfigAllocation, let pointer = FcPatternCreate() else {
            throw .fontconfigFailure("cannot create a pattern (out of memory)")
        }
        self.pointer = pointer
    }
    deinit { FcPatternDestroy(pointer) }

    func add(string: String, for object: String) throws(AutoHeightError) {
        let added = string.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: string.utf8.count + 1) {
                FcPatternAddString(pointer, object, $0)
            }
        }
        guard added != 0 else {
            throw .fontconfigFailure("cannot add \(object) \"\(string)\" to a pattern (out of memory)")
        }
    }

    func add(integer: Int32, for object: String) throws(AutoHeightError) {
        guard FcPatternAddInteger(pointer, object, integer) != 0 else {
            throw .fontconfigFailure("cannot add \(object) \(integer) to a pattern (out of memory)")
        }
    }
}

/// Sole owner of an `FcFontSet` returned by `FcFontSort`.
private final class FontconfigFontSet {
    let pointer: UnsafeMutablePointer<FcFontSet>

    init(_ pointer: UnsafeMutablePointer<FcFontSet>) { self.pointer = pointer }
    deinit { FcFontSetDestroy(pointer) }
}
