import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The repository's root (tests read its fixtures and fonts).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A failure of the harness itself, with one line saying what to do.
struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A response: status, headers and the whole body.
struct HTTPAnswer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as JSON.
    func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) }

    /// `{"error": "…"}`'s message.
    var errorMessage: String? { (try? json() as? [String: Any])?["error"] as? String }
}

/// A real `autoheight-server` process on a loopback port (picked by the server, read from its
/// `listening` log line), stopped with SIGTERM.
final class ServerProcess: @unchecked Sendable {
    let process: Process
    let port: Int
    let logURL: URL
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The server built beside this test bundle (`swift build --build-tests` builds both).
    static let executable: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("autoheight-server")
    }()

    private init(process: Process, port: Int, logURL: URL) {
        self.process = process
        self.port = port
        self.logURL = logURL
    }

    /// Starts a server with `arguments` (after `--port 0`) and waits for its `listening` line.
    static func start(_ arguments: [String] = []) async throws -> ServerProcess {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw HarnessError("no server at \(executable.path): build with `swift build --build-tests` in Server/")
        }
        let logURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "autoheight-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--host", "127.0.0.1", "--port", "0"] + arguments
        process.currentDirectoryURL = repositoryRoot
        process.standardError = try FileHandle(forWritingTo: logURL)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<600 {
            let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            for line in log.split(separator: "\n") where line.contains("\"message\":\"listening\"") {
                if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let port = (object["port"] as? String).flatMap(Int.init)
                {
                    return ServerProcess(process: process, port: port, logURL: logURL)
                }
            }
            if !process.isRunning {
                throw HarnessError("the server exited with \(process.terminationStatus) before listening: \(log)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.terminate()
        throw HarnessError("the server did not log 'listening' within 30 s")
    }

    /// Sends SIGTERM and waits for the exit status.
    @discardableResult
    func stop() async -> Int32 {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        while process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        try? FileManager.default.removeItem(at: logURL)
        return process.terminationStatus
    }

    /// The server's log so far.
    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Sends a request; the answer is checked against docs/openapi.yaml (status, content type,
    /// required fields).
    func request(
        _ method: HTTPMethod, _ path: String, body: [UInt8]? = nil, headers: [(String, String)] = [],
        checkContract: Bool = true
    ) async throws -> HTTPAnswer {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        return try await send(request, method: method, path: path, checkContract: checkContract)
    }

    func post(_ path: String, _ body: String, checkContract: Bool = true) async throws -> HTTPAnswer {
        try await request(.POST, path, body: Array(body.utf8), checkContract: checkContract)
    }

    func send(
        _ request: HTTPClientRequest, method: HTTPMethod, path: String, checkContract: Bool = true
    ) async throws -> HTTPAnswer {
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        var body: [UInt8] = []
        for try await part in response.body { body += Array(buffer: part) }
        let answer = HTTPAnswer(status: Int(response.status.code), headers: response.headers, body: body)
        if checkContract {
            let route = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
            try OpenAPIContract.shared.check(answer, method: method.rawValue, path: route)
        }
        return answer
    }
}

/// Runs `body` with a fresh server, always stopped after.
func withServer<T>(
    _ arguments: [String] = [], _ body: (ServerProcess) async throws -> T
) async throws -> T {
    let server = try await ServerProcess.start(arguments)
    do {
        let result = try await body(server)
        let status = await server.stop()
        #expect(status == 0, "the server exited with \(status) after SIGTERM")
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// The `autoheight` CLI of the root package, for the expected output: `$AUTOHEIGHT_CLI`, else
/// the root's debug build (`make test-server` builds it first).
enum CLI {
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["AUTOHEIGHT_CLI"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return repositoryRoot.appendingPathComponent(".build/debug/autoheight")
    }()

    /// `autoheight ARGUMENTS` with `stdin`: its stdout.
    static func run(_ arguments: [String], stdin: [UInt8]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw HarnessError(
                "no CLI at \(executable.path): run `swift build --product autoheight` in the root (make test-server does), or set AUTOHEIGHT_CLI"
            )
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(Data(stdin))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// The fixture corpus the bindings' tests also compare with the CLI (5,062 records).
let corpusLines: [String] = {
    let url = repositoryRoot.appendingPathComponent("bindings/fixtures/corpus.jsonl")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
}()
