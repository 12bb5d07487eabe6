import AutoHeight

extension EditorModel {
    /// Enables or disables the editor. A disabled editor rejects edits and shows the disabled
    /// placeholder, if any (see ``EditorConfiguration/DisabledPlaceholderMode``).
    public func setEnabled(_ isEnabled: Bool) {
        guard isEnabled != state.isEnabled else { return }
        commit(
            makeState(
                text: state.snapshot, measurement: measurement, isEnabled: isEnabled, isMatched: state.isMatched,
                characterCount: state.characterCount),
            measurement: measurement)
    }

    /// The editor's frame got wider or narrower (rotation, split view): re-wraps text and
    /// placeholder in arithmetic only, no reshaping.
    /// - Throws: ``EditorError/invalidContainerWidth(_:)``, ``EditorError/noRoomForText(containerWidth:textWidth:)``;
    ///   nothing changes then.
    public func setContainerWidth(_ width: Double) throws(EditorError) {
        var updated = configuration
        updated.containerWidth = width
        try reconfigureLayout(updated)
    }

    /// A trailing accessory (a button) appeared, changed size or went away (0): the text and the
    /// placeholder get that much less (or more) width. Re-wraps without reshaping.
    /// - Throws: ``EditorError/invalidAccessoryWidth(_:)``, ``EditorError/noRoomForText(containerWidth:textWidth:)``.
    public func setAccessoryWidth(_ width: Double) throws(EditorError) {
        var updated = configuration
        updated.accessoryWidth = width
        try reconfigureLayout(updated)
    }

    /// New insets or line-fragment padding. Re-wraps without reshaping.
    /// - Throws: ``EditorError/invalidInset(edge:value:)``, ``EditorError/noRoomForText(containerWidth:textWidth:)``.
    public func setInsets(_ insets: EditorInsets) throws(EditorError) {
        var updated = configuration
        updated.insets = insets
        try reconfigureLayout(updated)
    }

    /// New minimum and maximum line counts. Re-measures without reshaping.
    /// - Throws: ``EditorError/layout(_:)`` for contradicting limits,
    ///   ``EditorError/lineLimitWithoutMaximum`` when input is limited to the maximum and none is given.
    public func setLineLimits(_ lineLimits: LineLimits) throws(EditorError) {
        var updated = configuration
        updated.lineLimits = lineLimits
        try reconfigureLayout(updated)
    }

    /// A new placeholder, or a new style for it (nil: the text's style), e.g. when an input
    /// field's state (active, error) changes how its placeholder is set. Re-prepares both
    /// placeholders (they share the style), not the text.
    /// - Throws: ``EditorError/layout(_:)`` for an invalid style.
    public func setPlaceholder(_ placeholder: String, style: TextStyle? = nil) throws(EditorError) {
        var updated = configuration
        updated.placeholder = placeholder
        updated.placeholderStyle = style
        let placeholderStyle = style ?? configuration.style
        let prepared: PreparedText?
        let preparedDisabled: PreparedText?
        do throws(AutoHeightError) {
            try style?.validate()
            prepared = try PlaceholderLayout.prepare(placeholder, style: placeholderStyle)
            preparedDisabled = try PlaceholderLayout.prepare(updated.disabledPlaceholder, style: placeholderStyle)
        } catch {
            throw .layout(error)
        }
        preparationCount += (prepared == nil ? 0 : 1) + (preparedDisabled == nil ? 0 : 1)
        configuration = updated
        placeholders.placeholder = prepared
        placeholders.disabledPlaceholder = preparedDisabled
        relayout()
    }

    /// A new disabled placeholder (empty: none). Re-prepares it alone.
    /// - Throws: ``EditorError/layout(_:)`` for text longer than 2³¹ − 1 UTF-16 units.
    public func setDisabledPlaceholder(_ disabledPlaceholder: String) throws(EditorError) {
        let prepared: PreparedText?
        do throws(AutoHeightError) {
            prepared = try PlaceholderLayout.prepare(
                disabledPlaceholder, style: configuration.placeholderStyle ?? configuration.style)
        } catch {
            throw .layout(error)
        }
        if prepared != nil { preparationCount += 1 }
        configuration.disabledPlaceholder = disabledPlaceholder
        placeholders.disabledPlaceholder = prepared
        relayout()
    }
}
