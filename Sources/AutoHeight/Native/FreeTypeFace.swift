import CFreeType

/// One FreeType library and one face opened from bytes the caller keeps alive.
///
/// This is the only owner of its `FT_Library` and `FT_Face`; both are freed in `deinit`.
/// FreeType objects are not thread-safe: a `FreeTypeFace` is used only while a ``Font`` is
/// being loaded and is never shared.
final class FreeTypeFace {
    private let library: FT_Library
    private let face: FT_Face

    /// Opens face `index` of the font in `bytes`.
    /// - Throws: `FreeTypeFace.Failure` with FreeType's error code.
    init(bytes: UnsafeRawBufferPointer, index: Int) throws(Failure) {
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else { throw Failure(code: initError) }
        var face: FT_Face?
        let openError = FT_New_Memory_Face(
            library, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
            FT_Long(bytes.count), FT_Long(index), &face)
        guard openError == 0, let face else {
            FT_Done_FreeType(library)
            throw Failure(code: openError)
        }
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// How many faces the file holds (a .ttc holds several).
    var faceCount: Int { Int(face.pointee.num_faces) }
    var unitsPerEm: Int { Int(face.pointee.units_per_EM) }
    var isScalable: Bool { face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 }
    var familyName: String {
        face.pointee.family_name.map { String(cString: $0) } ?? ""
    }
    var styleName: String {
        face.pointee.style_name.map { String(cString: $0) } ?? ""
    }
    /// Pixel sizes of the bitmap strikes (colour emoji fonts have one, often 109 px).
    var bitmapStrikeSizes: [Int] {
        guard let sizes = face.pointee.available_sizes else { return [] }
        return (0..<Int(face.pointee.num_fixed_sizes)).map { Int(sizes[$0].y_ppem) / 64 }
    }

    /// A FreeType error code with FreeType's own name for it.
    struct Failure: Error {
        let code: FT_Error
        var description: String {
            let hex = "FreeType error 0x\(String(UInt32(bitPattern: Int32(code)), radix: 16, uppercase: false))"
            if let text = FT_Error_String(code) { return "\(String(cString: text)) (\(hex))" }
            return FreeTypeErrorNames.name(of: Int(code)).map { "\($0) (\(hex))" } ?? hex
        }
    }
}
