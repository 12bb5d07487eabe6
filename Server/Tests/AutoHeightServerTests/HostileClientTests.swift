import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

/// Hostile clients all at once (a slow body, a 100 MB body, deep JSON, invalid UTF-8, 10,000
/// widths, a font path outside): each refused with its status, while /healthz keeps answering.
@Suite struct HostileClientTests {
    @Test func healthAnswersThroughoutHostileLoad() async throws {
        try await withServer(["--request-timeout", "1"]) { server in
            try await withThrowingTaskGroup(of: [Int].self) { group in
                group.addTask {
                    // Slow loris: one byte every 50 ms, past the time limit.
                    var request = HTTPClientRequest(url: server.baseURL + "/v1/measure")
                    request.method = .POST
                    let parts = AsyncStream<ByteBuffer> { continuation in
                        Task {
                            for byte in Array(repeating: UInt8(ascii: " "), count: 40) {
                                continuation.yield(ByteBuffer(bytes: [byte]))
                                try? await Task.sleep(for: .milliseconds(50))
                            }
                            continuation.finish()
                        }
                    }
                    request.body = .stream(parts, length: .unknown)
                    let answer = try await server.send(request, method: .POST, path: "/v1/measure")
                    return [answer.status]
                }
                group.addTask {
                    var statuses: [Int] = []
                    let deep = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
                    let invalid =
                        Array(#"{"text": "\#u{FFFD}"#.utf8).dropLast(3) + [0xED, 0xA0, 0x80]
                        + Array(#"", "widths": [1]}"#.utf8)
                    let widths = "[" + Array(repeating: "1", count: 10_000).joined(separator: ",") + "]"
                    for _ in 0..<10 {
                        statuses.append(try await server.post("/v1/measure", deep).status)
                        statuses.append(try await server.request(.POST, "/v1/measure", body: Array(invalid)).status)
                        statuses.append(
                            try await server.post("/v1/measure", #"{"text": "x", "widths": \#(widths)}"#).status)
                        statuses.append(
                            try await server.post(
                                "/v1/measure", #"{"text": "x", "widths": [1], "style": {"fontFile": "/etc/shadow"}}"#
                            )
                            .status)
                    }
                    return statuses
                }
                group.addTask {
                    var request = HTTPClientRequest(url: server.baseURL + "/v1/measure")
                    request.method = .POST
                    let parts = AsyncStream<ByteBuffer> { continuation in
                        let piece = ByteBuffer(repeating: UInt8(ascii: " "), count: 1 << 20)
                        for _ in 0..<100 { continuation.yield(piece) }
                        continuation.finish()
                    }
                    request.body = .stream(parts, length: .known(Int64(100 << 20)))
                    do {
                        return [try await server.send(request, method: .POST, path: "/v1/measure").status]
                    } catch {
                        return [413]  // closed while still sending: refused all the same
                    }
                }
                group.addTask {
                    var statuses: [Int] = []
                    for _ in 0..<40 {
                        statuses.append(try await server.request(.GET, "/healthz").status)
                        try await Task.sleep(for: .milliseconds(25))
                    }
                    return statuses.map { $0 == 200 ? 0 : $0 }
                }
                var all: [Int] = []
                for try await statuses in group { all += statuses }
                #expect(all.filter { $0 == 0 }.count == 40, "every /healthz answered 200")
                #expect(all.contains(408))
                #expect(all.contains(413))
                #expect(all.filter { $0 == 400 }.count == 40)
                #expect(Set(all).isSubset(of: [0, 400, 408, 413]), "\(Set(all))")
            }
        }
    }
}
