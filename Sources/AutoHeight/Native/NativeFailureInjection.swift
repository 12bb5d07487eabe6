/// Failures the tests inject into the C layer, to show that each is turned into a typed error
/// (an allocation failure cannot be provoked reliably otherwise). Task-local: only the task that
/// sets one sees it, so tests running in parallel are unaffected. Off in normal use.
enum NativeFailureInjection {
    /// `hb_buffer_allocation_successful` reports a failure after text is added to a buffer.
    @TaskLocal static var harfBuzzAllocation = false
    /// `FcPatternCreate` returns no pattern (fontconfig out of memory).
    @TaskLocal static var fontconfigAllocation = false
}
