import Synchronization

/// The system's fonts as a last resort, through fontconfig: for a grapheme cluster that no font
/// of a stack's explicit list covers, the first font of fontconfig's fallback order whose
/// character set covers the whole cluster.
///
/// ```swift
/// let stack = FontStack(try Font(path: "NotoSans-Regular.ttf"), systemFallback: .shared)
/// let style = TextStyle(fonts: stack, fontSize: 16)
/// try style.measure("Hello 안녕 مرحبا 😀", width: 240)   // Korean, Arabic, emoji from the system
/// ```
///
/// The fallback order is `FcFontSort` for the primary font's family and the language of the run
/// (the style's language for the scripts it is written in; for other scripts ICU's likely
/// language of the script, e.g. `ar` for Arabic inside English text), with the configuration's
/// substitutions applied, as Pango does. Clusters shown as emoji use the colour fonts of the order
/// for the generic family `emoji`.
///
/// Fonts are loaded lazily, the first time a cluster needs them (loading every system font would
/// take seconds), and what covers each code point or cluster is memoized. Fonts found are kept in
/// ``discoveredFonts`` in the order found, so their positions never change: a stack's font `i`
/// for `i ≥ fonts.count` is discovered font `i − fonts.count`.
///
/// Safe to share between threads and styles: fontconfig is called under a lock (it does not guard
/// its configurations itself).
public final class SystemFallback: Sendable {
    /// One per process over the system's fontconfig configuration (`fonts.conf`, or the file
    /// `FONTCONFIG_FILE` names). What the CLI's `--fallback system` uses.
    public static let shared = SystemFallback()

    /// Globs of the font files that may be used (nil: every font fontconfig lists).
    public let acceptedFontFiles: [String]?

    private let state: Locked<State>
    /// How many fonts have been discovered (written under the lock, after the metrics): lets a
    /// line pass see without the lock that its snapshot of ``metrics`` is still current.
    private let discoveredCounter = Atomic<Int>(0)
    /// A number no other `SystemFallback` of this process has.
    let serial: Int
    private static let serials = Atomic<Int>(0)

