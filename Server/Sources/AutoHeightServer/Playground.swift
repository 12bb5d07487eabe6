import AutoHeight
import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// The playground (`GET /`), the chat thread (`GET /chat`), their files (`GET /assets/NAME`)
/// and the bundled fonts they draw with (`GET /fonts/NAME`): plain HTML, CSS and a small script,
/// SwiftPM resources of this target (the `Playground` folder, copied into
/// `AutoHeightServer_AutoHeightServer.resources` beside the executable), read once at start.
/// Nothing outside the two fixed allow-lists (`PlaygroundFiles.assets`,
/// `BundledFonts.defaultFileNames`) is ever served: a name is looked up, never used as a path.
enum PlaygroundRoutes {
    static func add(to router: Router<BasicRequestContext>, core: ServiceCore) {
        router.get("/") { _, _ in try core.playground.page("playground.html") }
        router.get("/chat") { _, _ in try core.playground.page("chat.html") }
        router.get("/assets/:name") { _, context in
            try core.playground.asset(context.parameters.get("name") ?? "")
        }
        router.get("/fonts/:name") { _, context in
            try core.webFonts.response(for: context.parameters.get("name") ?? "")
        }
    }
}

/// The playground's files, read into memory once (they are small), each with its content type.
struct PlaygroundFiles: Sendable {
    /// The files served, by name: the two pages and, under `/assets/`, their style, scripts and
    /// the chat's messages. Nothing else in the folder is served.
    static let assets: [String: String] = [
        "playground.css": "text/css; charset=utf-8",
        "playground.js": "text/javascript; charset=utf-8",
        "chat.js": "text/javascript; charset=utf-8",
        "chat-messages.json": "application/json",
    ]
    static let pages = ["playground.html", "chat.html"]

    /// The name of SwiftPM's resource bundle of this target.
    static let bundleName = "AutoHeightServer_AutoHeightServer.resources"
    /// An environment variable naming the folder that holds the files instead (an installed
    /// server whose resource bundle is not beside it).
    static let environmentVariable = "AUTOHEIGHT_PLAYGROUND_DIR"

    private let files: [String: ByteBuffer]
    /// Why the files could not be read (nil when they were).
    let problem: String?

    /// Reads the files from `$AUTOHEIGHT_PLAYGROUND_DIR`, else from the resource bundle beside
    /// the executable. A missing file is not fatal: the routes then answer 500 with the reason.
    static func load() -> PlaygroundFiles {
        var folders: [String] = []
        if let folder = ProcessInfo.processInfo.environment[environmentVariable], !folder.isEmpty {
            folders.append(folder)
        }
        // The executable's folder (Linux: /proc/self/exe; elsewhere Foundation's idea of it).
        for executable in [URL(fileURLWithPath: "/proc/self/exe"), Bundle.main.executableURL].compactMap({ $0 }) {
            let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent(bundleName + "/Playground").path
            if !folders.contains(folder) { folders.append(folder) }
        }
        for folder in folders {
            var files: [String: ByteBuffer] = [:]
            for name in pages + assets.keys.sorted() {
                guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { break }
                files[name] = ByteBuffer(bytes: data)
            }
            if files.count == pages.count + assets.count { return PlaygroundFiles(files: files, problem: nil) }
        }
        return PlaygroundFiles(
            files: [:],
            problem:
                "the playground's files are not installed on this server (looked in \(folders.joined(separator: "; ")); set \(environmentVariable))"
        )
    }

