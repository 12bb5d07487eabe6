import Foundation
import Testing

/// The font-directory boundary: a request names a font file only inside a `--font-dir`, after
/// every symlink and `..` is resolved.
@Suite struct FontDirectoryTests {
    /// A temporary tree: `allowed/` (a copy of Noto Sans, a symlink inside to it, a symlink out
    /// to a font outside, a symlinked subdirectory pointing out) and `outside/` (a real font).
    struct Tree {
        let root: URL
        var allowed: URL { root.appendingPathComponent("allowed") }
        var outside: URL { root.appendingPathComponent("outside") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("ah-fonts-\(UUID().uuidString)")
            let manager = FileManager.default
            try manager.createDirectory(at: root.appendingPathComponent("allowed"), withIntermediateDirectories: true)
            try manager.createDirectory(at: root.appendingPathComponent("outside"), withIntermediateDirectories: true)
            let noto = repositoryRoot.appendingPathComponent("Fonts/NotoSans-Regular.ttf")
            try manager.copyItem(at: noto, to: allowed.appendingPathComponent("Inside.ttf"))
            try manager.copyItem(at: noto, to: outside.appendingPathComponent("Outside.ttf"))
            try manager.createSymbolicLink(
                atPath: allowed.appendingPathComponent("link-in.ttf").path, withDestinationPath: "Inside.ttf")
            try manager.createSymbolicLink(
                atPath: allowed.appendingPathComponent("link-out.ttf").path,
                withDestinationPath: outside.appendingPathComponent("Outside.ttf").path)
            try manager.createSymbolicLink(
                atPath: allowed.appendingPathComponent("dir-out").path, withDestinationPath: outside.path)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    func measure(_ server: ServerProcess, _ style: String) async throws -> HTTPAnswer {
        try await server.post("/v1/measure", #"{"text": "hello", "widths": [100], "style": \#(style)}"#)
    }

    @Test func onlyFilesInsideTheAllowedDirectories() async throws {
        let tree = try Tree()
        defer { tree.remove() }
        let allowed = tree.allowed.path
        let outsideMessage = { (path: String) in
            "fontFile '\(path)': outside the allowed font directories (\(tree.allowed.resolvingSymlinksInPath().path))"
        }
        try await withServer(["--font-dir", allowed]) { server in
            // Inside: by absolute path, through a symlink that stays inside.
            for path in ["\(allowed)/Inside.ttf", "\(allowed)/link-in.ttf", "\(allowed)/./Inside.ttf"] {
                let answer = try await measure(server, #"{"fontFile": "\#(path)"}"#)
                #expect(answer.status == 200, "\(path): \(answer.text)")
            }
            // Outside: relative `../`, absolute paths, a symlink out, a symlinked directory out,
            // `..` out of the allowed directory, a real font file next door.
            for path in [
                "../../../../../../etc/passwd", "/etc/passwd", "\(allowed)/link-out.ttf",
                "\(allowed)/dir-out/Outside.ttf",
                "\(allowed)/../outside/Outside.ttf", tree.outside.appendingPathComponent("Outside.ttf").path,
                "Fonts/NotoSans-Regular.ttf", "/proc/self/environ",
            ] {
                let answer = try await measure(server, #"{"fontFile": "\#(path)"}"#)
                #expect(answer.status == 400, "\(path): \(answer.text)")
                #expect(answer.errorMessage == outsideMessage(path), "\(path)")
            }
            // A fallback font is held to the same boundary.
            let fallback = try await measure(server, #"{"fallbackFont": ["\#(allowed)/Inside.ttf", "/etc/passwd"]}"#)
            #expect(
                fallback.errorMessage
                    == "fallbackFont '/etc/passwd': outside the allowed font directories (\(tree.allowed.resolvingSymlinksInPath().path))"
            )
            // A missing file inside says so; a missing file outside says only "outside".
            let missing = try await measure(server, #"{"fontFile": "\#(allowed)/Missing.ttf"}"#)
            #expect(missing.errorMessage == "font file not found: \(allowed)/Missing.ttf")
            let missingOutside = try await measure(server, #"{"fontFile": "/nonexistent/x.ttf"}"#)
            #expect(missingOutside.errorMessage == outsideMessage("/nonexistent/x.ttf"))
            // In the query: the whole batch is refused.
            let batch = try await server.post("/v1/measure/batch?widths=100&fontFile=/etc/passwd", "\"x\"\n")
            #expect(batch.status == 400)
            #expect(batch.errorMessage == outsideMessage("/etc/passwd"))
            // In a record: that record's error.
            let record = try await server.post(
                "/v1/measure/batch?widths=100",
                #"{"id": "r", "text": "x", "style": {"fontFile": "/etc/passwd"}}"# + "\n")
            #expect(
                record.text == #"{"id":"r","line":1,"error":"<stdin>: line 1: \#(outsideMessage("/etc/passwd"))"}"#
                    + "\n")
            // Bundled fonts and installed families need no path.
            #expect(try await measure(server, "{}").status == 200)
            #expect(try await measure(server, #"{"font": "Noto Sans 16"}"#).status == 200)
            // Still healthy.
            #expect(try await server.request(.GET, "/healthz").status == 200)
        }
    }

    @Test func withoutFontDirNoFileIsAllowed() async throws {
        try await withServer { server in
            let path = repositoryRoot.appendingPathComponent("Fonts/NotoSans-Regular.ttf").path
            let answer = try await measure(server, #"{"fontFile": "\#(path)"}"#)
            #expect(answer.status == 400)
            #expect(
                answer.errorMessage
                    == "fontFile '\(path)': font files are not allowed on this server (it was started without --font-dir); use the bundled fonts or an installed family (font)"
            )
        }
    }

    @Test func aMissingFontDirStopsTheServer() async throws {
        do {
            let server = try await ServerProcess.start(["--font-dir", "/nonexistent-font-dir"])
            await server.stop()
            Issue.record("the server started with a missing --font-dir")
        } catch let error as HarnessError {
            #expect(error.description.contains("--font-dir '/nonexistent-font-dir': no such directory"))
        }
    }
}