    /// A fallback over the system's fontconfig configuration. With `acceptedFontFiles`, only font
    /// files matching one of those glob patterns are used (e.g.
    /// `["/usr/share/fonts/truetype/noto/*"]`), so that results do not depend on what else is
    /// installed. fontconfig loads on first use; when it cannot, measuring text that needs a
    /// system font throws ``AutoHeightError/fontconfigFailure(_:)``.
    public init(acceptingOnly acceptedFontFiles: [String]? = nil) {
        self.acceptedFontFiles = acceptedFontFiles
        state = Locked(State())
        serial = Self.serials.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The fonts found so far, in the order found.
    public var discoveredFonts: [Font] { state.withLock { $0.discovered } }

    /// Whether fontconfig loaded a configuration (loads it if it has not yet).
    public var isAvailable: Bool {
        state.withLock { state in (try? state.configuration(accepting: acceptedFontFiles)) != nil }
    }

    /// The metrics of the discovered fonts, in em, indexed like ``discoveredFonts``: an
    /// immutable snapshot (a discovery makes a new one), so a line-height resolver holds it with
    /// one reference.
    final class Metrics: Sendable {
        let ascenders: [Double]
        let descenders: [Double]
        let lineGaps: [Double]

        static let empty = Metrics(ascenders: [], descenders: [], lineGaps: [])

        private init(ascenders: [Double], descenders: [Double], lineGaps: [Double]) {
            self.ascenders = ascenders
            self.descenders = descenders
            self.lineGaps = lineGaps
        }

        /// These metrics and those of `font` after them.
        func appending(_ font: Font) -> Metrics {
            Metrics(
                ascenders: ascenders + [font.metrics.ascender], descenders: descenders + [font.metrics.descender],
                lineGaps: lineGaps + [font.metrics.lineGap])
        }
    }

    /// The current metrics (no copy: the snapshot is shared until the next discovery).
    var metrics: Metrics { state.withLock { $0.metrics } }

    /// How many fonts have been discovered so far (the count of ``metrics``' entries), read
    /// without the lock. A thread that got a discovered font from
    /// ``font(covering:family:language:colorOnly:explicitKeys:)`` sees at least that font counted.
    var discoveredCount: Int { discoveredCounter.load(ordering: .acquiring) }

    /// What covers a cluster: a font of the stack's explicit list, or discovered font `index`,
    /// with the font's position in the fallback order it was found in (earlier: less of a
    /// fallback).
    enum Choice {
        case explicit(Int)
        case discovered(Int, Font, position: Int)
    }

    /// The first font in the fallback order for `family` and `language` (a fontconfig language,
    /// see ``fontconfigLanguage(for:styleLanguage:styleScripts:)``) whose character set holds
    /// every scalar of `scalars` (the cluster's scalars that need a glyph). `explicitKeys` are the
    /// ``Font/fileKey``s of the stack's explicit fonts: a system font that is one of them is
    /// reported as that font rather than loaded again. With `colorOnly`, only colour fonts
    /// (fontconfig's `color` property) are considered. Nil when no usable font covers the cluster;
    /// throws when fontconfig fails (it could not load, or ran out of memory).
    func font(
        covering scalars: [UInt32], family: String, language: String, colorOnly: Bool, explicitKeys: [String]
    ) throws(AutoHeightError) -> Choice? {
        guard !scalars.isEmpty else { return nil }
        return try state.withLock { state throws(AutoHeightError) in
            let configuration = try state.configuration(accepting: acceptedFontFiles)
            let list = try state.list(family: family, language: language, colorOnly: colorOnly, from: configuration)
            while true {
                guard let position = state.firstCovering(scalars, list: list) else { return nil }
                let candidate = state.candidates[list][position]
                if let explicit = explicitKeys.firstIndex(of: candidate.key) { return .explicit(explicit) }
                if let known = state.discoveredIndex[candidate.key] {
                    return .discovered(known, state.discovered[known], position: position)
                }
                do {
                    let font = try Font(path: candidate.path, faceIndex: candidate.faceIndex)
                    let index = state.add(font, key: candidate.key)
                    discoveredCounter.store(index + 1, ordering: .releasing)
                    return .discovered(index, font, position: position)
                } catch {
                    // Not loadable after all: never offer it again, and look further down the list.
                    state.unusable.insert(candidate.key)
                    state.forgetMemos()
                }
            }
        }
    }

    /// The fontconfig language to sort fallback fonts by for a run of `script`: the style's
    /// language (without extensions: `ja-u-lb-strict` → `ja`, `zh-Hans-CN` → `zh-cn`) when it is
    /// written in that script (or the script is Common), else the script's likely language
    /// (``ScriptLanguages``: `ar` for Arabic, `ko` for Hangul), else `und`. Memoized.
    static func fontconfigLanguage(
        for script: Script, styleLanguage: ShapingLanguage?, styleScripts: [Script]
    ) -> String {
        let ownScript = styleScripts.isEmpty || script.isNeutral || styleScripts.contains(script)
        let key = LanguageKey(language: ownScript ? styleLanguage : nil, script: ownScript ? nil : script)
        return languages.value(for: key) {
            if ownScript { return styleLanguage.map { fontconfigLanguage(fromTag: $0.tag) } ?? "und" }
            return ScriptLanguages.likelyLanguage(for: script) ?? "und"
        }
    }

    /// `ko-u-lw-keepall` → `ko`, `zh-Hans-CN` → `zh-cn`, `` → `und`: language and region only,
    /// lower case, as fontconfig's `lang` values are written.
    static func fontconfigLanguage(fromTag tag: String) -> String {
        let subtags = tag.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, !first.isEmpty else { return "und" }
        var result = String(first)
        for subtag in subtags.dropFirst() {
            if subtag.count == 1 { break }  // an extension (-u-, -t-) or private use (-x-)
            if subtag.count == 2 || (subtag.count == 3 && subtag.allSatisfy(\.isNumber)) {
                result += "-" + subtag
                break
            }
        }
        return result
    }

    private struct LanguageKey: Equatable, Sendable {
        var language: ShapingLanguage?
        var script: Script?
    }

    private static let languages = SmallMemo<LanguageKey, String>()
}

extension SystemFallback {
    /// A cluster of several scalars, as a memo key.
    fileprivate struct ClusterKey: Hashable {
        var list: Int
        var scalars: [UInt32]
    }

