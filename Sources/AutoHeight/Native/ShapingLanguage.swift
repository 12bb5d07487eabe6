import CHarfBuzz

/// A language as HarfBuzz shapes with it (its `hb_language_t`): interned, so two values are
/// equal exactly when their tags are, and comparing them compares pointers.
package struct ShapingLanguage: Hashable, @unchecked Sendable {  // an interned, immutable pointer
    let handle: hb_language_t

    /// The language for a BCP 47 tag (`"ko"`, `"ja-JP"`); nil for the empty tag.
    init?(tag: String) {
        guard !tag.isEmpty, let handle = hb_language_from_string(tag, -1) else { return nil }
        self.handle = handle
    }

    /// HarfBuzz's canonical form of the tag (lowercase).
    var tag: String { String(cString: hb_language_to_string(handle)) }

    /// The interned pointer as a number (for keys).
    var identity: UInt { UInt(bitPattern: Int(bitPattern: handle)) }
}

extension Optional where Wrapped == ShapingLanguage {
    /// The language's identity in keys (0 for none).
    var identity: UInt { self?.identity ?? 0 }

    /// HarfBuzz's language (NULL for none).
    var harfBuzz: hb_language_t? { self?.handle }
}
