import Synchronization

/// Failures the tests inject into the C layer, to show that each is turned into a typed error
/// (an allocation failure cannot be provoked reliably otherwise). Task-local: only the task that
/// sets one sees it, so tests running in parallel are unaffected. Off in normal use, where the
/// checks read one process-wide counter (a task-local read costs about a hundred instructions,
/// once per HarfBuzz call).
enum NativeFailureInjection {
    /// `hb_buffer_allocation_successful` reports a failure after text is added to a buffer.
    @TaskLocal private static var harfBuzzAllocation = false
    /// `FcPatternCreate` returns no pattern (fontconfig out of memory).
    @TaskLocal private static var fontconfigAllocation = false
    /// Injections running anywhere in the process.
    private static let active = Atomic<Int>(0)

    /// Whether the current task injects a HarfBuzz allocation failure.
    static var failsHarfBuzzAllocation: Bool { active.load(ordering: .relaxed) > 0 && harfBuzzAllocation }
    /// Whether the current task injects a fontconfig allocation failure.
    static var failsFontconfigAllocation: Bool { active.load(ordering: .relaxed) > 0 && fontconfigAllocation }

    /// Runs `body` with HarfBuzz allocations failing in this task.
    static func withHarfBuzzAllocationFailing<Result>(_ body: () throws -> Result) rethrows -> Result {
        active.add(1, ordering: .relaxed)
        defer { active.subtract(1, ordering: .relaxed) }
        return try $harfBuzzAllocation.withValue(true, operation: body)
    }

    /// Runs `body` with fontconfig allocations failing in this task.
    static func withFontconfigAllocationFailing<Result>(_ body: () throws -> Result) rethrows -> Result {
        active.add(1, ordering: .relaxed)
        defer { active.subtract(1, ordering: .relaxed) }
        return try $fontconfigAllocation.withValue(true, operation: body)
    }
}
