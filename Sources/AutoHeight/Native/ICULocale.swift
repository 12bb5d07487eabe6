import CAutoHeightICU

/// Converts a BCP 47 language tag to the ICU locale id its break iterators take
/// (`"ja-u-lb-strict"` → `"ja@lb=strict"`). Returns nil for a tag that is not well formed.
func icuLocaleIdentifier(forLanguageTag tag: String) -> String? {
    if tag.isEmpty { return "" }
    var buffer = [CChar](repeating: 0, count: 160)
    var status: Int32 = 0
    let length = ah_locale_from_language_tag(tag, &buffer, Int32(buffer.count), &status)
    guard length >= 0 else { return nil }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The ISO 15924 script tags (packed as in HarfBuzz's `hb_tag_t`) a locale is written in; empty
/// when ICU does not know.
func icuScriptTags(forLocale locale: String) -> [UInt32] {
    var tags = [UInt32](repeating: 0, count: 16)
    var status: Int32 = 0
    let count = ah_scripts_for_locale(locale, &tags, Int32(tags.count), &status)
    return count > 0 ? Array(tags.prefix(Int(count))) : []
}
