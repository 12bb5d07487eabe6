/// One paragraph of a ``TextStore``: immutable, shared by every snapshot that holds it.
///
/// A paragraph of at least ``EditableText``'s `windowMinimumLength` units that may be edited in
/// windows (no phrase breaking, see ``ParagraphPreparer/keepsPieces``; with right-to-left text,
/// no explicit bidi control nor B, see ``BidiCut``) is kept in
/// ``ParagraphPiece``s of a few thousand units cut at ``ParagraphCut``s: an edit inside it then
/// builds a new paragraph from the old pieces (shared) and the re-prepared ones around the edit,
/// O(pieces) references and O(piece) units, instead of copying the paragraph's arrays. Others
/// are kept whole.
package final class StoredParagraph: Sendable {
    /// UTF-16 units (break included) of a paragraph kept whole; empty for one kept in pieces.
    private let wholeUnits: [UInt16]
    private let wholePrepared: PreparedParagraph
    /// The pieces of a paragraph kept in pieces (empty otherwise), and the offset each starts at.
    let pieces: [ParagraphPiece]
    let pieceStarts: [Int]
    /// Grapheme clusters of the units.
    package let characterCount: Int
    /// UTF-16 units, the paragraph's break included (the text's last paragraph has none).
    package let utf16Count: Int
    /// Units before the break (the prepared length).
    let contentLength: Int
    let missingGlyphs: Int
    /// Units that may need bidi (``PreparedParagraph/bidiUnits``), in all its pieces.
    let bidiUnits: Int
    /// The scripts of its pieces (``ScriptMix``); `.several` for a paragraph kept whole (not
    /// looked at: only edits in pieces read it).
    let scripts: ScriptMix
    /// Whether a piece holds a paired bracket (``ParagraphPiece/holdsBracket``); true for a
    /// paragraph kept whole (not looked at).
    let holdsBracket: Bool

    /// A paragraph of `units` kept whole; `characterCount`, when known, is their grapheme clusters.
    init(units: [UInt16], prepared: PreparedParagraph, characterCount: Int? = nil) {
        wholeUnits = units
        wholePrepared = prepared
        pieces = []
        pieceStarts = []
        self.characterCount = characterCount ?? units.withUnsafeBufferPointer(Graphemes.count(of:))
        utf16Count = units.count
        contentLength = prepared.length
        missingGlyphs = prepared.missingGlyphs
        bidiUnits = prepared.bidiUnits
        scripts = .several
        holdsBracket = true
    }

    /// A paragraph kept in `pieces` (at least one; the last holds the break).
    init(pieces: [ParagraphPiece]) {
        precondition(!pieces.isEmpty, "a paragraph in pieces has at least one")
        wholeUnits = []
        wholePrepared = .empty
        self.pieces = pieces
        var starts: [Int] = []
        starts.reserveCapacity(pieces.count)
        var units = 0
        var characters = 0
        var content = 0
        var missing = 0
        var bidi = 0
        var mix = ScriptMix.none
        var bracket = false
        for piece in pieces {
            bidi += piece.prepared.bidiUnits
            mix = mix.adding(piece.scripts)
            bracket = bracket || piece.holdsBracket
            starts.append(units)
            units += piece.units.count
            characters += piece.characterCount
            content += piece.prepared.length
            missing += piece.prepared.missingGlyphs
        }
        pieceStarts = starts
        utf16Count = units
        characterCount = characters
        contentLength = content
        self.missingGlyphs = missing
        bidiUnits = bidi
        scripts = mix
        holdsBracket = bracket
    }

    /// A paragraph of `units` prepared as `prepared`, kept in pieces of about
    /// ``PieceSize/target`` units when it is at least `minimumLength` long and `preparer` finds
    /// cuts in it, else whole.
    static func make(
        units: [UInt16], prepared: PreparedParagraph, characterCount: Int? = nil, preparer: ParagraphPreparer,
        minimumLength: Int, pieceLength: Int = PieceSize.target
    ) -> StoredParagraph {
        // A broken syllable's dotted circle depends on the syllables before it in its run, which
        // an edit's window would number otherwise (UnitFlag.dottedCircle): kept whole.
        guard prepared.length >= minimumLength, prepared.length > 0, !prepared.holdsDottedCircle else {
            return StoredParagraph(units: units, prepared: prepared, characterCount: characterCount)
        }
        // Explicit bidi controls anywhere keep it whole: no window is proven for them; nor for
        // its level without a look at all of it when it holds a B (BidiCut).
        guard
            prepared.bidiUnits == 0
                || !units[..<prepared.length].contains(where: {
                    BidiCut.isExplicitControl($0) || BidiCut.isParagraphSeparator($0)
                })
        else {
            return StoredParagraph(units: units, prepared: prepared, characterCount: characterCount)
        }
        let cuts = units.withUnsafeBufferPointer { all in
            preparer.pieceCuts(
                of: prepared, units: UnsafeBufferPointer(rebasing: all[..<prepared.length]), target: pieceLength)
        }
        guard !cuts.isEmpty || preparer.keepsPieces else {
            return StoredParagraph(units: units, prepared: prepared, characterCount: characterCount)
        }
        return StoredParagraph(
            pieces: Self.pieces(of: units, prepared: prepared, cuts: cuts, characterCount: characterCount))
    }

    /// `units` (break included) and their preparation cut at `cuts` into pieces;
    /// `characterCount`, when known, is the grapheme clusters of `units`.
    static func pieces(
        of units: [UInt16], prepared: PreparedParagraph, cuts: [(offset: Int, segment: Int)],
        characterCount: Int? = nil
    ) -> [ParagraphPiece] {
        if cuts.isEmpty {
            let characters = characterCount ?? units.withUnsafeBufferPointer(Graphemes.count(of:))
            return [ParagraphPiece(units: units, prepared: prepared, characterCount: characters)]
        }
        var pieces: [ParagraphPiece] = []
        pieces.reserveCapacity(cuts.count + 1)
        var start = (offset: 0, segment: 0)
        var missing = 0
        for end in cuts + [(prepared.length, prepared.segments.count)] {
            var piece = units.withUnsafeBufferPointer {
                prepared.piece(start.offset..<end.offset, segments: start.segment..<end.segment, units: $0)
            }
            let isLast = end.offset == prepared.length
            // The last piece takes what the flags do not count (equal in practice), so that the
            // pieces' sum is the paragraph's.
            if isLast { piece.missingGlyphs = prepared.missingGlyphs - missing }
            missing += piece.missingGlyphs
            let pieceUnits = Array(units[start.offset..<(isLast ? units.count : end.offset)])
            pieces.append(
                ParagraphPiece(
                    units: pieceUnits, prepared: piece,
                    characterCount: pieceUnits.withUnsafeBufferPointer(Graphemes.count(of:))))
            start = end
        }
        return pieces
    }

    /// Whether it is kept in pieces.
    var isPieced: Bool { !pieces.isEmpty }

    /// Units after the content: the break.
    var breakLength: Int { utf16Count - contentLength }

    /// The units, break included. O(n) for a paragraph in pieces (joined).
    package var units: [UInt16] {
        guard isPieced else { return wholeUnits }
        var all: [UInt16] = []
        all.reserveCapacity(utf16Count)
        for piece in pieces { all.append(contentsOf: piece.units) }
        return all
    }

    /// The preparation of the content. O(n) for a paragraph in pieces (joined).
    var prepared: PreparedParagraph {
        isPieced ? PreparedParagraph.joining(pieces.lazy.map(\.prepared)) : wholePrepared
    }

    /// The piece holding offset `offset` (`0..<utf16Count`). Complexity: O(log pieces).
    func piece(containing offset: Int) -> Int { pieceStarts.lastIndex(notAbove: offset) ?? 0 }

    /// Unit `offset` (in `0..<utf16Count`). Complexity: O(log pieces).
    func unit(at offset: Int) -> UInt16 {
        guard isPieced else { return wholeUnits[offset] }
        let piece = piece(containing: offset)
        return pieces[piece].units[offset - pieceStarts[piece]]
    }

    /// The last unit (nil when empty).
    var lastUnit: UInt16? { tailUnits.last }

    /// The units from a grapheme-cluster boundary on, to its end: the last piece's of a paragraph
    /// in pieces, all of them otherwise. O(1).
    package var tailUnits: [UInt16] { isPieced ? pieces[pieces.count - 1].units : wholeUnits }

    /// Appends the units to `all`.
    func appendUnits(to all: inout [UInt16]) {
        if isPieced {
            for piece in pieces { all.append(contentsOf: piece.units) }
        } else {
            all.append(contentsOf: wholeUnits)
        }
    }

    /// Whether both hold the same units; pieces both hold are skipped when they line up.
    func hasSameUnits(as other: StoredParagraph) -> Bool {
        if self === other { return true }
        guard utf16Count == other.utf16Count else { return false }
        if isPieced && other.isPieced && pieceStarts == other.pieceStarts {
            return zip(pieces, other.pieces).allSatisfy { $0 === $1 || $0.units == $1.units }
        }
        return units == other.units
    }
}
