import AutoHeight
import AutoHeightOptions
import Foundation

/// One record of JSON Lines input: `{"id": …, "text": …}` (the CLI's `--jsonl-input`, the HTTP
/// service's bodies), with its rich text's `"runs"` and `"boxes"`; with `readsOverrides`, also
/// its own `"style"` object and `"widths"` array. Other keys are ignored.
public struct JSONLRecord: Sendable {
    /// The id as JSON (a string with quotes, a number, a boolean, or an object or array as it was
    /// written), echoed in the output; `null` if absent.
    public var idJSON: String
    /// The id for human output.
    public var idText: String
    /// The text to measure.
    public var text: String
    /// The record's `"style"` as option pairs (``StyleSettings/init(pairs:)``), when read and present.
    public var style: [(key: String, value: String)]?
    /// The record's `"widths"`, when read and present (not yet checked: see ``RecordWidths``).
    public var widths: [Double]?
    /// The record's style runs (`"runs"`), in order; empty for plain text.
    public var runs: [StyleRun] = []
    /// The record's inline boxes (`"boxes"`), one per U+FFFC of the text.
    public var boxes: [InlineBox] = []

    /// Whether the record has `"runs"` or `"boxes"` (then each U+FFFC of its text needs a box).
    public var isStyled = false

    /// The text with its runs and boxes; nil for plain text.
    public var styledText: StyledText? { isStyled ? StyledText(text, runs: runs, boxes: boxes) : nil }

    /// A record without its own style or widths.
    public init(idJSON: String, idText: String, text: String) {
        self.idJSON = idJSON
        self.idText = idText
        self.text = text
    }

    /// What one line of a JSONL file holds.
    public enum Parsed: Sendable {
        /// Only spaces or tabs: skipped.
        case blank
        case record(JSONLRecord)
        /// Not a record: `problem` says why (without the file and line); the id when one was read.
        case invalid(idJSON: String, idText: String?, problem: String)
    }

    /// Parses one line (without its line break). A bare JSON string is a text whose id is the
    /// line number. `lineOffset` is the line's byte offset in the file, for UTF-8 errors.
    /// `readsOverrides`: also read `"style"` and `"widths"` (a malformed one makes the record
    /// invalid); the CLI ignores them.
    public static func parse(
        _ line: some Collection<UInt8>, lineNumber: Int, lineOffset: Int, readsOverrides: Bool = false
    ) -> Parsed {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return .blank }
        let bytes = Array(line)
        if let offset = firstInvalidUTF8Offset(bytes) {
            return .invalid(idJSON: "null", idText: nil, problem: "invalid UTF-8 at byte offset \(lineOffset + offset)")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            return .invalid(idJSON: "null", idText: nil, problem: "not valid JSON")
        }
        if let text = object as? String {
            return .record(JSONLRecord(idJSON: "\(lineNumber)", idText: "\(lineNumber)", text: text))
        }
        guard let record = object as? [String: Any] else {
            return .invalid(idJSON: "null", idText: nil, problem: "expected a JSON object with a \"text\" string")
        }
        let idJSON: String
        let idText: String?
        switch record["id"] {
        case let id as String: (idJSON, idText) = (JSONText.quoted(id), id)
        case let id as NSNumber where id.isJSONBoolean:
            // JSON true/false: Foundation's boolean NSNumber (objCType "c"), whose stringValue
            // is "1"/"0"; numbers parse as "i", "q" or "d".
            (idJSON, idText) = id.boolValue ? ("true", "true") : ("false", "false")
        case is NSNumber, is [Any], is [String: Any]:
            // A number, object or array id comes back as it was written (`1e2`, `1.50`, keys
            // in their order), not as Foundation would spell what it parsed.
            let raw = JSONMember.rawValue(named: "id", in: bytes) ?? "null"
            (idJSON, idText) = (raw, raw)
        default: (idJSON, idText) = ("null", nil)
        }
        guard let text = record["text"] as? String else {
            return .invalid(idJSON: idJSON, idText: idText, problem: "no \"text\" string")
        }
        var parsed = JSONLRecord(idJSON: idJSON, idText: idText ?? "line \(lineNumber)", text: text)
        do throws(StyleSettings.OptionError) {
            if let runs = record["runs"] { parsed.runs = try JSONStyledText.runs(runs) }
            if let boxes = record["boxes"] { parsed.boxes = try JSONStyledText.boxes(boxes) }
            parsed.isStyled = record["runs"] != nil || record["boxes"] != nil
        } catch {
            return .invalid(idJSON: idJSON, idText: idText, problem: error.message)
        }
        if readsOverrides {
            do throws(StyleSettings.OptionError) {
                if let style = record["style"] { parsed.style = try JSONStyle.pairs(style) }
                if let widths = record["widths"] { parsed.widths = try RecordWidths.numbers(widths) }
            } catch {
                return .invalid(idJSON: idJSON, idText: idText, problem: error.message)
            }
        }
        return .record(parsed)
    }
}
