import AutoHeight
import AutoHeightOptions
import AutoHeightRecords
import Hummingbird
import Synchronization

/// What every request shares: the configuration, the font-directory boundary, the style cache,
/// the metrics and the count of requests in flight.
public final class ServiceCore: Sendable {
    /// The operator's choices.
    public let configuration: ServerConfiguration
    let fonts: FontDirectories
    let styles: StyleCache
    let metrics: ServiceMetrics
    /// The playground's pages and files (`GET /`, `/chat`, `/assets/…`).
    let playground: PlaygroundFiles
    /// The bundled fonts as web fonts (`GET /fonts/…`).
    let webFonts = WebFonts()
    private let inFlight = Atomic<Int>(0)

    /// The name records' errors give their input: the batch body is measured as
    /// `autoheight measure --jsonl-input -` reads stdin, so its error entries are the CLI's.
    static let inputName = "<stdin>"
    /// Formats the error entries of lines that have no style yet.
    static let errorFormatter = RecordFormatter(
        format: .jsonl, widths: [], limits: LineLimits(), showsLimits: false, includesRanges: false)

    /// - Throws: a one-line message for a `--font-dir` that does not exist.
    public init(configuration: ServerConfiguration, metrics: ServiceMetrics) throws(StyleSettings.OptionError) {
        self.configuration = configuration
        fonts = try FontDirectories(configuration.fontDirectories)
        styles = StyleCache(
            capacity: configuration.styleCacheSize,
            segmentCache: SegmentCache(byteLimit: configuration.segmentCacheBytes),
            limits: InputLimits(maximumTextLength: configuration.maxTextLength))
        self.metrics = metrics
        playground = PlaygroundFiles.load()
    }

    /// Takes a place among the measuring requests in flight; false when all are taken.
    func enter() -> Bool {
        let now = inFlight.wrappingAdd(1, ordering: .relaxed).newValue
        if now > configuration.maxInFlight {
            inFlight.wrappingSubtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    /// Gives the place back.
    func leave() { inFlight.wrappingSubtract(1, ordering: .relaxed) }

    /// Requests in flight now.
    var requestsInFlight: Int { inFlight.load(ordering: .relaxed) }

    /// The measurer of a record: the query's style with the record's on top, font paths checked
    /// against the allowed directories, the style from the cache; the record's widths, else the
    /// query's, checked.
    /// - Throws: `ServiceError` (400 for the request's fault) with a one-line message.
    func measurer(
        options: RequestOptions, style: [(key: String, value: String)]?, widths: [Double]?
    ) throws(ServiceError) -> RecordMeasurer {
        var settings: StyleSettings
        do {
            let fonts = self.fonts
            settings = try BundledFontOption.settings(from: options.merged(with: style)) {
                (file) throws(StyleSettings.OptionError) in try fonts.resolve(file, option: "fontFile")
            }
            var fallbacks: [String] = []
            for file in settings.fallbackFonts { fallbacks.append(try fonts.resolve(file, option: "fallbackFont")) }
            settings.fallbackFonts = fallbacks
        } catch {
            throw ServiceError(.badRequest, error.message)
        }
        guard let widths = widths ?? options.widths, !widths.isEmpty else {
            throw ServiceError(.badRequest, "no widths: give \"widths\": [240, 320] (or widths=240,320 in the query)")
        }
        guard widths.count <= configuration.maxWidths else {
            throw ServiceError(.badRequest, "too many widths: \(widths.count) (at most \(configuration.maxWidths))")
        }
        do { try RecordWidths.check(widths) } catch { throw ServiceError(.badRequest, error.message) }
        var key = settings
        key.minLines = nil
        key.maxLines = nil
        let textStyle: TextStyle
        do { textStyle = try styles.style(for: key) } catch { throw ServiceError(error) }
        let formatter = RecordFormatter(
            format: .jsonl, widths: widths, limits: settings.lineLimits,
            showsLimits: settings.minLines != nil || settings.maxLines != nil, includesRanges: options.lineRanges)
        return RecordMeasurer(
            style: textStyle, formatter: formatter, inputName: Self.inputName, limitsAreRecordErrors: true)
    }
}
