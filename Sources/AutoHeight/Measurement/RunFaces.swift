/// The fonts of one resolved style of a styled text: the base stack (no context: its stretches
/// keep the paragraph's shaping), or the run's face before it, with the context it is shaped in.
struct RunFace {
    var stack: FontStack
    var context: PreparationContext?
    /// The context's number in a paragraph pass's faces (0: the base stack's, shaped with the
    /// paragraph).
    var number: UInt8 = 0
}

/// The faces runs name, resolved once per base stack, family, weight and slant, and the style
/// each is prepared in (with its own preparation context): shared by every thread, bounded.
package final class RunFaces: Sendable {
    /// The table every preparation (and drawing) shares.
    package static let shared = RunFaces()
    /// The most entries kept; past it the table starts again (fonts stay loaded by their users).
    static let capacity = 256

    private struct Key: Hashable {
        var stack: String
        var family: String
        var weight: Int
        var italic: Bool
    }
    private struct Entry {
        var stack: FontStack
        var memo: PreparationContextMemo
    }
    private let entries = Locked<[Key: Entry]>([:])
    private let fonts = Locked<[String: Font]>([:])

    /// The stack and style a run is prepared in: `base` with the run's face first.
    package func style(for run: ResolvedRunStyle, base: TextStyle) throws(AutoHeightError) -> (
        stack: FontStack, style: TextStyle
    ) {
        let entry = try entry(for: run, base: base)
        return (entry.stack, Self.style(entry, base: base))
    }

    /// A run's face: `base`'s stack with the run's face first, and the context it is prepared in
    /// (the style is copied only to resolve a context not known yet).
    func face(for run: ResolvedRunStyle, base: TextStyle) throws(AutoHeightError) -> RunFace {
        let entry = try entry(for: run, base: base)
        if let known = entry.memo.context(for: base, fonts: entry.stack) {
            return RunFace(stack: entry.stack, context: known)
        }
        return RunFace(stack: entry.stack, context: try Self.style(entry, base: base).preparationContext())
    }

    private static func style(_ entry: Entry, base: TextStyle) -> TextStyle {
        var style = base
        style.fonts = entry.stack
        style.preparationContextMemo = entry.memo
        return style
    }

    private func entry(for run: ResolvedRunStyle, base: TextStyle) throws(AutoHeightError) -> Entry {
        let family = run.family ?? base.fonts.primary.familyName
        let key = Key(stack: base.fonts.cacheIdentity, family: family, weight: run.weight, italic: run.italic)
        let entry: Entry
        if let known = entries.withLock({ $0[key] }) {
            entry = known
        } else {
            let face = try font(family: family, weight: run.weight, italic: run.italic)
            let stack = FontStack(face, fallbacks: base.fonts.fonts, systemFallback: base.fonts.systemFallback)
            entry = Entry(stack: stack, memo: PreparationContextMemo())
            entries.withLock {
                if $0.count >= Self.capacity { $0.removeAll() }
                $0[key] = entry
            }
        }
        return entry
    }

    /// The installed face of `family` nearest to `weight` and the slant (fontconfig's choice,
    /// as a browser's font matching without synthesis); the family must be installed.
    private func font(family: String, weight: Int, italic: Bool) throws(AutoHeightError) -> Font {
        guard
            let match = try FontconfigNameLookup.shared.match(
                family: family, style: nil, weight: weight, italic: italic)
        else { throw .fontNotFound(family: family, style: nil, closest: nil) }
        guard FontLookup.accepts(match, family: family, style: nil) else {
            let names = "\(match.familyNames.first ?? "?") \(match.styleNames.first ?? "?")"
            throw .fontNotFound(family: family, style: nil, closest: "\(match.path) (\(names))")
        }
        let fileKey = "\(match.path)#\(match.faceIndex)"
        if let known = fonts.withLock({ $0[fileKey] }) { return known }
        let loaded = try Font(path: match.path, faceIndex: match.faceIndex)
        return fonts.withLock {
            if $0.count >= Self.capacity { $0.removeAll() }
            if let raced = $0[fileKey] { return raced }
            $0[fileKey] = loaded
            return loaded
        }
    }
}
