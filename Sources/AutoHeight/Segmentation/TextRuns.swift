// Stage: Segmentation.
// Problem: shaping and line breaking need the text cut into paragraphs, grapheme clusters, break
//   opportunities and runs of one script and direction.
// Solution: ICU (through Native/) for break opportunities, clusters and bidi levels, with fast
//   paths from tables for the common cases; itemization into script and bidi runs here.
// Limitations: script runs follow ICU's and Pango's rules (brackets pair up to 32 deep).

/// Runs of one script and one bidi direction: the units HarfBuzz shapes in one call.
///
/// Bidi levels come from ICU's `ubidi` (UAX #9) per paragraph, but only for paragraphs that
/// contain right-to-left characters or bidi controls; others are left-to-right throughout.
/// Scripts come from HarfBuzz's Unicode data; Common and Inherited characters (spaces,
/// digits, punctuation, combining marks) take the script of the text before them (at the start
/// of a paragraph, of the first script after them), a closing bracket takes the script of its
/// opening bracket (`abc (ملاحظة) def`: both parentheses are Latin), as ICU's and Pango's script
/// itemizers do. Script runs do not depend on bidi: runs break where either changes.
package struct TextRun: Equatable {
    package var range: Range<Int>
    package var script: Script
    package var isRightToLeft: Bool
    /// The face a styled text's run is shaped in within its paragraph's pass: 0 the style's
    /// own, else ``ParagraphPreparer/Stretch/face``.
    package var face: UInt8 = 0
}

