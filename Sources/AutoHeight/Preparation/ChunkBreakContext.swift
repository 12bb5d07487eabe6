extension SegmentCache {
    /// What a chunk's line-break opportunities depend on besides its own text, part of its key.
    ///
    /// UAX #14's rules that look further than the two characters around a boundary look left
    /// over runs of spaces (LB8, LB14–LB17: "X SP* × Y"), combining marks (LB9), hyphens after
    /// a Hebrew letter (LB21a), numbers and their punctuation (LB25) and regional indicators
    /// (LB30a); ICU 72 adds a word-initial hyphen rule (a hyphen after a space or at the start
    /// of the text does not break before a letter). Right of a boundary, only LB25 looks past
    /// the next character. So, for a chunk that starts at the paragraph's start, right after a
    /// space, or (at a script-run boundary) with a letter, the opportunities inside it depend on
    /// its text and which of the three it is: no such rule can reach back past its first
    /// character. Its end (after its spaces, where LB18 breaks unless LB7–LB17 say otherwise,
    /// or before a letter, closing punctuation or, after a letter or digit, a numeric separator
    /// or affix of the next run) then depends on its text and the next character's Line_Break
    /// class, when that character starts a cluster of its own
    /// (``startsClusterWithOwnClass(at:in:tables:)``). The start kind and that class are the
    /// context; every other chunk has none (``unknown``), and its opportunities are never
    /// stored; nor are any when ICU breaks by phrase (`lw=phrase`), whose dictionary looks across
    /// spaces and script changes. Tests compare the stored opportunities with ICU's on every text
    /// of the corpora, cold and warm.
    struct BreakContext: Equatable {
        let rawValue: UInt16

        // Computed, not stored: a stored static is a `swift_once` call per read on Linux.
        static var unknown: BreakContext { BreakContext(rawValue: 0xFFFF) }

        /// The character tables the context is read from, taken once per paragraph (each read of
        /// a static table is a call on Linux).
        struct Tables {
            let standalone = Graphemes.standaloneTable
            let lineBreak = UnicodeProperties.lineBreakTable
        }

        private init(rawValue: UInt16) { self.rawValue = rawValue }

        /// What precedes a chunk, which ICU's rules may look at.
        private enum Start: UInt16 {
            /// After spaces, which follow a character of the Line_Break class kept beside (LB14
            /// and ICU's word-initial hyphen rule: after "[ ", a hyphen may break before a letter;
            /// after "a ", it may not).
            case afterSpaces = 0
            case paragraphStart = 1
            /// A script run starting with a letter, at no space.
            case runStartLetter = 2
            /// A script run starting with something else right after a letter or an inline
            /// object (CB), whose class is kept beside (neither is in a repeated part of a rule's
            /// look to the left, and the one two-character look, LB21a's "HL (HY | BA) ×", sees
            /// it).
            case runStartAfterLetter = 3
            /// A run starting with a space (a styled text's run after a box or a change of
            /// face): like `afterSpaces`, what the rules may look at across the spaces is the
            /// class before them, kept beside (nothing breaks before a space, LB7).
            case runStartAtSpace = 4
            /// A run starting with an inline object (U+FFFC, CB: a styled text's box is a run of
            /// its own): no rule's look to the left reaches the breaks after it, nor the one at
            /// its end (LB20 and the rules before it see only the class after it).
            case runStartObject = 5
        }

        /// A class number standing for "no character" (ICU's classes are below 48).
        private static let none: UInt16 = 63

        /// The context of the chunk `range` of a paragraph's `units`, which starts and ends
        /// where a script run of the paragraph does when `startsRun` and `endsRun` say so.
        init(
            of range: Range<Int>, in units: UnsafeBufferPointer<UInt16>, startsRun: Bool, endsRun: Bool,
            tables: Tables = Tables()
        ) {
            let start = range.lowerBound
            let end = range.upperBound
            guard
                let (startKind, previousClass) = Self.start(
                    at: start, in: units, startsRun: startsRun, tables: tables)
            else {
                self = .unknown
                return
            }
            let head = startKind.rawValue << 12 | previousClass << 6
            if end == units.count {
                self = BreakContext(rawValue: head | Self.none)
                return
            }
            guard end > start, Self.startsClusterWithOwnClass(at: end, in: units, tables: tables) else {
                self = .unknown
                return
            }
            let nextClass = UnicodeProperties.lineBreakClass(of: UInt32(units[end]), in: tables.lineBreak)
            guard
                units[end - 1] == 0x20
                    || (endsRun
                        && Self.endsCleanlyBefore(
                            nextClass, after: { Self.effectiveClass(endingAt: end, in: units, table: tables.lineBreak) }
                        )),
                UInt16(nextClass.rawValue) < Self.none
            else {
                self = .unknown
                return
            }
            self = BreakContext(rawValue: head | UInt16(nextClass.rawValue))
        }

        /// What precedes `start` and the Line_Break class that matters there, when no rule's look
        /// to the left can reach further: the paragraph's start; spaces, and the character before
        /// them (not a combining mark or joiner, whose class is their base's); a script run
        /// starting with a letter; or a run starting with a space, and the character before it.
        /// Nil otherwise.
        private static func start(
            at start: Int, in units: UnsafeBufferPointer<UInt16>, startsRun: Bool, tables: Tables
        ) -> (Start, UInt16)? {
            if start == 0 { return (.paragraphStart, none) }
            if units[start - 1] == 0x20 {
                var before = start - 1
                while before > 0 && units[before - 1] == 0x20 { before -= 1 }
                if before == 0 { return (.afterSpaces, none) }
                guard let previousClass = effectiveClass(endingAt: before, in: units, table: tables.lineBreak) else {
                    return nil
                }
                return (.afterSpaces, UInt16(previousClass.rawValue))
            }
            if startsRun && units[start] == 0x20 {
                guard let previousClass = effectiveClass(endingAt: start, in: units, table: tables.lineBreak) else {
                    return nil
                }
                return (.runStartAtSpace, UInt16(previousClass.rawValue))
            }
            if startsRun && units[start] == 0xFFFC { return (.runStartObject, none) }
            guard startsRun, startsClusterWithOwnClass(at: start, in: units, tables: tables) else { return nil }
            if isLetter(UnicodeProperties.lineBreakClass(of: UInt32(units[start]), in: tables.lineBreak)) {
                return (.runStartLetter, none)
            }
            guard let previousClass = effectiveClass(endingAt: start, in: units, table: tables.lineBreak),
                isLetter(previousClass) || previousClass == .contingentBreak
            else {
                return nil
            }
            return (.runStartAfterLetter, UInt16(previousClass.rawValue))
        }

        /// Whether a chunk that ends where a script run does, at no space, has its end decided by
        /// its own text and the next character's class (and the chunk's own last class,
        /// `lastClass`, read only when needed):
        /// - before a letter or an inline object (CB; no rule looks past either), or a character
        ///   nothing breaks before (UAX #14 LB7 space, LB13 CL, CP, EX, LB19 QU), unless a
        ///   zero-width space in the chunk says otherwise (LB8, also the chunk's own text);
        /// - after a letter or digit, before a numeric separator or affix: nothing breaks before
        ///   IS or SY (LB13), and whether a letter or digit breaks before PR or PO depends on the
        ///   two classes alone (LB23a, LB24, LB25, LB27). The one rule that looks further right,
        ///   LB25's number prefix `(PR | PO)? (OP | HY)? NU`, starts at a prefix or opening
        ///   character, never at a letter or digit, so no boundary inside the chunk depends on
        ///   what follows either. (OP is not here: whether a letter breaks before it depends on
        ///   the character's East Asian width, LB30, which its class does not hold.)
        /// - after an inline object (CB), before anything: the break after it depends on the next
        ///   class alone (LB20, and LB7–LB19 for the classes nothing breaks before), and nothing
        ///   before it depends on what follows it.
        static func endsCleanlyBefore(_ nextClass: LineBreakClass, after lastClass: () -> LineBreakClass?) -> Bool {
            switch nextClass {
            case .closePunctuation, .exclamation, .quotation, .space, .closeParenthesis, .contingentBreak: return true
            case .infixSeparator, .symbol, .prefix, .postfix:
                guard let lastClass = lastClass() else { return false }
                return lastClass == .numeric || isLetter(lastClass) || lastClass == .contingentBreak
            default: return isLetter(nextClass) || lastClass() == .contingentBreak
            }
        }

        /// Whether the character at `index` (inside `units`, not first) starts a grapheme cluster
        /// whatever follows it, with ICU's line-break rules seeing its own class there: where
        /// ``Graphemes/clusterSurelyStarts(at:in:table:)`` is sure of it; or a BMP character of
        /// Grapheme_Cluster_Break Other after no Prepend character or ZWJ (GB9b, GB11) whose
        /// class is neither a combining mark's or joiner's (LB9 gives them their base's) nor
        /// complex context (SA, whose breaks a dictionary finds over the whole run of it).
        static func startsClusterWithOwnClass(
            at index: Int, in units: UnsafeBufferPointer<UInt16>, tables: Tables
        ) -> Bool {
            if Graphemes.clusterSurelyStarts(at: index, in: units, table: tables.standalone) { return true }
            let unit = units[index]
            guard unit & 0xF800 != 0xD800, units[index - 1] != 0x200D else { return false }
            switch UnicodeProperties.lineBreakClass(of: UInt32(unit), in: tables.lineBreak) {
            case .combiningMark, .zeroWidthJoiner, .complexContext, .surrogate: return false
            default:
                return UnicodeProperties.graphemeClusterBreak(of: UInt32(unit)) == .other
                    && UnicodeProperties.graphemeClusterBreak(of: units.scalar(endingAt: index)) != .prepend
            }
        }

        /// The Line_Break class UAX #14's rules see for the character ending at `end`: combining
        /// marks and joiners take their base's (LB9), or AL after a space, a break or the start
        /// (LB10). Nil for a surrogate class or a base more than 32 marks back.
        private static func effectiveClass(
            endingAt end: Int, in units: UnsafeBufferPointer<UInt16>, table: UnsafeBufferPointer<UInt8>
        ) -> LineBreakClass? {
            var position = end
            for _ in 0..<32 {
                guard position > 0 else { return .alphabetic }
                let scalar = units.scalar(endingAt: position)
                let lineBreakClass = UnicodeProperties.lineBreakClass(of: scalar, in: table)
                switch lineBreakClass {
                case .combiningMark, .zeroWidthJoiner:  // look at the base
                    position -= scalar > 0xFFFF ? 2 : 1
                case .mandatoryBreak, .carriageReturn, .lineFeed, .space, .zeroWidthSpace, .nextLine:
                    return position == end ? lineBreakClass : .alphabetic  // a mark after them is AL
                default:
                    return UInt16(lineBreakClass.rawValue) < none && lineBreakClass != .surrogate
                        ? lineBreakClass : nil
                }
            }
            return nil
        }

        /// Letters: AL, HL, ID, CJ and the Hangul classes (H2, H3, JL, JV, JT).
        static func isLetter(_ lineBreakClass: LineBreakClass) -> Bool {
            switch lineBreakClass {
            case .alphabetic, .ideographic, .hangulLV, .hangulLVT, .hangulL, .hangulT, .hangulV,
                .conditionalJapaneseStarter, .hebrewLetter:
                return true
            default: return false
            }
        }
    }
}
