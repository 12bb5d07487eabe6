/// Which units at the end of a segment are its trailing whitespace (from ``TrailingWhitespace``
/// and CSS `white-space`): the one hanging-whitespace rule, which the line walk's segments and
/// the drawing's lines both follow.
package enum TrailingSpan {
    /// None: spaces take room (`break-spaces`, or Pango's last segment of a paragraph).
    case none
    /// Every hanging whitespace unit at the end (``TrailingWhitespace/hangs``).
    case all
    /// As `all`, but a tab takes room: Firefox's `<textarea>` wraps a tab that does not fit
    /// (``BrowserEngine/firefox``); only the spaces after the last tab hang.
    case allButTabs
    /// The last unit when it is hanging whitespace (``TrailingWhitespace/pango``).
    case lastUnit
}

extension TrailingSpan {
    /// The span that hangs at the end of a segment or line: none with `break-spaces`; with
    /// ``TrailingWhitespace/hangs`` every space and tab (`tabsHang`) or every space after the last
    /// tab (Firefox); with ``TrailingWhitespace/pango`` the last unit, but at the end of a
    /// paragraph (`endsParagraph`) none.
    package static func at(
        trailingWhitespace: TrailingWhitespace, whiteSpace: WhiteSpace, tabsHang: Bool, endsParagraph: Bool
    ) -> TrailingSpan {
        guard whiteSpace != .breakSpaces else { return .none }
        switch trailingWhitespace {
        case .hangs: return tabsHang ? .all : .allButTabs
        case .pango: return endsParagraph ? .none : .lastUnit
        }
    }

    /// Where the content of `start..<end` ends: before the trailing whitespace this span lets hang.
    package func contentEnd(of units: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int) -> Int {
        var contentEnd = end
        switch self {
        case .none: break
        case .all:
            while contentEnd > start && CharacterClasses.isHangingWhitespace(units[contentEnd - 1]) { contentEnd -= 1 }
        case .allButTabs:
            while contentEnd > start && units[contentEnd - 1] != 0x09
                && CharacterClasses.isHangingWhitespace(units[contentEnd - 1])
            {
                contentEnd -= 1
            }
        case .lastUnit:
            if contentEnd > start && CharacterClasses.isHangingWhitespace(units[end - 1]) { contentEnd -= 1 }
        }
        return contentEnd
    }
}

extension Segment {
    /// The segment over `start..<end` of a paragraph's arrays: its content and trailing widths,
    /// summed unit by unit in order from `start` and from the content's end (floating-point sums
    /// depend on their order: this is the one order), fonts and tabs. `innerWhitespace` says
    /// that, with `.all`, hanging whitespace lies inside the content (``UnitFlag/innerWhitespace``).
    /// `fontIndices` is empty with one font.
    @inline(__always)
    static func measure(
        from start: Int, to end: Int, trailing span: TrailingSpan, units: UnsafeBufferPointer<UInt16>,
        advances: UnsafeBufferPointer<Double>, fontIndices: UnsafeBufferPointer<UInt8>
    ) -> (segment: Segment, innerWhitespace: Bool) {
        let contentEnd = span.contentEnd(of: units, from: start, to: end)
        let oneFont = fontIndices.isEmpty
        let marksInner = span == .all || span == .allButTabs
        var content = 0.0
        var mask: UInt32 = oneFont && contentEnd > start ? 1 : 0
        var hasTab = false
        var inner = false
        for index in start..<contentEnd {
            content += advances[index]
            if !oneFont { mask |= 1 << UInt32(min(fontIndices[index], 31)) }
            let unit = units[index]
            if unit == 0x09 { hasTab = true }
            if marksInner && CharacterClasses.isHangingWhitespace(unit) && (unit != 0x09 || span == .all) {
                inner = true
            }
        }
        var trailing = 0.0
        for index in contentEnd..<end {
            trailing += advances[index]
            if units[index] == 0x09 { hasTab = true }
            // Hanging whitespace is still on the line: its font counts for the line's height.
            if !oneFont { mask |= 1 << UInt32(min(fontIndices[index], 31)) }
        }
        let segment = Segment(
            end: Int32(end), contentEnd: Int32(contentEnd), contentWidth: content, trailingWidth: trailing,
            fontMask: mask, hasTab: hasTab)
        return (segment, inner)
    }

    /// Flags the hanging whitespace inside the content of the segment `start..<contentEnd`
    /// (``UnitFlag/innerWhitespace``: it hangs if the segment must break inside); with `tabsHang`
    /// false, tabs take room and are not flagged.
    static func markInnerWhitespace(
        from start: Int, to contentEnd: Int, units: UnsafeBufferPointer<UInt16>,
        flags: UnsafeMutableBufferPointer<UInt8>, tabsHang: Bool = true
    ) {
        for index in start..<contentEnd
        where CharacterClasses.isHangingWhitespace(units[index]) && (tabsHang || units[index] != 0x09) {
            flags[index] |= UnitFlag.innerWhitespace
        }
    }
}
