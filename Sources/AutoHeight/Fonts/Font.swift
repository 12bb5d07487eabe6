import Synchronization

/// A font face, loaded once and shared by every measurement that uses it.
///
/// ```swift
/// let font = try Font(path: "Fonts/NotoSans-Regular.ttf")
/// let korean = try Font(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 1)
/// ```
/// FreeType opens and checks the file; HarfBuzz shapes with it at units-per-em scale, so the
/// same `Font` serves every pixel size. Immutable and safe to share between threads.
public final class Font: Sendable, CustomStringConvertible {
    /// The file the font came from (or the name given to in-memory bytes).
    public let path: String
    /// The face's index in its file (0 except in collections such as `.ttc`).
    public let faceIndex: Int
    /// The family name the font declares (`Noto Sans`).
    public let familyName: String
    /// The style name the font declares (`Regular`, `Bold`).
    public let styleName: String
    /// Font units per em: the scale of the font's own coordinates.
    public let unitsPerEm: Int
    /// Vertical metrics in em (fractions of the font size).
    public let metrics: FontMetrics
    /// Bitmap strike sizes in px for bitmap-only fonts (colour emoji); empty for outline fonts.
    /// They do not matter for measuring: every font, bitmap strikes included, is measured at the
    /// requested size from its font-unit metrics (as a scaled strike is drawn).
    public let bitmapStrikeSizes: [Int]
    /// Whether the font has colour glyphs (`CBDT`/`sbix` bitmaps, `COLR` layers or `SVG `), as
    /// emoji fonts do. Clusters shown as emoji prefer such fonts (see ``FontStack``).
    public let isColor: Bool

    package let shaper: HarfBuzzFont
    /// Advance of U+0020 in em (tab stops are multiples of it).
    let spaceAdvance: Double
    /// Advance of `0` in em: CSS's `ch` (half an em when the font has no `0`).
    let zeroAdvance: Double
    /// Advance of `.notdef` (glyph 0) in em: how wide Chromium draws a C0 control character.
    let notdefAdvance: Double
    /// The glyph of U+25CC DOTTED CIRCLE, which HarfBuzz inserts before a broken syllable's
    /// marks; nil when the font has none (HarfBuzz then inserts nothing).
    let dottedCircleGlyph: UInt32?
    /// The ideographic face bottom and hanging baselines in em (``HarfBuzzFont/runAlignmentBaselines``).
    let runAlignmentBaselines: (ideographicFaceBottom: Double, hanging: Double)
    /// A number no other `Font` of this process has (cache keys use it, never addresses).
    let serial: Int
    /// `<canonical path>#<face>`: the same face loaded twice has the same key (system fallback
    /// uses it to recognise the fonts of the explicit stack); unique for fonts from memory.
    let fileKey: String
    /// Bit `c` set when the font has a glyph for ASCII character `c`.
    private let asciiCoverage: (low: UInt64, high: UInt64)
    private static let serials = Atomic<Int>(0)
    /// Memo of ``wordCoupling(script:rightToLeft:language:)``.
    private let couplings = SmallMemo<CouplingKey, WordCoupling>()
    /// Memo of ``isolatedLetters(script:language:candidates:)``.
    private let isolations = SmallMemo<CouplingKey, IsolatedLetters>()
    /// Memo of ``mapsAnyCharacter(of:)``.
    private let scriptCoverage = SmallMemo<Script, Bool>()

    /// A script, a direction and a language.
    private struct CouplingKey: Equatable, Sendable {
        var script: Script
        var rightToLeft: Bool
        var language: ShapingLanguage?
    }

    /// Loads face `faceIndex` of the font file at `path`.
    ///
    /// - Throws: ``AutoHeightError/fontFileNotFound(path:)``,
    ///   ``AutoHeightError/fontFileUnreadable(path:reason:)``,
    ///   ``AutoHeightError/notAFont(path:reason:)`` (with FreeType's error),
    ///   ``AutoHeightError/faceIndexOutOfRange(path:index:faceCount:)``.
    public convenience init(path: String, faceIndex: Int = 0) throws(AutoHeightError) {
        let bytes = try FontBytes(contentsOf: path)
        try self.init(bytes: bytes, name: path, faceIndex: faceIndex, canonicalPath: FontBytes.canonicalPath(of: path))
    }

    /// Loads face `faceIndex` of a font held in memory; `name` is used in errors.
    public convenience init(data: [UInt8], name: String, faceIndex: Int = 0) throws(AutoHeightError) {
        try self.init(bytes: FontBytes(copying: data), name: name, faceIndex: faceIndex, canonicalPath: nil)
    }

