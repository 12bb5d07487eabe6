// Stage: Editor.
// Problem: an auto-growing editor must answer on every keystroke how tall it is and whether
//   the edit may happen (character and line limits, validation), without a view.
// Solution: EditorModel owns an EditableText (only touched paragraphs are prepared again),
//   applies the font-free EditPolicy, lays out placeholders (PlaceholderLayout) and notifies
//   observers of what changed.
// Limitations: one isolation domain (not Sendable), like the view it sizes.

import AutoHeight

/// An auto-growing text editor without a view: it owns the text and answers, while a person types,
/// "how tall now, and may this edit happen?" with exact layout (HarfBuzz advances, ICU breaks).
///
/// ```swift
/// let editor = try EditorModel(configuration: EditorConfiguration(
///     style: TextStyle(fonts: try .bundled(), fontSize: 17, lineSpacing: 2), containerWidth: 320,
///     lineLimits: LineLimits(minimum: 1, maximum: 5), placeholder: "Message", characterLimit: 500))
/// let observation = editor.observe { change in heightConstraint.constant = change.current.height }
///
/// // UITextViewDelegate.textView(_:shouldChangeTextIn:replacementText:)
/// let result = editor.replace(utf16Range: 0..<0, with: "Hello")   // .accepted(…) or .rejected(reason)
/// editor.state.height               // insets + clamped lines, in px
/// try editor.setContainerWidth(480) // rotation: re-wraps in arithmetic only
/// ```
///
/// Costs per edit: re-prepares (shapes, breaks) only the paragraphs the edit touches and walks
/// only their lines; character and line counts are kept per paragraph, and the text is kept once
/// (`EditableText`'s store, which ``EditorState/text`` reads lazily), so an edit in a short
/// paragraph costs about the same in a 1 kB and a 1 MB text. A validation pattern is matched
/// from the edited paragraph on until its state is what it was there before (`PatternProgress`):
/// one paragraph for most patterns, the rest of the text for one whose state depends on
/// everything before. Width, inset,
/// accessory, line-limit and enabled changes only re-walk lines. Observers hear a change only when height, line count, scroll enabled,
/// placeholder visibility or match state changed (or what else they asked for).
///
/// Not `Sendable`: use it from one isolation domain (typically the main actor), as the view it
/// sizes. Its states and change records are `Sendable`.
public final class EditorModel {
    /// The configuration as last set.
    public internal(set) var configuration: EditorConfiguration
    /// The current state: text, enabled flag and everything derived.
    public private(set) var state: EditorState

    /// The text, kept prepared; edits re-prepare only touched paragraphs.
    var editable: EditableText
    /// The prepared placeholders and the empty text beside them.
    var placeholders: PlaceholderLayout
    /// The text's last measurement at the text width with the line limits.
    var measurement: TextMeasurement
    /// Every line at the text width, computed on the first caret query after a change.
    private var cachedLines: [LineLayout]?
    /// The validation pattern's match, kept per paragraph (nil without a pattern).
    private var pattern: PatternProgress?
    private let observers = EditorObservers()

    /// How many preparation passes (shaping and segmentation) ran: the text, the touched
    /// paragraphs of an edit, an empty text, a non-empty placeholder. Tests use it to show that
    /// width changes reshape nothing.
    var preparationCount = 0

    /// Configures an editor holding `text`. Everything is checked here: numbers, styles, limits,
    /// and the validation pattern, which is compiled once.
    ///
    /// `text` is taken as is, even when it passes the character or line limit (as assigning
    /// `UITextView.text` does); limits apply to edits.
    /// - Throws: ``EditorError`` naming the first problem.
    public init(text: String = "", configuration: EditorConfiguration, isEnabled: Bool = true) throws(EditorError) {
        try configuration.validate()
        if let source = configuration.validationPattern, !source.isEmpty {
            pattern = PatternProgress(pattern: try ValidationPattern(source))
        } else {
            pattern = nil
        }
        self.configuration = configuration
        let placeholderStyle = configuration.placeholderStyle ?? configuration.style
        do throws(AutoHeightError) {
            editable = try EditableText(text, style: configuration.style)
            placeholders = PlaceholderLayout(
                emptyText: try PreparedText("", style: configuration.style),
                placeholder: try PlaceholderLayout.prepare(configuration.placeholder, style: placeholderStyle),
                disabledPlaceholder: try PlaceholderLayout.prepare(
                    configuration.disabledPlaceholder, style: placeholderStyle))
        } catch {
            throw .layout(error)
        }
        preparationCount = 1 + placeholders.preparedCount
        measurement = Self.measure(editable, configuration: configuration)
        // A placeholder state for the initializer to replace (every stored property must be set
        // before `self` can compute the real one).
        state = EditorState(
            text: text, isEnabled: isEnabled, display: .text, lineCount: 0, visibleLineCount: 0, height: 0,
            contentHeight: 0, isScrollEnabled: false, isMatched: false, characterCount: 0)
        state = makeState(
            text: editable.snapshot(text: text), measurement: measurement, isEnabled: isEnabled,
            isMatched: matchesPattern(), characterCount: editable.characterCount)
    }

