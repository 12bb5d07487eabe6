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
        var machine = PikeMachine(instructions: instructions, characters: characters)
        return machine.run(stepLimit: stepLimit)
    }
}

/// The thread lists of one match.
private struct PikeMachine {
    let instructions: [PatternProgram.Instruction]
    let characters: [Character]
    /// Per instruction, the last position it was added at: each instruction runs once per position.
    private var addedAt: [Int]
    private var stack: [Int] = []
    private var steps = 0

    init(instructions: [PatternProgram.Instruction], characters: [Character]) {
        self.instructions = instructions
        self.characters = characters
        addedAt = Array(repeating: -1, count: instructions.count)
    }

    mutating func run(stepLimit: Int) -> Bool? {
        var current: [Int] = []
        var next: [Int] = []
        add(0, at: 0, to: &current)
        for position in characters.indices {
            if current.isEmpty { return false }
            let character = characters[position]
            next.removeAll(keepingCapacity: true)
            for pc in current {
                if case .test(let test) = instructions[pc], test.matches(character) {
                    add(pc + 1, at: position + 1, to: &next)
                }
            }
            steps += current.count
            if steps > stepLimit { return nil }
            swap(&current, &next)
        }
        return current.contains { if case .match = instructions[$0] { true } else { false } }
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
                if position == characters.count
                    || (beforeFinalNewline && position == characters.count - 1 && characters[position].isNewline)
                {
                    stack.append(pc + 1)
                }
            case .test, .match: list.append(pc)
            }
        }
    }
}
