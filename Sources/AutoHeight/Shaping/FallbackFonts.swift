/// The font a grapheme cluster that leaves the primary takes: a colour font for emoji, a fallback
/// font for characters the primary lacks (the stack's fonts, then the system's), remembered in
/// ``ParagraphShaper/fontChoices``.
extension ParagraphShaper {
    /// What system look-ups in one run need, worked out on first use.
    struct FallbackContext {
        let script: Script
        var language: String? = nil
        var explicitKeys: [String]? = nil
    }

    /// The colour font (`colorOnly`) or fallback font for the cluster `range` of `units`, whose
    /// characters that need a glyph are `needed`, from `memo` (``fontChoices``) when it holds it
    /// (a failure is not kept). A memo hit of a short cluster reads no scalar again.
    func remembered(
        _ range: Range<Int>, needed: NeededScalars, units: UnsafeBufferPointer<UInt16>, colorOnly: Bool,
        memo: FontChoiceMemo?, context: inout FallbackContext
    ) throws(AutoHeightError) -> FontChoice? {
        if needed.isShort, let memo,
            let known = memo.known(script: context.script, colorOnly: colorOnly, needed: needed)
        {
            return known
        }
        let scalars = Self.neededScalars(units, range)
        if !needed.isShort, let memo,
            let known = memo.known(.init(script: context.script, colorOnly: colorOnly, scalars: scalars))
        {
            return known
        }
        let found =
            colorOnly
            ? try colourFont(for: scalars, context: &context) : try fallbackFont(for: scalars, context: &context)
        memo?.remember(found, script: context.script, colorOnly: colorOnly, needed: needed, scalars: scalars)
        return found
    }

    /// The scalars of `range` that need a glyph (not ignorable for coverage).
    static func neededScalars(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> [UInt32] {
        var needed: [UInt32] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let scalar: UInt32
            (scalar, index) = units.scalar(at: index, limit: range.upperBound)
            if !UnicodeProperties.isIgnorableForCoverage(scalar) { needed.append(scalar) }
        }
        return needed
    }

    private static func covers(_ font: Font, _ needed: [UInt32]) -> Bool {
        for scalar in needed where !font.shaper.hasGlyph(scalar) { return false }
        return true
    }

    /// The first colour font covering an emoji cluster: the stack's, then the system's.
    private func colourFont(
        for needed: [UInt32], context: inout FallbackContext
    ) throws(AutoHeightError) -> FontChoice? {
        for (index, font) in fonts.enumerated() where font.isColor && Self.covers(font, needed) {
            return FontChoice(index: index, font: font)
        }
        return try systemFont(for: needed, family: "emoji", colorOnly: true, context: &context)
    }

    /// The first fallback font covering a cluster the primary lacks: the stack's, then the
    /// system's (in fontconfig's order for the primary family). When no font has every
    /// character of the cluster, the first with its base character (unless the primary has it):
    /// the cluster still stays in one font, and its marks count as missing there.
    private func fallbackFont(
        for needed: [UInt32], context: inout FallbackContext
    ) throws(AutoHeightError) -> FontChoice? {
        if let whole = try coveringFallback(for: needed, context: &context) { return whole }
        guard needed.count > 1, !fonts[0].shaper.hasGlyph(needed[0]) else { return nil }
        return try coveringFallback(for: [needed[0]], context: &context)
    }

    private func coveringFallback(
        for needed: [UInt32], context: inout FallbackContext
    ) throws(AutoHeightError) -> FontChoice? {
        for index in fonts.indices.dropFirst() where Self.covers(fonts[index], needed) {
            return FontChoice(index: index, font: fonts[index])
        }
        return try systemFont(for: needed, family: fonts[0].familyName, colorOnly: false, context: &context)
    }

    private func systemFont(
        for needed: [UInt32], family: String, colorOnly: Bool, context: inout FallbackContext
    ) throws(AutoHeightError) -> FontChoice? {
        guard let systemFallback, !needed.isEmpty else { return nil }
        if context.language == nil {
            context.language = SystemFallback.fontconfigLanguage(
                for: context.script, styleLanguage: language, styleScripts: languageScripts)
            context.explicitKeys = fonts.map(\.fileKey)
        }
        switch try systemFallback.font(
            covering: needed, family: family, language: context.language!, colorOnly: colorOnly,
            explicitKeys: context.explicitKeys!)
        {
        case .explicit(let index)?: return FontChoice(index: index, font: fonts[index])
        case .discovered(let index, let font, let position)?:
            return FontChoice(index: fonts.count + index, font: font, rank: fonts.count + position)
        case nil: return nil
        }
    }
}
