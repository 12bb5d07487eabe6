import AutoHeight
import AutoHeightOptions
import CAutoHeight

#if canImport(Glibc)
    import Glibc
#endif

/// A failure at the C ABI: the status returned and the message handed to the caller.
struct ABIError: Error {
    var status: ah_status
    var message: String

    init(_ status: ah_status, _ message: String) {
        self.status = status
        self.message = message
    }

    static func argument(_ message: String) -> ABIError { ABIError(AH_ERROR_ARGUMENT, message) }

    /// The status of a library error (the CLI's exit statuses, grouped the same way).
    init(_ error: AutoHeightError) {
        switch error {
        case .fontFileNotFound, .fontNotFound, .bundledFontsNotFound:
            self.init(AH_ERROR_FONT_NOT_FOUND, error.description)
        case .fontFileUnreadable, .notAFont, .unusableFont, .faceIndexOutOfRange, .tooManyFonts:
            self.init(AH_ERROR_FONT, error.description)
        case .textTooLong, .textExceedsLimit, .paragraphExceedsLimit, .combiningMarksExceedLimit, .loneSurrogate,
            .invalidRun, .invalidBox:
            self.init(AH_ERROR_INPUT, error.description)
        case .icuFailure, .harfBuzzFailure, .fontconfigFailure:
            self.init(AH_ERROR_NATIVE, error.description)
        default:
            self.init(AH_ERROR_ARGUMENT, error.description)
        }
    }

    init(_ error: StyleSettings.OptionError) { self.init(AH_ERROR_ARGUMENT, error.message) }
}

/// Runs `body` for an exported function: its status, with the message written to `message`
/// (NULL on success; a malloc'd copy the caller frees with `ah_message_free` on failure).
func reporting(
    _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: () throws(ABIError) -> Void
) -> ah_status {
    message?.pointee = nil
    do {
        try body()
        return AH_OK
    } catch {
        message?.pointee = strdup(error.message)
        return error.status
    }
}

/// `body` with library errors turned into ABI errors.
func converting<Value>(_ body: () throws(AutoHeightError) -> Value) throws(ABIError) -> Value {
    do { return try body() } catch { throw ABIError(error) }
}
