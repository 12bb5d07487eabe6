import AutoHeight
import AutoHeightOptions

/// What an `ah_style *` points to: the style with its line limits.
final class StyleObject: Sendable {
    let style: TextStyle
    let lineLimits: LineLimits

    init(style: TextStyle, lineLimits: LineLimits) {
        self.style = style
        self.lineLimits = lineLimits
    }
}

/// What an `ah_prepared *` points to.
final class PreparedObject: Sendable {
    let prepared: PreparedText
    let lineLimits: LineLimits

    init(prepared: PreparedText, lineLimits: LineLimits) {
        self.prepared = prepared
        self.lineLimits = lineLimits
    }
}

/// What an `ah_cache *` points to.
final class CacheObject: Sendable {
    let cache: SegmentCache
    init(cache: SegmentCache) { self.cache = cache }
}

/// The one bridge between Swift objects and the ABI's opaque pointers: a handle holds one
/// retain, taken when it is made and given back when the caller frees it.
enum Handle {
    static func make(_ object: AnyObject) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(object).toOpaque())
    }

    /// The object behind `handle`, or an argument error naming the parameter when it is NULL.
    static func object<Object: AnyObject>(
        _ handle: OpaquePointer?, as _: Object.Type, name: String
    ) throws(ABIError) -> Object {
        guard let handle else { throw .argument("\(name) is NULL") }
        return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }

    static func release<Object: AnyObject>(_ handle: OpaquePointer?, as _: Object.Type) {
        guard let handle else { return }
        Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle)).release()
    }
}