package enum TextRuns {
    /// Itemizes one paragraph. Complexity: O(n).
    package static func itemize(_ units: UnsafeBufferPointer<UInt16>) throws(AutoHeightError) -> [TextRun] {
        var runs: [TextRun] = []
        var brackets = OpenBrackets()
        try itemize(units, bidi: BidiResolver(), into: &runs, brackets: &brackets)
        return runs
    }

    /// Itemizes one paragraph into `runs` (emptied first, its storage reused), resolving bidi
    /// levels with `bidi` when the paragraph needs them; nil `bidi` says that it is known to be
    /// left-to-right throughout. With a `context`, `units` are a window of a longer paragraph
    /// whose levels are resolved with it (``BidiResolver/levels(_:context:)``). Complexity: O(n).
    static func itemize(
        _ units: UnsafeBufferPointer<UInt16>, bidi: BidiResolver?, context: BidiContext? = nil,
        into runs: inout [TextRun], brackets: inout OpenBrackets
    ) throws(AutoHeightError) {
        runs.removeAll(keepingCapacity: true)
        brackets.removeAll()
        let count = units.count
        if count == 0 { return }
        if context == nil, let script = asciiScript(units) {
            runs.append(TextRun(range: 0..<count, script: script, isRightToLeft: false))
            return
        }
        try itemizeScalars(units, bidi: bidi, context: context, into: &runs, brackets: &brackets)
    }

    /// The one run of an ASCII paragraph: Latin when it holds a letter, else Common (ASCII holds
    /// no other script and nothing that needs bidi, so the scalar walk could find no other run);
    /// nil when some unit is not ASCII. Complexity: O(n), one comparison per unit.
    static func asciiScript(_ units: UnsafeBufferPointer<UInt16>) -> Script? {
        var hasLetter = false
        for unit in units {
            if unit >= 0x80 { return nil }
            // A–Z and a–z: setting bit 5 folds case.
            hasLetter = hasLetter || (unit | 0x20) &- 0x61 < 26
        }
        return hasLetter ? .latin : .common
    }

    /// ``itemize(_:bidi:context:into:brackets:)`` scalar by scalar (any text; `runs` and
    /// `brackets` already emptied). `skipsUnchanged` false walks every unit (the reference the
    /// tight loops are tested against).
    static func itemizeScalars(
        _ units: UnsafeBufferPointer<UInt16>, bidi: BidiResolver?, context: BidiContext?,
        into runs: inout [TextRun], brackets: inout OpenBrackets, skipsUnchanged: Bool = true
    ) throws(AutoHeightError) {
        let count = units.count
        if count == 0 { return }
        var levels: UnsafeBufferPointer<UInt8>? = nil
        if let bidi, let context {
            levels = try bidi.levels(units, context: context)
        } else if let bidi, units.contains(where: CharacterClasses.mayNeedBidi) {
            levels = try bidi.levels(units)
        }
        let table = ScriptTable.shared
        var runStart = 0
        var runScript = Script.common
        // The table's code of `runScript` (``ScriptTable/code(_:)``), or `ScriptTable.noCode`
        // when it is Common or has none at hand: the tight loop below compares codes.
        var runCode = ScriptTable.noCode
        var runLevel: UInt8 = levels?[0] ?? 0
        var index = 0
        while index < count {
            // Units of the run's script or Common that are no bracket and no surrogate, at the
            // run's bidi level, change nothing: skipped in a tight loop (code 0 is Common and no
            // bracket; `runCode` is never 1, a bracket's).
            if skipsUnchanged, let levels {
                while index < count {
                    let unit = units[index]
                    if unit & 0xF800 == 0xD800 || levels[index] != runLevel { break }
                    let code = table.code(unit)
                    if code != 0 && code != runCode { break }
                    index += 1
                }
            } else if skipsUnchanged {
                while index < count {
                    let unit = units[index]
                    if unit & 0xF800 == 0xD800 { break }
                    let code = table.code(unit)
                    if code != 0 && code != runCode { break }
                    index += 1
                }
            }
            if index == count { break }
            let position = index
            let scalar: UInt32
            (scalar, index) = units.scalar(at: index, limit: count)
            let level = levels?[position] ?? 0
            var script: Script
            var scriptCode = ScriptTable.noCode
            var mayBeBracket: Bool
            if scalar < 0x10000 {
                (script, mayBeBracket) = table.entry(UInt16(scalar))
                scriptCode = table.code(UInt16(scalar))
            } else {
                script = Script.of(scalar)
                if script.isNeutral { script = .common }
                mayBeBracket = script == .common
            }
            if mayBeBracket, let bracket = UnicodeProperties.pairedBracket(of: scalar) {
                if bracket.opens {
                    brackets.push(closer: bracket.paired, script: runScript)
                } else if let opened = brackets.close(scalar), opened != .common {
                    script = opened
                    scriptCode = ScriptTable.noCode
                }
            }
            if level != runLevel && position > runStart {
                runs.append(TextRun(range: runStart..<position, script: runScript, isRightToLeft: runLevel & 1 == 1))
                runStart = position
                runLevel = level
                // A Common character keeps the script before it across a change of level
                // ("مرحبا SMTP مرحبا": the space after SMTP is Latin).
                if script != .common {
                    runScript = script
                    runCode = scriptCode
                }
                continue
            }
            runLevel = level
            if script == .common || script == runScript { continue }
            if runScript == .common {
                // Leading Common characters (and brackets opened among them) join the first
                // real script.
                brackets.resolveCommon(to: script)
                runScript = script
                runCode = scriptCode
                continue
            }
            runs.append(TextRun(range: runStart..<position, script: runScript, isRightToLeft: runLevel & 1 == 1))
            runStart = position
            runScript = script
            runCode = scriptCode
        }
        runs.append(TextRun(range: runStart..<count, script: runScript, isRightToLeft: runLevel & 1 == 1))
    }

    /// The script of every BMP character as the itemizer sees it (Inherited and Unknown are
    /// Common) and whether it is a paired bracket, tabulated once from HarfBuzz's and ICU's
    /// Unicode data (64 KiB): one load per character instead of two look-ups.
    final class ScriptTable: @unchecked Sendable {
        // @unchecked: the table's memory is written once, in `init`, and only read after.
        static let shared = ScriptTable()

        /// Per unit: 0 Common, 1 a Common paired bracket, else 2 + index into `scripts`. Kept in
        /// memory the process-wide table owns for its whole life (it is never freed): a look-up
        /// is one load, without the array's bounds check or a reference to follow first.
        private let codes: UnsafeBufferPointer<UInt8>
        private let scripts: UnsafeBufferPointer<Script>

        private init() {
            var codes = [UInt8](repeating: 0, count: 0x10000)
            var scripts: [Script] = []
            for unit in 0..<0x10000 where !(0xD800...0xDFFF).contains(unit) {
                var script = Script.of(UInt32(unit))
                if script.isNeutral { script = .common }
                if script == .common {
                    codes[unit] = UnicodeProperties.pairedBracket(of: UInt32(unit)) != nil ? 1 : 0
                    continue
                }
                var index = scripts.firstIndex(of: script)
                if index == nil, scripts.count < 253 {
                    scripts.append(script)
                    index = scripts.count - 1
                }
                // More than 253 scripts in the BMP cannot happen (Unicode has about 170); codes
                // stay below `noCode`.
                codes[unit] = index.map { UInt8($0 + 2) } ?? 0
            }
            let codeStorage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: codes.count)
            _ = codeStorage.initialize(from: codes)
            let scriptStorage = UnsafeMutableBufferPointer<Script>.allocate(capacity: max(scripts.count, 1))
            _ = scriptStorage.initialize(from: scripts)
            self.codes = UnsafeBufferPointer(codeStorage)
            self.scripts = UnsafeBufferPointer(rebasing: scriptStorage[0..<scripts.count])
        }

        /// The code no unit has (the table holds fewer than 254 scripts), for a script not known
        /// by its code.
        static let noCode: UInt8 = 255

        /// The table's code of `unit`: 0 Common, 1 a Common paired bracket, else one code per
        /// script (two units have the same code exactly when they have the same script, Common
        /// and brackets apart).
        func code(_ unit: UInt16) -> UInt8 { codes[Int(unit)] }

        /// The script of `unit` and whether it may be a paired bracket.
        func entry(_ unit: UInt16) -> (script: Script, mayBeBracket: Bool) {
            let code = codes[Int(unit)]
            if code >= 2 { return (scripts[Int(code) - 2], false) }
            return (.common, code == 1)
        }
    }

    /// The brackets open at a point of a paragraph, with the script around each when it was
    /// opened; bounded (deeper nesting is forgotten, as ICU's script runs do).
    struct OpenBrackets {
        private var closers: [UInt32] = []
        private var scripts: [Script] = []

        /// Forgets every bracket, keeping the storage.
        mutating func removeAll() {
            // Most paragraphs leave none open: no call then.
            guard !closers.isEmpty else { return }
            closers.removeAll(keepingCapacity: true)
            scripts.removeAll(keepingCapacity: true)
        }

        mutating func push(closer: UInt32, script: Script) {
            if closers.count == 32 {
                closers.removeFirst()
                scripts.removeFirst()
            }
            closers.append(closer)
            scripts.append(script)
        }

        /// The script of the innermost open bracket `closer` closes (popping it and any opened
        /// inside it), or nil when none is open.
        mutating func close(_ closer: UInt32) -> Script? {
            guard let match = closers.lastIndex(of: closer) else { return nil }
            let script = scripts[match]
            closers.removeSubrange(match...)
            scripts.removeSubrange(match...)
            return script
        }

        mutating func resolveCommon(to script: Script) {
            for index in scripts.indices where scripts[index] == .common { scripts[index] = script }
        }
    }
}
