import AutoHeight
import AutoHeightRecords
import Hummingbird

/// A request the service refuses: an HTTP status and a one-line message, sent as
/// `{"error": "…"}`.
public struct ServiceError: Error, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The one-line message.
    public var message: String
    /// Headers beyond the content type (`Retry-After`).
    public var headers: HTTPFields = [:]

    /// A refusal with its status and message.
    public init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A library error while building a style or measuring: the request's fault (400: a font
    /// that is missing or not a font, a malformed language tag, a text over the limits), or the
    /// server's (500: the bundled fonts missing, ICU / HarfBuzz / fontconfig failing).
    init(_ error: AutoHeightError) {
        switch error {
        case .bundledFontsNotFound, .icuFailure, .harfBuzzFailure, .fontconfigFailure:
            self.init(.internalServerError, error.description)
        default:
            self.init(.badRequest, error.description)
        }
    }

    /// A record failure (its message, its status from its exit code: 70 → 500, else 400).
    init(_ failure: RecordFailure) {
        self.init(failure.exitCode == 70 ? .internalServerError : .badRequest, failure.message)
    }

    /// The JSON response.
    var response: Response {
        var fields = headers
        fields[.contentType] = "application/json"
        if status == .requestTimeout || status == .contentTooLarge { fields[.connection] = "close" }
        let body = "{\"error\":\(JSONText.quoted(message))}\n"
        return Response(
            status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
