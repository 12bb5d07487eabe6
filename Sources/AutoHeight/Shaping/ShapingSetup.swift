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
    /// Whether text may end up in more than the primary font.
    let mayUseSeveralFonts: Bool

    init(fonts: [Font], systemFallback: SystemFallback?, language: ShapingLanguage?, languageScripts: [Script]) {
        self.fonts = fonts
        self.systemFallback = systemFallback
        self.language = language
        self.languageScripts = languageScripts
        mayUseSeveralFonts = fonts.count > 1 || systemFallback != nil
    }
}