    fileprivate struct ListKey: Hashable {
        var family: String
        var language: String
        var colorOnly: Bool
    }

    /// Everything behind the lock.
    fileprivate struct State {
        /// What loading gave: nil until first use, then the configuration or fontconfig's
        /// failure (kept, so every later query reports it too).
        var loaded: Result<FontconfigConfiguration, AutoHeightError>? = nil
        var lists: [ListKey: Int] = [:]
        var candidates: [[FontconfigCandidate]] = []
        /// list << 32 | scalar → position in the list, or −1 for none.
        var single: [UInt64: Int32] = [:]
        var clusters: [ClusterKey: Int32] = [:]
        var discovered: [Font] = []
        var discoveredIndex: [String: Int] = [:]
        var unusable: Set<String> = []
        var metrics = Metrics.empty

        mutating func configuration(accepting globs: [String]?) throws(AutoHeightError) -> FontconfigConfiguration {
            if loaded == nil {
                do throws(AutoHeightError) {
                    loaded = .success(try FontconfigConfiguration(acceptingOnly: globs))
                } catch {
                    loaded = .failure(error)
                }
            }
            switch loaded! {
            case .success(let configuration): return configuration
            case .failure(let error): throw error
            }
        }

        /// The index of the sorted candidate list for a family, language and colour preference
        /// (not recorded when fontconfig fails, so a later query asks again).
        mutating func list(
            family: String, language: String, colorOnly: Bool, from configuration: FontconfigConfiguration
        ) throws(AutoHeightError) -> Int {
            let key = ListKey(family: family, language: language, colorOnly: colorOnly)
            if let known = lists[key] { return known }
            var sorted = try configuration.sortedFonts(family: family, language: language)
            if colorOnly { sorted = sorted.filter(\.isColor) }
            candidates.append(sorted)
            lists[key] = candidates.count - 1
            return candidates.count - 1
        }

        /// Position of the first usable candidate of `list` covering every scalar. Memoized.
        mutating func firstCovering(_ scalars: [UInt32], list: Int) -> Int? {
            if scalars.count == 1 {
                let key = UInt64(list) << 32 | UInt64(scalars[0])
                if let known = single[key] { return known < 0 ? nil : Int(known) }
                let found = search(scalars, list: list)
                single[key] = Int32(found ?? -1)
                return found
            }
            let key = ClusterKey(list: list, scalars: scalars)
            if let known = clusters[key] { return known < 0 ? nil : Int(known) }
            let found = search(scalars, list: list)
            if clusters.count >= 65_536 { clusters.removeAll(keepingCapacity: true) }
            clusters[key] = Int32(found ?? -1)
            return found
        }

        private func search(_ scalars: [UInt32], list: Int) -> Int? {
            candidateLoop: for (position, candidate) in candidates[list].enumerated() {
                if unusable.contains(candidate.key) { continue }
                for scalar in scalars where !candidate.covers(scalar) { continue candidateLoop }
                return position
            }
            return nil
        }

        mutating func add(_ font: Font, key: String) -> Int {
            discovered.append(font)
            discoveredIndex[key] = discovered.count - 1
            metrics = metrics.appending(font)
            return discovered.count - 1
        }

        mutating func forgetMemos() {
            single.removeAll()
            clusters.removeAll()
        }
    }
}