    /// One of the two pages, as HTML.
    func page(_ name: String) throws(ServiceError) -> Response {
        guard let body = files[name] else { throw ServiceError(.internalServerError, problem ?? "internal error") }
        var headers = Self.commonHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        // The pages load nothing from elsewhere: their own script, style and fonts, and the API.
        headers[.contentSecurityPolicy] =
            "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// A file of `assets` by its exact name; 404 for any other name.
    func asset(_ name: String) throws(ServiceError) -> Response {
        guard let type = Self.assets[name] else {
            throw ServiceError(
                .notFound, "no asset '\(name)' (assets: \(Self.assets.keys.sorted().joined(separator: ", ")))")
        }
        guard let body = files[name] else { throw ServiceError(.internalServerError, problem ?? "internal error") }
        var headers = Self.commonHeaders
        headers[.contentType] = type
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    private static let commonHeaders: HTTPFields = [
        .cacheControl: "no-cache", .xContentTypeOptions: "nosniff",
    ]
}

/// The bundled fonts as web fonts, for `@font-face`: the files the server measures with (the
/// library's `BundledFonts`), by name from `BundledFonts.defaultFileNames` only. Read once and
/// kept (5.4 MB for all six).
///
/// One change, where a file has them: its Visual TrueType source tables (`TSI0`…`TSIV`, the
/// font editor's hinting sources, which no rasterizer or shaper reads) are left out, because
/// Chromium's font sanitizer (OTS) rejects a whole font for a malformed one (NanumGothic.ttf's
/// `TSI3` is empty). Every other table is copied byte for byte; the browser-agreement oracle
/// (scripts/browser-oracle/measure.py) does the same.
final class WebFonts: Sendable {
    private let cache = Mutex<[String: ByteBuffer]>([:])

    /// The font's response: `font/ttf`, cacheable; 404 for a name outside the allow-list or a
    /// bundled file this server does not have.
    func response(for name: String) throws(ServiceError) -> Response {
        let body = try font(named: name)
        return Response(
            status: .ok,
            headers: [
                .contentType: "font/ttf", .cacheControl: "public, max-age=86400",
                .xContentTypeOptions: "nosniff",
            ],
            body: ResponseBody(byteBuffer: body))
    }

    func font(named name: String) throws(ServiceError) -> ByteBuffer {
        guard BundledFonts.defaultFileNames.contains(name) else {
            throw ServiceError(
                .notFound,
                "no bundled font '\(name)' (bundled fonts: \(BundledFonts.defaultFileNames.joined(separator: ", ")))")
        }
        if let cached = cache.withLock({ $0[name] }) { return cached }
        guard let directory = BundledFontOption.directory,
            let data = FileManager.default.contents(atPath: directory + "/" + name)
        else {
            throw ServiceError(
                .notFound,
                "bundled font '\(name)' is not installed on this server (its fonts are not in a folder it can serve)")
        }
        let bytes = [UInt8](data)
        let served = SFNTTables.removing({ $0.hasPrefix("TSI") }, from: bytes) ?? bytes
        let buffer = ByteBuffer(bytes: served)
        cache.withLock { $0[name] = buffer }
        return buffer
    }
}

/// The table directory of a TrueType / OpenType font file (sfnt), enough to copy a file without
/// some of its tables.
enum SFNTTables {
    /// The tags of a font file's tables, in directory order; nil when it is not an sfnt file.
    static func tags(_ font: [UInt8]) -> [String]? { records(font)?.map(\.tag) }

    /// `font` without the tables whose tag `drop` accepts: the other tables byte for byte, each
    /// at a 4-byte boundary, the directory rewritten, `head.checkSumAdjustment` recomputed. The
    /// same bytes when no table is dropped; nil when `font` is not a well-formed sfnt file.
    static func removing(_ drop: (String) -> Bool, from font: [UInt8]) -> [UInt8]? {
        guard let records = records(font) else { return nil }
        let kept = records.filter { !drop($0.tag) }
        if kept.count == records.count { return font }
        let count = kept.count
        var power = 1
        var log2 = 0
        while power * 2 <= count {
            power *= 2
            log2 += 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(font.count)
        out += font[0..<4]
        append16(&out, count)
        append16(&out, power * 16)
        append16(&out, log2)
        append16(&out, count * 16 - power * 16)
        let directory = out.count
        out += [UInt8](repeating: 0, count: 16 * count)
        var headOffset: Int?
        for (index, record) in kept.enumerated() {
            let offset = out.count
            if record.tag == "head" { headOffset = offset }
            out += font[record.offset..<(record.offset + record.length)]
            while out.count % 4 != 0 { out.append(0) }
            let entry = directory + 16 * index
            out.replaceSubrange(entry..<(entry + 4), with: record.tag.utf8)
            put32(&out, entry + 4, record.checksum)
            put32(&out, entry + 8, UInt32(offset))
            put32(&out, entry + 12, UInt32(record.length))
        }
        if let head = headOffset, out.count >= head + 12 {
            put32(&out, head + 8, 0)
            var sum: UInt32 = 0
            var index = 0
            while index < out.count {
                sum &+= read32(out, index)
                index += 4
            }
            put32(&out, head + 8, 0xB1B0_AFBA &- sum)
        }
        return out
    }

    private struct Record {
        var tag: String
        var checksum: UInt32
        var offset: Int
        var length: Int
    }

    private static func records(_ font: [UInt8]) -> [Record]? {
        guard font.count >= 12 else { return nil }
        let version = read32(font, 0)
        // TrueType outlines, CFF outlines ('OTTO'), Apple's 'true'.
        guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else { return nil }
        let count = Int(font[4]) << 8 | Int(font[5])
        guard count > 0, 12 + 16 * count <= font.count else { return nil }
        var records: [Record] = []
        for index in 0..<count {
            let entry = 12 + 16 * index
            let tagBytes = font[entry..<(entry + 4)]
            guard tagBytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
            let offset = Int(read32(font, entry + 8))
            let length = Int(read32(font, entry + 12))
            guard offset <= font.count, length <= font.count - offset else { return nil }
            records.append(
                Record(
                    tag: String(decoding: tagBytes, as: UTF8.self), checksum: read32(font, entry + 4), offset: offset,
                    length: length))
        }
        return records
    }

    /// A big-endian 32-bit word; bytes past the end read as 0 (a table's checksum pads so).
    private static func read32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in offset..<(offset + 4) {
            value = value << 8 | UInt32(index < bytes.count ? bytes[index] : 0)
        }
        return value
    }

    private static func put32(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
    }

    private static func append16(_ bytes: inout [UInt8], _ value: Int) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }
}