    /// The text as typed.
    public var text: String { state.text }
    /// Whether the editor takes edits.
    public var isEnabled: Bool { state.isEnabled }
    /// The width lines wrap at, in px (see ``EditorConfiguration/textWidth``).
    public var textWidth: Double { configuration.textWidth }
    /// The text's measurement at ``textWidth`` with the line limits.
    public var textMeasurement: TextMeasurement { measurement }

    // MARK: Edits

    /// Replaces the UTF-16 range `range` of the text with `replacement`, if the limits allow: what
    /// `textView(_:shouldChangeTextIn:replacementText:)` asks (`Range(nsRange)` converts).
    ///
    /// Rules, in order: a disabled editor takes no edit; the range must lie in the text on scalar
    /// boundaries; with a character limit, an edit that leaves more than `limit` characters
    /// (grapheme clusters) and more than before is rejected, or with
    /// ``EditorConfiguration/truncatesOverflowingInput`` cut to the longest prefix of
    /// `replacement` (at a grapheme boundary) that fits; with
    /// ``EditorConfiguration/limitsInputToMaxLines``, an edit that leaves more lines than the
    /// maximum and more than before is rejected. ("And more than before": text set beyond a limit,
    /// or a width change that re-wraps past it, can still be edited back down.)
    ///
    /// A rejected edit changes nothing and notifies nobody.
    public func replace(utf16Range range: Range<Int>, with replacement: String) -> EditResult {
        apply(lower: range.lowerBound, upper: range.upperBound, replacement: replacement)
    }

    /// ``replace(utf16Range:with:)`` with an `NSRange`'s fields; a negative length is an invalid range.
    public func replace(utf16Location location: Int, length: Int, with replacement: String) -> EditResult {
        let (upper, overflow) = location.addingReportingOverflow(length)
        guard !overflow else {
            return .rejected(.invalidRange(lower: location, upper: Int.max, utf16Count: editable.utf16Count))
        }
        return apply(lower: location, upper: upper, replacement: replacement)
    }

    /// Replaces a range of `String.Index`es of ``text`` (the current text). Indices must be on
    /// scalar boundaries; they may split a grapheme cluster (deleting a combining mark or half of
    /// a CR LF).
    public func replace(_ range: Range<String.Index>, with replacement: String) -> EditResult {
        let text = state.text
        let count = editable.utf16Count
        guard range.upperBound <= text.endIndex else {
            let lower = range.lowerBound <= text.endIndex ? range.lowerBound.utf16Offset(in: text) : count + 1
            return .rejected(.invalidRange(lower: lower, upper: count + 1, utf16Count: count))
        }
        let lower = range.lowerBound.utf16Offset(in: text)
        let upper = range.upperBound.utf16Offset(in: text)
        guard range.lowerBound.samePosition(in: text.unicodeScalars) != nil,
            range.upperBound.samePosition(in: text.unicodeScalars) != nil
        else {
            return .rejected(.invalidRange(lower: lower, upper: upper, utf16Count: count))
        }
        return apply(lower: lower, upper: upper, replacement: replacement)
    }

    /// Replaces the whole text, as assigning `UITextView.text` does: no limit applies, and it
    /// works while disabled. Re-prepares the whole text.
    /// - Throws: ``EditorError/layout(_:)`` for text longer than 2³¹ − 1 UTF-16 units.
    public func setText(_ text: String) throws(EditorError) {
        let newText: EditableText
        do throws(AutoHeightError) {
            newText = try EditableText(text, style: configuration.style)
        } catch {
            throw .layout(error)
        }
        preparationCount += 1
        editable = newText
        if let current = pattern { pattern = PatternProgress(pattern: current.pattern) }
        let newMeasurement = Self.measure(newText, configuration: configuration)
        commit(
            makeState(
                text: newText.snapshot(text: text), measurement: newMeasurement, isEnabled: state.isEnabled,
                isMatched: matchesPattern(), characterCount: newText.characterCount),
            measurement: newMeasurement)
    }

