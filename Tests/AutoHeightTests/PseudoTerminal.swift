import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program with its stderr on a pseudo-terminal (so `isatty(2)` is true), as a person's
/// terminal would: what the program drew there comes back as `terminal`.
enum PseudoTerminal {
    struct Run {
        var status: Int32
        var stdout: String
        /// Everything written to the terminal (stderr), with the terminal's own translations.
        var terminal: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Linux's TIOCSPTLCK and TIOCGPTN (function-like macros Swift cannot import).
    static let unlockRequest: UInt = 0x4004_5431
    static let numberRequest: UInt = 0x8004_5430

    static func run(_ executable: URL, _ arguments: [String]) throws -> Run {
        // posix_openpt and friends are not in Swift's Glibc module: Linux's /dev/ptmx directly.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw Failure(description: "/dev/ptmx: \(String(cString: strerror(errno)))") }
        let masterHandle = FileHandle(fileDescriptor: master, closeOnDealloc: true)
        var unlock: CInt = 0
        var number: CInt = 0
        guard ioctl(master, Self.unlockRequest, &unlock) == 0, ioctl(master, Self.numberRequest, &number) == 0 else {
            throw Failure(description: "pty ioctl: \(String(cString: strerror(errno)))")
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure(description: "/dev/pts/\(number): \(String(cString: strerror(errno)))") }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        let slaveHandle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardError = slaveHandle
        try process.run()
        try slaveHandle.close()  // the child holds the only slave descriptor now

        // Read the terminal until the child closes it (read fails with EIO), concurrently with stdout.
        let terminal = TerminalBytes()
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                terminal.append(buffer[0..<count])
            }
            terminal.finish()
        }
        reader.start()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        terminal.waitUntilFinished()
        withExtendedLifetime(masterHandle) {}
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            terminal: String(decoding: terminal.bytes, as: UTF8.self))
    }
}

/// Bytes read from the terminal by the reader thread, handed over under a lock.
private final class TerminalBytes: @unchecked Sendable {
    private let condition = NSCondition()
    private var storage: [UInt8] = []
    private var finished = false

    func append(_ bytes: ArraySlice<UInt8>) {
        condition.lock()
        storage += bytes
        condition.unlock()
    }

    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    func waitUntilFinished() {
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }

    var bytes: [UInt8] {
        condition.lock()
        defer { condition.unlock() }
        return storage
    }
}
