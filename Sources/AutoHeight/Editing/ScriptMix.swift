/// Which real scripts (not Common, Inherited or Unknown, which ``TextRuns`` gives the script
/// around them) a stretch of text holds: none, one, or several.
///
/// Rule: a paragraph without right-to-left text that holds one script (and Common characters)
/// is itemized into one run of that script wherever its paired brackets are. A closing bracket
/// takes the script its opening bracket was opened in (``TextRuns/OpenBrackets``), which is that
/// script or Common (then resolved to it), so no bracket starts a run; an edit inside such a
/// paragraph may bring, take or re-pair brackets (``ParagraphPreparer/reprepare(_:)``).
enum ScriptMix: Equatable, Sendable {
    /// Only Common, Inherited and Unknown characters (or nothing).
    case none
    /// Characters of this script, and maybe Common ones.
    case single(Script)
    /// Characters of two scripts or more.
    case several

    /// The scripts of `units`. Complexity: O(units), one table load per BMP unit.
    static func of(_ units: UnsafeBufferPointer<UInt16>) -> ScriptMix {
        let table = TextRuns.ScriptTable.shared
        var found: Script? = nil
        var index = 0
        while index < units.count {
            let unit = units[index]
            var script: Script
            if unit & 0xF800 != 0xD800 {
                script = table.entry(unit).script
                index += 1
            } else {
                let scalar: UInt32
                (scalar, index) = units.scalar(at: index, limit: units.count)
                script = Script.of(scalar)
                if script.isNeutral { script = .common }
            }
            if script == .common || script == found { continue }
            if found != nil { return .several }
            found = script
        }
        return found.map(ScriptMix.single) ?? ScriptMix.none
    }

    /// The scripts of this text and `other` together.
    func adding(_ other: ScriptMix) -> ScriptMix {
        switch (self, other) {
        case (.none, _): return other
        case (_, .none): return self
        case (.single(let one), .single(let two)) where one == two: return self
        default: return .several
        }
    }

    /// Whether the text holds at most one script.
    var isSingle: Bool { self != .several }
}