    // MARK: Caret

    /// The line a caret at UTF-16 offset `offset` sits on and that line's position: for
    /// scroll-to-caret. A caret at a soft wrap sits at the start of the next line; a caret right
    /// after a trailing newline sits on the last, empty line.
    /// - Throws: ``EditorError/invalidPosition(_:utf16Count:)`` outside `0...utf16Count` or inside
    ///   a surrogate pair.
    public func caret(atUTF16Offset offset: Int) throws(EditorError) -> EditorCaret {
        guard editable.isScalarBoundary(offset) else {
            throw .invalidPosition(offset, utf16Count: editable.utf16Count)
        }
        let lines = currentLines()
        let lineIndex = lines.lazy.map(\.range.lowerBound).lastIndex(notAbove: offset) ?? 0
        let line = lines[lineIndex]
        return EditorCaret(
            offset: offset, lineIndex: lineIndex, y: line.y, top: configuration.insets.top + line.y,
            lineHeight: line.height)
    }

    /// ``caret(atUTF16Offset:)`` for a `String.Index` of ``text``.
    public func caret(at index: String.Index) throws(EditorError) -> EditorCaret {
        let text = state.text
        let count = editable.utf16Count
        guard index <= text.endIndex else { throw .invalidPosition(count + 1, utf16Count: count) }
        guard index.samePosition(in: text.unicodeScalars) != nil else {
            throw .invalidPosition(index.utf16Offset(in: text), utf16Count: count)
        }
        return try caret(atUTF16Offset: index.utf16Offset(in: text))
    }

    // MARK: Observation

    /// Calls `body` after every operation that changed one of `kinds` (by default height, line
    /// count, scroll enabled, placeholder visibility or match state), with the state before and
    /// after. Keep the returned token: releasing it ends the observation.
    ///
    /// Ask for `[.layout, .text]` to hear every text change, as a "text did change" closure does.
    /// The model keeps the closure: capture the model itself `unowned` or `weak` in it.
    public func observe(
        _ kinds: EditorChange.Kinds = .layout, _ body: @escaping (EditorChange) -> Void
    ) -> EditorObservation {
        observers.add(kinds: kinds, body: body)
    }

    /// A new stream of changes touching `kinds`, one per subscriber. Changes are buffered until
    /// read; the stream finishes when the editor is released.
    ///
    /// ```swift
    /// let changes = editor.changes()
    /// Task { for await change in changes { print(change.current.height) } }
    /// ```
    public func changes(_ kinds: EditorChange.Kinds = .layout) -> AsyncStream<EditorChange> {
        observers.stream(kinds: kinds)
    }

    /// Closures and streams currently registered.
    var observerCount: Int { observers.count }

    // MARK: Internals

