#if canImport(Glibc)
    import Glibc
#endif

/// A one-line progress bar on stderr: records done, records/s and elapsed time, with percent and
/// ETA when the input's size is known. Redrawn at most `redrawsPerSecond` times a second (the
/// first update always draws), and erased by `finish()`, so nothing of it stays on the terminal.
final class ProgressBar {
    static let redrawsPerSecond = 4.0
    static let barWidth = 20

    private let output: FileHandleOutput
    private let start = ContinuousClock.now
    private var lastDraw: ContinuousClock.Instant? = nil
    private var drawn = false

    /// `enabled`: nil draws only when stderr is a terminal.
    init?(enabled: Bool?, output: FileHandleOutput = .standardError) {
        guard enabled ?? (isatty(STDERR_FILENO) == 1) else { return nil }
        self.output = output
    }

    /// Redraws when the last drawing is old enough.
    func update(records: Int, fraction: Double?) {
        let now = ContinuousClock.now
        if let lastDraw, now - lastDraw < .seconds(1 / Self.redrawsPerSecond) { return }
        lastDraw = now
        output.write("\r\u{1B}[K" + Self.line(records: records, fraction: fraction, elapsed: Self.seconds(now - start)))
        output.flush()
        drawn = true
    }

    /// Erases the bar (before the output's end, or an error message).
    func finish() {
        guard drawn else { return }
        output.write("\r\u{1B}[K")
        output.flush()
        drawn = false
    }

    /// `[#######.............]  35%  12,800 records  4,210 records/s  0:03 elapsed  ETA 0:05`
    static func line(records: Int, fraction: Double?, elapsed: Double) -> String {
        var parts: [String] = []
        if let fraction {
            let filled = Int((fraction * Double(barWidth)).rounded(.down))
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled)
            parts.append("[\(bar)] \(Int((fraction * 100).rounded(.down)))%")
        }
        parts.append("\(grouped(records)) records")
        if elapsed > 0 { parts.append("\(grouped(Int((Double(records) / elapsed).rounded()))) records/s") }
        parts.append("\(clock(elapsed)) elapsed")
        if let fraction, fraction > 0, fraction < 1 {
            parts.append("ETA \(clock(elapsed * (1 - fraction) / fraction))")
        }
        return parts.joined(separator: "  ")
    }

    /// `1234567` → `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    /// Seconds as `m:ss`, or `h:mm:ss` from an hour.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
