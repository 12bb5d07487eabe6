/// The language a run of a script is shaped with, and its fonts chosen by, when the style's
/// language is not written in that script (Arabic inside English text): ICU's likely language
/// for the script (`und-Arab` → `ar`, `und-Hang` → `ko`, `und-Kana` → `ja`), as Pango derives a
/// run's language from a sample language of its script. Han gets none: ideographs alone do not
/// tell Chinese from Japanese or Korean, so no language's glyph forms are guessed for them.
enum ScriptLanguages {
    /// ICU's likely language for `script`, or nil (Han, Common, scripts ICU has no data for).
    /// Memoized.
    static func likelyLanguage(for script: Script) -> String? {
        known(script).tag
    }

    /// ``likelyLanguage(for:)`` as a shaping language. Memoized.
    static func shapingLanguage(for script: Script) -> ShapingLanguage? {
        known(script).language
    }

    private struct Entry: Sendable {
        var tag: String?
        var language: ShapingLanguage?
    }

    private static let entries = SmallMemo<Script, Entry>()

    private static func known(_ script: Script) -> Entry {
        entries.value(for: script) {
            guard script != .han, !script.isNeutral, let tag = UnicodeProperties.likelyLanguage(for: script) else {
                return Entry(tag: nil, language: nil)
            }
            return Entry(tag: tag, language: ShapingLanguage(tag: tag))
        }
    }
}