    private func apply(lower: Int, upper: Int, replacement: String) -> EditResult {
        guard state.isEnabled else { return .rejected(.disabled) }
        let invalid = EditRejection.invalidRange(lower: lower, upper: upper, utf16Count: editable.utf16Count)
        guard lower <= upper, editable.isScalarBoundary(lower), editable.isScalarBoundary(upper) else {
            return .rejected(invalid)
        }
        if lower == upper && replacement.isEmpty {
            // Nothing to insert or delete: accepted as is, nothing prepared, nobody notified.
            return .accepted(
                AcceptedEdit(state: state, insertedText: "", insertedRange: lower..<lower, isTruncated: false))
        }
        // The policy reads only the paragraphs the edit touches (they start and end at cluster
        // boundaries) and the character count of the rest.
        let region = editable.region(around: lower..<upper)
        let regionText = String(utf16Units: region.units)
        let units = regionText.utf16
        let range =
            units.index(
                units.startIndex, offsetBy: lower - region.start)..<units.index(
                units.startIndex, offsetBy: upper - region.start)
        let outcome: EditPolicy.Outcome
        switch configuration.editPolicy.apply(
            replacement, to: regionText, at: range, characterCount: editable.characterCount,
            charactersOutside: editable.characterCount - region.characterCount)
        {
        case .success(let allowed): outcome = allowed
        case .failure(let rejection): return .rejected(rejection)
        }
        let inserted = outcome.inserted

        let replaced: EditableText.Replaced
        do throws(AutoHeightError) {
            replaced = try editable.replace(
                region, with: Array(outcome.text.utf16), edit: (lower - region.start)..<(upper - region.start),
                characterCount: outcome.characterCount - (editable.characterCount - region.characterCount))
        } catch {
            switch error {
            case .textTooLong(let length): return .rejected(.textTooLong(utf16Count: length))
            case .invalidRange: return .rejected(invalid)
            default: return .rejected(.layoutFailed(error))
            }
        }
        preparationCount += 1
        let removed = replaced.paragraphs.lowerBound...(replaced.paragraphs.lowerBound + replaced.removed.count - 1)
        pattern?.replace(removed, withCount: replaced.paragraphs.count)
        let newMeasurement = Self.measure(editable, configuration: configuration)
        if configuration.limitsInputToMaxLines, let maximum = configuration.lineLimits.maximum,
            newMeasurement.lineCount > maximum, newMeasurement.lineCount > measurement.lineCount
        {
            editable.restore(replaced)
            pattern?.replace(replaced.paragraphs, withCount: replaced.removed.count)
            return .rejected(.lineLimit(limit: maximum, resultingCount: newMeasurement.lineCount))
        }
        let snapshot = editable.snapshot()
        let newState = makeState(
            text: snapshot, measurement: newMeasurement, isEnabled: true,
            isMatched: matchesPattern(), characterCount: editable.characterCount)
        assert(editable.characterCount == outcome.characterCount, "the store and the policy count alike")
        commit(newState, measurement: newMeasurement)
        return .accepted(
            AcceptedEdit(
                state: newState, insertedText: inserted, insertedRange: lower..<(lower + inserted.utf16.count),
                isTruncated: outcome.isTruncated))
    }

    /// Replaces state and measurement (of ``editable``, already current), then tells the
    /// observers what changed.
    func commit(_ newState: EditorState, measurement newMeasurement: TextMeasurement) {
        let previous = state
        measurement = newMeasurement
        cachedLines = nil
        state = newState
        observers.deliver(EditorChange(previous: previous, current: newState))
    }

    /// Applies a configuration that changes only widths, insets or line limits: validates it,
    /// then re-measures the prepared text and placeholders.
    func reconfigureLayout(_ updated: EditorConfiguration) throws(EditorError) {
        try updated.validate()
        configuration = updated
        relayout()
    }

    /// Re-measures everything at the current configuration (no preparation) and commits.
    func relayout() {
        let newMeasurement = Self.measure(editable, configuration: configuration)
        commit(
            makeState(
                text: state.snapshot, measurement: newMeasurement, isEnabled: state.isEnabled,
                isMatched: state.isMatched, characterCount: state.characterCount),
            measurement: newMeasurement)
    }

    /// Whether the validation pattern matches the current text (true without one): resumes the
    /// match at the paragraphs edited since the last call.
    private func matchesPattern() -> Bool {
        (pattern?.evaluate(editable.store)).map { $0 == .matched } ?? true
    }

    private func currentLines() -> [LineLayout] {
        if let cachedLines { return cachedLines }
        let lines: [LineLayout]
        do throws(AutoHeightError) {
            lines = try editable.lines(width: configuration.textWidth)
        } catch {
            preconditionFailure("laying out at a validated width failed: \(error)")
        }
        cachedLines = lines
        return lines
    }

    /// The state for a text whose measurement is `measurement` (see ``PlaceholderLayout``).
    func makeState(
        text: TextSnapshot, measurement: TextMeasurement, isEnabled: Bool, isMatched: Bool, characterCount: Int
    ) -> EditorState {
        placeholders.state(
            text: text, measurement: measurement, isEnabled: isEnabled, isMatched: isMatched,
            characterCount: characterCount, configuration: configuration)
    }

    /// Measures the text: `EditableText` keeps per-paragraph results at the last width, so after an
    /// edit only the touched paragraphs are walked again (same numbers as a full measure).
    static func measure(_ text: EditableText, configuration: EditorConfiguration) -> TextMeasurement {
        do throws(AutoHeightError) {
            return try text.measure(width: configuration.textWidth, lineLimits: configuration.lineLimits)
        } catch {
            preconditionFailure("measuring at a validated width and line limits failed: \(error)")
        }
    }
}

@available(*, unavailable, message: "EditorModel belongs to one isolation domain, like the view it sizes")
extension EditorModel: Sendable {}
