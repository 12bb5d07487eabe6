import AutoHeight

/// Everything about an auto-growing editor that is not the text: how text is set, how wide the
/// editor is, its insets and accessory, its line limits, placeholders, input limits and
/// validation pattern.
///
/// ```swift
/// var configuration = EditorConfiguration(
///     style: TextStyle(fonts: try .bundled(), fontSize: 17, lineSpacing: 2), containerWidth: 320)
/// configuration.lineLimits = LineLimits(minimum: 1, maximum: 5)
/// configuration.placeholder = "Message"
/// configuration.characterLimit = 500
/// let editor = try EditorModel(configuration: configuration)
/// ```
public struct EditorConfiguration: Sendable {
    /// How the text is set: font stack, size, language, line spacing and line-height model.
    public var style: TextStyle
    /// The editor's full width in px (its frame), insets and accessory included.
    public var containerWidth: Double
    /// Text container insets and line-fragment padding; `UITextView`'s by default.
    public var insets: EditorInsets
    /// Width in px of a trailing accessory (a send or clear button) beside the text; 0 without one.
    /// It narrows both the text and the placeholder.
    public var accessoryWidth: Double
    /// Minimum (default 1) and optional maximum visible line count. The editor grows between them
    /// and scrolls past the maximum.
    public var lineLimits: LineLimits
    /// Shown while the text is empty (an empty string: no placeholder). It drives the height of an
    /// empty editor: a placeholder that wraps to 2 lines makes the empty editor 2 lines tall.
    public var placeholder: String
    /// The placeholder's style (e.g. a smaller footnote size); nil: the text's style.
    public var placeholderStyle: TextStyle?
    /// Shown while the editor is disabled (an empty string: none; the editor then shows what it
    /// shows when enabled). Set in ``placeholderStyle``.
    public var disabledPlaceholder: String
    /// Whether the disabled placeholder replaces the text or only an empty text.
    public var disabledPlaceholderMode: DisabledPlaceholderMode
    /// The most characters (grapheme clusters, what a person sees as characters) edits may leave;
    /// nil for no limit.
    public var characterLimit: Int?
    /// When an edit would pass ``characterLimit``: false rejects it, true keeps the longest prefix of
    /// the inserted text (cut at a grapheme-cluster boundary) that fits.
    public var truncatesOverflowingInput: Bool
    /// Whether edits that would make the text longer than `lineLimits.maximum` lines are rejected
    /// (instead of the editor starting to scroll).
    public var limitsInputToMaxLines: Bool
    /// A regular expression (Swift `Regex` syntax) the whole text is matched against after every
    /// change; nil or empty for none.
    public var validationPattern: String?

    /// A configuration with `style` and `containerWidth`, every other field defaulted as documented on it.
    public init(
        style: TextStyle, containerWidth: Double, insets: EditorInsets = .textView, accessoryWidth: Double = 0,
        lineLimits: LineLimits = LineLimits(), placeholder: String = "", placeholderStyle: TextStyle? = nil,
        disabledPlaceholder: String = "", disabledPlaceholderMode: DisabledPlaceholderMode = .replacesText,
        characterLimit: Int? = nil, truncatesOverflowingInput: Bool = false, limitsInputToMaxLines: Bool = false,
        validationPattern: String? = nil
    ) {
        self.style = style
        self.containerWidth = containerWidth
        self.insets = insets
        self.accessoryWidth = accessoryWidth
        self.lineLimits = lineLimits
        self.placeholder = placeholder
        self.placeholderStyle = placeholderStyle
        self.disabledPlaceholder = disabledPlaceholder
        self.disabledPlaceholderMode = disabledPlaceholderMode
        self.characterLimit = characterLimit
        self.truncatesOverflowingInput = truncatesOverflowingInput
        self.limitsInputToMaxLines = limitsInputToMaxLines
        self.validationPattern = validationPattern
    }

    /// The width lines wrap at: `containerWidth − leading − trailing − 2 × lineFragmentPadding −
    /// accessoryWidth`.
    public var textWidth: Double { containerWidth - insets.horizontal - accessoryWidth }

    /// Checks every number, both styles and the limits; throws the first problem found. (The
    /// validation pattern is checked when it is compiled, by ``EditorModel``.)
    public func validate() throws(EditorError) {
        try validateGeometry()
        do throws(AutoHeightError) {
            try style.validate()
            try placeholderStyle?.validate()
            try lineLimits.validate()
        } catch {
            throw .layout(error)
        }
        if let characterLimit, characterLimit < 0 { throw .invalidCharacterLimit(characterLimit) }
        if limitsInputToMaxLines && lineLimits.maximum == nil { throw .lineLimitWithoutMaximum }
    }

    /// Checks the width, insets and accessory, and that they leave room for text.
    func validateGeometry() throws(EditorError) {
        guard containerWidth.isFinite && containerWidth > 0 && containerWidth <= AutoHeightError.maximumWidth else {
            throw .invalidContainerWidth(containerWidth)
        }
        try insets.validate()
        guard accessoryWidth.isFinite && accessoryWidth >= 0 && accessoryWidth <= AutoHeightError.maximumWidth else {
            throw .invalidAccessoryWidth(accessoryWidth)
        }
        guard textWidth > 0 else { throw .noRoomForText(containerWidth: containerWidth, textWidth: textWidth) }
    }

    /// What a disabled editor with a ``EditorConfiguration/disabledPlaceholder`` shows.
    public enum DisabledPlaceholderMode: String, Sendable, Equatable, CaseIterable {
        /// The disabled placeholder replaces whatever the editor shows, text included, and alone
        /// drives the height (AutoHeightEditor shows `disabledPlaceholder` in place of the text).
        case replacesText
        /// The disabled placeholder replaces only the placeholder: it shows while the text is empty.
        case whenEmpty
    }
}

extension EditorConfiguration {
    /// The configuration's font-free edit rules (character limit, truncation).
    var editPolicy: EditPolicy {
        EditPolicy(characterLimit: characterLimit, truncatesOverflowingInput: truncatesOverflowingInput)
    }
}
