import AutoHeight

/// A validation pattern matched against an editor's text incrementally: the Pike machine's
/// threads are kept after every paragraph, so after an edit the match resumes at the first
/// touched paragraph and stops as soon as its threads after a paragraph past the edit are those
/// the previous match had there (from then on it would run the same). For most patterns (a
/// character class repeated, `.*`, an alternation of those) that is the paragraph after the
/// edit, so a keystroke reads one paragraph, not the text. A pattern whose threads depend on
/// everything before (counted repetitions spanning paragraphs) runs on to the end.
///
/// The outcome equals ``ValidationPattern/evaluate(_:)`` of the whole text, step limit included:
/// steps are counted per paragraph and add up to the same total.
struct PatternProgress {
    let pattern: ValidationPattern

    /// The machine after one paragraph.
    struct Checkpoint {
        var threads: [Int]
        /// Whether the paragraph ended before the text's last character (`$` was not tried), or
        /// no thread was left.
        var isInterior: Bool
    }

    /// One per paragraph; correct for the first `validCount`. Those in `comparable` are from
    /// the match before the last edits (shifted with them), for the convergence test.
    private var checkpoints: [Checkpoint] = []
    /// Steps taken in each paragraph (kept apart so they add up fast).
    private var steps: [Int] = []
    private var validCount = 0
    private var comparable: Range<Int> = 0..<0

    init(pattern: ValidationPattern) { self.pattern = pattern }

    /// Paragraphs `range` were replaced by `count` new ones.
    mutating func replace(_ range: ClosedRange<Int>, withCount count: Int) {
        guard range.upperBound < checkpoints.count else {
            self = PatternProgress(pattern: pattern)
            return
        }
        let delta = count - range.count
        let placeholder = Checkpoint(threads: [], isInterior: false)
        checkpoints.replaceSubrange(range, with: repeatElement(placeholder, count: count))
        steps.replaceSubrange(range, with: repeatElement(0, count: count))
        let oldValid = validCount
        validCount = min(validCount, range.lowerBound)
        // Old checkpoints after the edit stay comparable (a second edit before a match narrows
        // them conservatively).
        let start = max(range.lowerBound + count, comparable.isEmpty ? 0 : comparable.lowerBound)
        let end = min(
            max(oldValid, range.upperBound + 1) + delta, comparable.isEmpty ? Int.max : comparable.upperBound + delta)
        comparable = oldValid > range.upperBound && start < end ? start..<end : 0..<0
    }

    /// The pattern's outcome on `store`'s text.
    mutating func evaluate(_ store: TextStore) -> ValidationPattern.Outcome {
        let count = store.paragraphCount
        if checkpoints.count != count {
            checkpoints = Array(repeating: Checkpoint(threads: [], isInterior: false), count: count)
            steps = Array(repeating: 0, count: count)
            validCount = 0
            comparable = 0..<0
        }
        let characterCount = store.characterCount
        let last = store.paragraph(count - 1).utf16Count == 0 && count > 1 ? count - 2 : count - 1
        // A grapheme cluster never goes on past a newline scalar (CR LF ends in one), so the last
        // unit tells.
        let lastIsNewline = store.paragraph(last).tailUnits.last.map(Self.isNewline) ?? false
        // Resume after the last kept checkpoint that did not try `$` and still lies before the
        // text's last character.
        var resume = validCount
        var position = resume > 0 ? store.characters(beforeParagraph: resume) : 0
        while resume > 0 && !(checkpoints[resume - 1].isInterior && position < characterCount - 1) {
            resume -= 1
            position -= store.paragraph(resume).characterCount
        }
        let program = pattern.program.instructions
        let taken = steps[..<resume].reduce(0, &+)
        var machine = PikeMachine(
            instructions: program, characterCount: characterCount, lastIsNewline: lastIsNewline,
            resuming: resume == 0 ? nil : checkpoints[resume - 1].threads, steps: taken, position: position)
        var overLimit = false
        var done = count
        store.forEachParagraph(from: resume) { index, paragraph in
            let before = index == 0 ? 0 : machine.steps
            for character in String(utf16Units: paragraph.units) {
                let step = machine.feed(character, stepLimit: pattern.stepLimit)
                if step == .overLimit { overLimit = true }
                if step != .running { break }
            }
            // A machine without threads reads nothing more: where it stopped does not matter.
            let checkpoint = Checkpoint(
                threads: machine.threads, isInterior: machine.threads.isEmpty || machine.position < characterCount - 1)
            let converged =
                comparable.contains(index) && checkpoint.isInterior && checkpoints[index].isInterior
                && checkpoints[index].threads == checkpoint.threads
            checkpoints[index] = checkpoint
            steps[index] = machine.steps - before
            if overLimit {
                done = index
                return false
            }
            if converged {
                done = comparable.upperBound
                return false
            }
            return true
        }
        validCount = done
        comparable = 0..<0
        guard !overLimit else { return .undetermined }
        // Converged onto checkpoints that end where the previous match gave up (its step limit):
        // this one may get further, so it runs on from there.
        if validCount < count { return evaluate(store) }
        // The whole text's steps, then what the machine after the last paragraph says.
        let total = steps.reduce(0, &+)
        if characterCount > 0 && total > pattern.stepLimit { return .undetermined }
        let final = checkpoints[count - 1].threads
        let matched = final.contains { if case .match = program[$0] { true } else { false } }
        return matched ? .matched : .notMatched
    }

    /// Whether `unit` is a scalar `Character.isNewline` starts with.
    private static func isNewline(_ unit: UInt16) -> Bool {
        (0x0A...0x0D).contains(unit) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }
}
