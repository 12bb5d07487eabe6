/// One piece of a long paragraph kept in pieces: consecutive units between two
/// ``ParagraphCut``s (or a cut and the paragraph's start or end), with their preparation, which
/// equals that part of the whole paragraph's preparation (offsets from the piece's start).
/// An edit re-prepares and replaces only the pieces around it, so its cost does not grow with
/// the paragraph (see `docs/limits.md`, "Editing a long paragraph"). Immutable, shared by every
/// snapshot that holds it.
final class ParagraphPiece: Sendable {
    /// UTF-16 units; the paragraph's last piece also holds the paragraph's break.
    let units: [UInt16]
    /// The preparation of the units before the break.
    let prepared: PreparedParagraph
    /// Grapheme clusters of `units` (a cut is a cluster boundary).
    let characterCount: Int
    /// The scripts of `units` (an edit in a paragraph of one script may bring brackets, ``ScriptMix``).
    let scripts: ScriptMix
    /// Whether a unit is a paired bracket, for an edit that joins or splits the paragraph
    /// (``BreakWindows``).
    let holdsBracket: Bool

    init(units: [UInt16], prepared: PreparedParagraph, characterCount: Int) {
        self.units = units
        self.prepared = prepared
        self.characterCount = characterCount
        scripts = units.withUnsafeBufferPointer(ScriptMix.of)
        holdsBracket = units.contains(where: ParagraphCut.mayBeBracket)
    }
}

/// How long the pieces of a long paragraph are.
enum PieceSize {
    /// UTF-16 units a piece reaches before it ends at the next cut.
    static let target = 4096
}

extension PreparedParagraph {
    /// Units `range` of this paragraph, whose ends are segment ends (or its ends), as a paragraph
    /// of their own: segments moved to start at 0, advances and flags copied; its missing glyphs
    /// counted from its flags; its ``bidiUnits`` counted in `units` (the paragraph's) when this
    /// paragraph has any.
    func piece(
        _ range: Range<Int>, segments segmentRange: Range<Int>, units: UnsafeBufferPointer<UInt16>
    ) -> PreparedParagraph {
        let shift = Int32(range.lowerBound)
        var moved: [Segment] = []
        moved.reserveCapacity(segmentRange.count)
        for var segment in segments[segmentRange] {
            segment.end -= shift
            segment.contentEnd -= shift
            moved.append(segment)
        }
        let flags = Array(self.flags[range])
        var bidi = 0
        if bidiUnits > 0 { for unit in units[range] where CharacterClasses.mayNeedBidi(unit) { bidi += 1 } }
        return PreparedParagraph(
            length: range.count, segments: moved, advances: Array(advances[range]), flags: flags,
            missingGlyphs: UnitFlag.missingClusters(in: flags[...]), bidiUnits: bidi)
    }

    /// The preparation of consecutive pieces as one paragraph (segments moved by each piece's
    /// start): exactly the preparation of the whole, since pieces end at cuts.
    static func joining<Pieces: Collection>(_ pieces: Pieces) -> PreparedParagraph
    where Pieces.Element == PreparedParagraph {
        if pieces.count == 1, let only = pieces.first { return only }
        var length = 0
        var segmentCount = 0
        for piece in pieces {
            length += piece.length
            segmentCount += piece.segments.count
        }
        var joined = PreparedParagraph(
            length: length, segments: [], advances: [], flags: [], missingGlyphs: 0, bidiUnits: 0)
        joined.segments.reserveCapacity(segmentCount)
        joined.advances.reserveCapacity(length)
        joined.flags.reserveCapacity(length)
        var start: Int32 = 0
        for piece in pieces {
            for var segment in piece.segments {
                segment.end += start
                segment.contentEnd += start
                joined.segments.append(segment)
            }
            joined.advances.append(contentsOf: piece.advances)
            joined.flags.append(contentsOf: piece.flags)
            joined.missingGlyphs += piece.missingGlyphs
            joined.bidiUnits += piece.bidiUnits
            start += Int32(piece.length)
        }
        return joined
    }
}

extension ParagraphPreparer {
    /// Whether this preparer's paragraphs can be kept in pieces and an edit inside one
    /// re-prepared in a window (``reprepare(_:)``
    /// takes no window otherwise): any `white-space` and `word-break` but phrase breaking (see
    /// ``ParagraphCut``).
    var keepsPieces: Bool { !language.breaksByPhrase }

    /// Where to cut `paragraph` (of `units`, no break) into pieces of at least `target` units:
    /// the unit offsets of the cuts (``ParagraphCut``, segment ends), and for each the index of
    /// the first segment after it. Empty when this preparer keeps no pieces or when no cut lies
    /// far enough in (the caller keeps a paragraph with explicit bidi controls whole,
    /// ``BidiCut``). Complexity: O(segments), a cut check per segment past the target.
    func pieceCuts(
        of paragraph: PreparedParagraph, units: UnsafeBufferPointer<UInt16>, target: Int
    ) -> [(offset: Int, segment: Int)] {
        guard keepsPieces, paragraph.length > target else { return [] }
        var cuts: [(offset: Int, segment: Int)] = []
        var pieceStart = 0
        let segments = paragraph.segments
        for index in 0..<(segments.count - 1) {
            let end = Int(segments[index].end)
            if end - pieceStart >= target && paragraph.length - end >= 2 && isCut(at: end, in: units) {
                cuts.append((end, index + 1))
                pieceStart = end
            }
        }
        return cuts
    }
}