    private init(bytes: FontBytes, name: String, faceIndex: Int, canonicalPath: String?) throws(AutoHeightError) {
        guard bytes.count > 0 else {
            throw .notAFont(path: name, reason: "the file is empty")
        }
        let probe: FreeTypeFace
        do {
            // Face 0 first: it tells how many faces there are.
            let first = try FreeTypeFace(bytes: bytes.bytes, index: 0)
            guard faceIndex >= 0 && faceIndex < first.faceCount else {
                throw AutoHeightError.faceIndexOutOfRange(
                    path: name, index: faceIndex, faceCount: first.faceCount)
            }
            probe =
                faceIndex == 0
                ? first : try FreeTypeFace(bytes: bytes.bytes, index: faceIndex)
        } catch let failure as FreeTypeFace.Failure {
            throw .notAFont(path: name, reason: failure.description)
        } catch let error as AutoHeightError {
            throw error
        } catch {
            throw .notAFont(path: name, reason: "\(error)")
        }
        let shaper = HarfBuzzFont(bytes: bytes, index: faceIndex)
        let upem = shaper.unitsPerEm
        guard upem > 0, shaper.glyphCount > 0 else {
            throw .unusableFont(path: name, reason: "no glyphs or no units per em")
        }
        let extents = shaper.horizontalExtents
        // Lines are ascender − descender + line gap tall: a font whose sum is not positive would
        // give every line 0 px (or less) and an editor no height.
        let extent = Int(extents.ascender) - Int(extents.descender) + Int(extents.lineGap)
        guard extent > 0 else {
            throw .unusableFont(
                path: name,
                reason: "no line height (ascender \(extents.ascender) − descender \(extents.descender) + line gap "
                    + "\(extents.lineGap) ≤ 0 font units)")
        }
        self.path = name
        self.faceIndex = faceIndex
        self.familyName = probe.familyName
        self.styleName = probe.styleName
        self.unitsPerEm = upem
        self.bitmapStrikeSizes = probe.isScalable ? [] : probe.bitmapStrikeSizes
        self.shaper = shaper
        let scale = 1.0 / Double(upem)
        self.metrics = FontMetrics(
            ascender: Double(extents.ascender) * scale,
            descender: Double(extents.descender) * scale,
            lineGap: Double(extents.lineGap) * scale)
        // A font whose space has no positive advance (a broken hmtx) gets a quarter em, as one
        // without a space: tab stops are multiples of it, and 0 made every tabbed width NaN.
        let space = shaper.advance(of: 0x20).flatMap { $0 > 0 ? $0 : nil } ?? upem / 4
        self.spaceAdvance = Double(space) * scale
        self.notdefAdvance = Double(max(shaper.notdefAdvance, 0)) * scale
        self.zeroAdvance = shaper.advance(of: 0x30).map { Double($0) * scale } ?? 0.5
        self.dottedCircleGlyph = shaper.nominalGlyph(0x25CC)
        let baselines = shaper.runAlignmentBaselines
        self.runAlignmentBaselines = (
            Double(baselines.ideographicFaceBottom) * scale, Double(baselines.hanging) * scale
        )
        self.serial = Self.serials.wrappingAdd(1, ordering: .relaxed).newValue
        self.isColor = shaper.hasColorGlyphs
        var ascii: (low: UInt64, high: UInt64) = (0, 0)
        for code in UInt32(0)..<128 where shaper.hasGlyph(code) {
            if code < 64 { ascii.low |= 1 << UInt64(code) } else { ascii.high |= 1 << UInt64(code - 64) }
        }
        self.asciiCoverage = ascii
        self.fileKey = "\(canonicalPath ?? "memory:\(serial):\(name)")#\(faceIndex)"
    }

    /// How this font's lookups tie space-separated words of `script` text in `language` and the
    /// given direction together (see ``WordCoupling``): the condition for using
    /// ``SegmentCache``. Memoized.
    func wordCoupling(script: Script, rightToLeft: Bool = false, language: ShapingLanguage?) -> WordCoupling {
        couplings.value(for: CouplingKey(script: script, rightToLeft: rightToLeft, language: language)) {
            WordCoupling(
                shaper.spaceCoupling(script: script, rightToLeft: rightToLeft, language: language), font: shaper)
        }
    }

    /// Which of the BMP characters `candidates` gives for `script` this font shapes, in
    /// left-to-right `script` text in `language`, with no lookup that ties their glyphs to a
    /// neighbour's (``HarfBuzzFont/isolatedCharacters(script:language:candidates:)``). Memoized
    /// per script and language: callers pass the same candidates for a script.
    func isolatedLetters(script: Script, language: ShapingLanguage?, candidates: (Script) -> [UInt32])
        -> IsolatedLetters
    {
        isolations.value(for: CouplingKey(script: script, rightToLeft: false, language: language)) {
            IsolatedLetters(
                shaper.isolatedCharacters(script: script, language: language, candidates: candidates(script)))
        }
    }

    public var description: String {
        "\(familyName) \(styleName) (\(path)\(faceIndex == 0 ? "" : " face \(faceIndex)"))"
    }

    /// Whether the font's cmap maps some character of `script` (a font with none cannot draw a
    /// letter of it, nor anything HarfBuzz decomposes one into). Memoized per script.
    func mapsAnyCharacter(of script: Script) -> Bool {
        scriptCoverage.value(for: script) { shaper.mapsAnyCharacter(of: script) }
    }

    /// Whether the font has a glyph for the ASCII character `unit` (< 0x80).
    func coversASCII(_ unit: UInt16) -> Bool {
        unit < 64 ? asciiCoverage.low >> UInt64(unit) & 1 == 1 : asciiCoverage.high >> UInt64(unit - 64) & 1 == 1
    }

    /// Whether the font has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { shaper.hasGlyph(scalar.value) }

    /// Shapes `range` of `units` (the rest is context) with this font and no user features
    /// (`hb_shape`). The glyphs stay valid until `buffer` is used again.
    package func shape(
        _ units: UnsafeBufferPointer<UInt16>, range: Range<Int>, script: Script, isRightToLeft: Bool,
        language: ShapingLanguage?, buffer: HarfBuzzBuffer
    ) throws(AutoHeightError) -> ShapedGlyphs {
        try buffer.shape(
            units, range: range, script: script, isRightToLeft: isRightToLeft, language: language, font: shaper)
    }
}

/// A font's vertical metrics in em, as HarfBuzz reports them.
public struct FontMetrics: Sendable, Equatable {
    /// Above the baseline (positive).
    public var ascender: Double
    /// Below the baseline (negative).
    public var descender: Double
    /// Extra space the font asks for between lines.
    public var lineGap: Double
    /// `ascender − descender + lineGap`: the `metrics` line height in em.
    public var lineHeight: Double { ascender - descender + lineGap }
}
