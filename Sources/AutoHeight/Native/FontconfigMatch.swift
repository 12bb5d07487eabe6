import CFontconfig

/// The face fontconfig picks for a family and style (`fc-match "Noto Sans:style=Bold"`): its
/// file, face index and the names it goes by, so the caller can tell a real match from
/// fontconfig's substitute of last resort.
struct FontconfigMatch: Sendable, Equatable {
    var path: String
    var faceIndex: Int
    /// Every family name the face declares (fontconfig lists localized names too).
    var familyNames: [String]
    /// Every style name the face declares (`Regular`, `Bold Italic`, …).
    var styleNames: [String]
}

extension FontconfigConfiguration {
    /// `FcFontMatch` for `family` (and `style`, a fontconfig style name such as `Bold`), with
    /// the configuration's substitutions applied, as `fc-match` does. Nil when fontconfig offers
    /// nothing, or only a format HarfBuzz cannot shape (bitmap PCF, Type 1); throws when
    /// fontconfig fails (out of memory).
    func bestMatch(
        family: String, style: String?, weight: Int? = nil, italic: Bool? = nil
    ) throws(AutoHeightError) -> FontconfigMatch? {
        let pattern = try FontconfigPattern()
        try pattern.add(string: family, for: FC_FAMILY)
        if let style { try pattern.add(string: style, for: FC_STYLE) }
        // CSS weights (100–900) and slant, as `fc-match "Noto Sans:weight=200:slant=100"` takes them.
        if let weight { try pattern.add(integer: FcWeightFromOpenType(Int32(weight)), for: FC_WEIGHT) }
        if let italic { try pattern.add(integer: italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN, for: FC_SLANT) }
        guard FcConfigSubstitute(config, pattern.pointer, FcMatchPattern) != 0 else {
            throw .fontconfigFailure("cannot apply the configuration's substitutions for \"\(family)\" (out of memory)")
        }
        FcDefaultSubstitute(pattern.pointer)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern.pointer, &result) else {
            if result == FcResultOutOfMemory {
                throw .fontconfigFailure("cannot match a font for \"\(family)\" (out of memory)")
            }
            return nil
        }
        let owner = FontconfigOwnedPattern(matched)
        return withExtendedLifetime(owner) { FontconfigMatch(pattern: matched) }
    }
}

extension FontconfigMatch {
    /// Reads a matched pattern; nil without a file or in a format HarfBuzz cannot shape.
    fileprivate init?(pattern: OpaquePointer) {
        var format: UnsafeMutablePointer<FcChar8>? = nil
        if FcPatternGetString(pattern, FC_FONTFORMAT, 0, &format) == FcResultMatch, let format {
            let name = String(cString: format)
            guard name == "TrueType" || name == "CFF" else { return nil }
        }
        var file: UnsafeMutablePointer<FcChar8>? = nil
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        self.init(
            path: String(cString: file), faceIndex: Int(index & 0xFFFF),
            familyNames: Self.strings(of: pattern, FC_FAMILY), styleNames: Self.strings(of: pattern, FC_STYLE))
    }

    /// All values of a string property, in order.
    private static func strings(of pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>? = nil
        var index: Int32 = 0
        while FcPatternGetString(pattern, object, index, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            index += 1
        }
        return values
    }
}

/// The system's fontconfig configuration for looking fonts up by name (``Font/init(family:style:)``),
/// loaded on first use and kept for the process. fontconfig does not guard a configuration
/// against concurrent use, so every look-up runs under the lock.
final class FontconfigNameLookup: Sendable {
    static let shared = FontconfigNameLookup()

    private struct State {
        /// nil until first use, then the configuration or the failure to load it (kept).
        var loaded: Result<FontconfigConfiguration, AutoHeightError>? = nil
    }
    private let state = Locked(State())

    /// fontconfig's best match for `family` and `style`, nil when it offers none; throws when
    /// fontconfig cannot load its configuration or fails.
    func match(
        family: String, style: String?, weight: Int? = nil, italic: Bool? = nil
    ) throws(AutoHeightError) -> FontconfigMatch? {
        try state.withLock { state throws(AutoHeightError) in
            if state.loaded == nil {
                do throws(AutoHeightError) {
                    state.loaded = .success(try FontconfigConfiguration(acceptingOnly: nil))
                } catch {
                    state.loaded = .failure(error)
                }
            }
            switch state.loaded! {
            case .success(let configuration):
                return try configuration.bestMatch(family: family, style: style, weight: weight, italic: italic)
            case .failure(let error): throw error
            }
        }
    }
}

/// Sole owner of a pattern fontconfig returned (`FcFontMatch`).
private final class FontconfigOwnedPattern {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { FcPatternDestroy(pointer) }
}
