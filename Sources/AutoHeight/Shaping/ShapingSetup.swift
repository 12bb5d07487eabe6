/// What shaping any paragraph of a style needs and that never changes: the fonts, the system
/// fallback and the language. A style's preparation context makes one, and every
/// ``ParagraphShaper`` of that style refers to it (one reference per measure, not one per field).
final class ShapingSetup: Sendable {
    /// The stack's explicit fonts, primary first.
    let fonts: [Font]
    /// Searched after `fonts`; nil for none.
    let systemFallback: SystemFallback?
    let language: ShapingLanguage?
    /// The scripts the language is written in (see ``ParagraphShaper/language(for:)``).
    let languageScripts: [Script]
    /// Whether every run is shaped in the language, whatever its script (browsers shape with
    /// the element's `lang`); else runs of other scripts take their own likely language.
    let shapesEveryRunInLanguage: Bool
    /// Whether text may end up in more than the primary font.
    let mayUseSeveralFonts: Bool
    /// Steps per em each glyph advance is rounded to (0: kept exact): Firefox keeps advances in
    /// app units, 60 per px, so at 16 px a glyph advance is a multiple of 1/960 em.
    let advanceGrid: Double

    init(
        fonts: [Font], systemFallback: SystemFallback?, language: ShapingLanguage?, languageScripts: [Script],
        shapesEveryRunInLanguage: Bool = false, advanceGrid: Double = 0
    ) {
        self.fonts = fonts
        self.systemFallback = systemFallback
        self.language = language
        self.languageScripts = languageScripts
        self.shapesEveryRunInLanguage = shapesEveryRunInLanguage
        self.advanceGrid = advanceGrid
        mayUseSeveralFonts = fonts.count > 1 || systemFallback != nil
    }
}
