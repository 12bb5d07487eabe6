import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM: no new connections, the requests in flight finish, exit 0.
@Suite struct ShutdownTests {
    @Test func sigtermDrainsInFlightRequestsAndExitsZero() async throws {
        let server = try await ServerProcess.start()
        let (parts, sink) = AsyncStream<ByteBuffer>.makeStream()
        var request = HTTPClientRequest(url: server.baseURL + "/v1/measure/batch?widths=100,200")
        request.method = .POST
        request.body = .stream(parts, length: .unknown)
        sink.yield(ByteBuffer(string: #"{"id": 1, "text": "in flight before SIGTERM"}"# + "\n"))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        var body = response.body.makeAsyncIterator()
        var received = ""
        while !received.contains("\"width\":200") {
            guard let part = try await body.next() else { break }
            received += String(buffer: part)
        }
        #expect(received.hasPrefix("{\"id\":1,"))
        // The request is in flight: SIGTERM now, then the rest of its body.
        kill(server.process.processIdentifier, SIGTERM)
        try await Task.sleep(for: .milliseconds(300))
        #expect(server.process.isRunning, "the server exited with a request in flight")
        for id in 2...50 { sink.yield(ByteBuffer(string: #"{"id": \#(id), "text": "after SIGTERM"}"# + "\n")) }
        sink.finish()
        while let part = try await body.next() { received += String(buffer: part) }
        let lines = received.split(separator: "\n")
        #expect(lines.count == 100)
        #expect(lines.last?.hasPrefix("{\"id\":50,\"width\":200,") == true)
        let status = await server.stop()
        #expect(status == 0)
        #expect(!server.process.isRunning)
    }

    @Test func idleServerExitsZeroOnSigterm() async throws {
        let server = try await ServerProcess.start()
        #expect(try await server.request(.GET, "/healthz").status == 200)
        let log = server.log
        let status = await server.stop()
        #expect(status == 0)
        #expect(log.contains("\"message\":\"listening\""))
    }
}
