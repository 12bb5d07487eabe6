import CAutoHeightICU
import CHarfBuzz
import Synchronization

/// The language a run of a script is shaped with, and its fonts chosen by, when the style's
/// language is not written in that script (Arabic inside English text): ICU's likely language
/// for the script (`und-Arab` → `ar`, `und-Hang` → `ko`, `und-Kana` → `ja`), as Pango derives a
/// run's language from a sample language of its script. Han gets none: ideographs alone do not
/// tell Chinese from Japanese or Korean, so no language's glyph forms are guessed for them.
enum ScriptLanguages {
    /// ICU's likely language for `script`, or nil (Han, Common, scripts ICU has no data for).
    /// Memoized.
    static func likelyLanguage(for script: hb_script_t) -> String? {
        known(script).tag
    }

    /// ``likelyLanguage(for:)`` as a HarfBuzz language. Memoized.
    static func harfBuzzLanguage(for script: hb_script_t) -> hb_language_t? {
        known(script).language
    }

    private struct Entry: @unchecked Sendable {  // hb_language_t is an interned, immutable pointer
        var tag: String?
        var language: hb_language_t?
    }

    private static let entries = Mutex<[UInt32: Entry]>([:])

    private static func known(_ script: hb_script_t) -> Entry {
        if let entry = entries.withLock({ $0[script.rawValue] }) { return entry }
        var entry = Entry(tag: nil, language: nil)
        if script != HB_SCRIPT_HAN && script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED
            && script != HB_SCRIPT_UNKNOWN
        {
            var buffer = [CChar](repeating: 0, count: 16)
            let length = ah_likely_language_for_script(hb_script_to_iso15924_tag(script), &buffer, Int32(buffer.count))
            if length > 0 {
                let tag = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                entry = Entry(tag: tag, language: hb_language_from_string(tag, -1))
            }
        }
        entries.withLock { $0[script.rawValue] = entry }
        return entry
    }
}
