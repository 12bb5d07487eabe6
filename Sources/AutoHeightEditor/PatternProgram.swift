import AutoHeight

/// A validation pattern compiled for a Pike virtual machine: every thread of the pattern's NFA
/// advances in lock step over the text's characters, at most one thread per instruction, so a
/// match costs O(characters × instructions) whatever the pattern (`(a+)+$` included); nothing
/// backtracks.
struct PatternProgram: Sendable {
    enum Instruction: Sendable {
        case test(CharacterTest)
        /// Try both; the order does not matter for a yes/no whole match.
        case split(Int, Int)
        case jump(Int)
        case textStart
        case textEnd(beforeFinalNewline: Bool)
        case match
    }

    /// The largest program compiled: `x{1000}{1000}` and the like are rejected at configuration.
    static let maximumInstructions = 20_000

    private(set) var instructions: [Instruction] = []

    init(_ node: PatternNode) throws(PatternUnsupported) {
        try emit(node)
        instructions.append(.match)
    }

    private mutating func append(_ instruction: Instruction) throws(PatternUnsupported) {
        guard instructions.count < Self.maximumInstructions else {
            throw PatternUnsupported(
                reason:
                    "pattern too large: more than \(Self.maximumInstructions) instructions once repetitions are expanded"
            )
        }
        instructions.append(instruction)
    }

    private mutating func emit(_ node: PatternNode) throws(PatternUnsupported) {
        switch node {
        case .empty: break
        case .test(let test): try append(.test(test))
        case .textStart: try append(.textStart)
        case .textEnd(let beforeFinalNewline): try append(.textEnd(beforeFinalNewline: beforeFinalNewline))
        case .sequence(let nodes): for node in nodes { try emit(node) }
        case .alternation(let branches):
            var jumpsToEnd: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index < branches.count - 1 {
                    let split = instructions.count
                    try append(.split(split + 1, -1))
                    try emit(branch)
                    jumpsToEnd.append(instructions.count)
                    try append(.jump(-1))
                    instructions[split] = .split(split + 1, instructions.count)
                } else {
                    try emit(branch)
                }
            }
            for jump in jumpsToEnd { instructions[jump] = .jump(instructions.count) }
        case .repetition(let body, let minimum, let maximum):
            for _ in 0..<minimum { try emit(body) }
            if let maximum {
                var splits: [Int] = []
                for _ in minimum..<max(minimum, maximum) {
                    splits.append(instructions.count)
                    try append(.split(instructions.count + 1, -1))
                    try emit(body)
                }
                for split in splits { instructions[split] = .split(split + 1, instructions.count) }
            } else {
                let loop = instructions.count
                try append(.split(loop + 1, -1))
                try emit(body)
                try append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
            }
        }
    }

    /// Whether the program matches all of `text`, or nil when deciding it would take more than
    /// `stepLimit` thread steps.
    func wholeMatch(_ text: String, stepLimit: Int) -> Bool? {
        let characters = Array(text)
        var machine = PikeMachine(
            instructions: instructions, characterCount: characters.count,
            lastIsNewline: characters.last?.isNewline ?? false)
        for character in characters {
            switch machine.feed(character, stepLimit: stepLimit) {
            case .running: continue
            case .dead: return false
            case .overLimit: return nil
            }
        }
        return machine.isMatched
    }
}

/// A Pike machine fed one character at a time, so that a match can stop between two characters
/// and resume there (``PatternProgress`` does, at paragraph boundaries).
struct PikeMachine {
    let instructions: [PatternProgram.Instruction]
    /// Characters of the whole text, and whether its last one is a newline (for `$`).
    let characterCount: Int
    let lastIsNewline: Bool
    /// The threads waiting for the next character (instructions testing it, or `match`).
    private(set) var threads: [Int] = []
    /// Steps taken since the start of the text.
    private(set) var steps = 0
    /// Characters read since the start of the text.
    private(set) var position = 0
    /// Per instruction, the last position it was added at: each instruction runs once per position.
    private var addedAt: [Int]
    private var stack: [Int] = []
    private var next: [Int] = []

    /// What a character did.
    enum Step { case running, dead, overLimit }

    /// A machine at the start of a text of `characterCount` characters, or (`resuming`) after
    /// `position` characters with those threads, `steps` taken.
    init(
        instructions: [PatternProgram.Instruction], characterCount: Int, lastIsNewline: Bool,
        resuming threads: [Int]? = nil, steps: Int = 0, position: Int = 0
    ) {
        self.instructions = instructions
        self.characterCount = characterCount
        self.lastIsNewline = lastIsNewline
        addedAt = Array(repeating: -1, count: instructions.count)
        self.steps = steps
        self.position = position
        if let threads {
            self.threads = threads
        } else {
            var start: [Int] = []
            add(0, at: 0, to: &start)
            self.threads = start
        }
    }

    /// Reads the next character: `.dead` (nothing read) when no thread is left, so the text
    /// cannot match; `.overLimit` when the steps passed `stepLimit`.
    mutating func feed(_ character: Character, stepLimit: Int) -> Step {
        if threads.isEmpty { return .dead }
        var upcoming = next
        next = []
        upcoming.removeAll(keepingCapacity: true)
        for pc in threads {
            if case .test(let test) = instructions[pc], test.matches(character) {
                add(pc + 1, at: position + 1, to: &upcoming)
            }
        }
        steps += threads.count
        position += 1
        next = threads
        threads = upcoming
        return steps > stepLimit ? .overLimit : .running
    }

    /// Whether a thread reached `match` (at the end of the text: the whole text matches).
    var isMatched: Bool {
        threads.contains { if case .match = instructions[$0] { true } else { false } }
    }

    /// Adds `pc` and everything reachable from it without reading a character.
    private mutating func add(_ pc: Int, at position: Int, to list: inout [Int]) {
        stack.append(pc)
        while let pc = stack.popLast() {
            guard addedAt[pc] != position else { continue }
            addedAt[pc] = position
            steps += 1
            switch instructions[pc] {
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .textStart: if position == 0 { stack.append(pc + 1) }
            case .textEnd(let beforeFinalNewline):
                if position == characterCount
                    || (beforeFinalNewline && position == characterCount - 1 && lastIsNewline)
                {
                    stack.append(pc + 1)
                }
            case .test, .match: list.append(pc)
            }
        }
    }
}
