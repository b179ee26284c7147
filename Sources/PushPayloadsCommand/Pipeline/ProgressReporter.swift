import SystemPackage

/// Shows how far a run is on one self-overwriting stderr line: payloads and bytes done, the rate, and
/// for inputs of known size the share done and the time left.
///
/// Updates are throttled to a few per second so a fast run spends nothing on them; ``clear()`` erases
/// the line before anything else is printed and at the end.
struct ProgressReporter {
    let isEnabled: Bool
    /// The total input size, when every input is a regular file.
    let totalBytes: Int?
    private let start: ContinuousClock.Instant
    private var lastUpdate: ContinuousClock.Instant
    private var isShowing = false

    init(isEnabled: Bool, totalBytes: Int?) {
        self.isEnabled = isEnabled
        self.totalBytes = totalBytes
        start = .now
        lastUpdate = start
    }

    /// Seconds since the reporter was created.
    var elapsed: Double { Self.seconds(start.duration(to: .now)) }

    /// Redraws the line if enough time has passed since the last time.
    mutating func update(payloads: Int, bytes: Int) {
        guard isEnabled else { return }
        let now = ContinuousClock.now
        guard lastUpdate.duration(to: now) >= .milliseconds(250) else { return }
        lastUpdate = now
        let seconds = Self.seconds(start.duration(to: now))
        let line = Self.line(payloads: payloads, bytes: bytes, totalBytes: totalBytes, seconds: seconds)
        StandardStreams.write("\r" + line + "\u{1B}[K", to: .standardError)
        isShowing = true
    }

    /// Erases the line, if one is showing.
    mutating func clear() {
        guard isShowing else { return }
        StandardStreams.write("\r\u{1B}[K", to: .standardError)
        isShowing = false
    }

    static func line(payloads: Int, bytes: Int, totalBytes: Int?, seconds: Double) -> String {
        var text = "\(Tally.grouped(payloads)) payloads, \(formatBytes(bytes))"
        if let totalBytes, totalBytes > 0 {
            let share = min(Double(bytes) / Double(totalBytes), 1)
            text += " of \(formatBytes(totalBytes)) (\(Int(share * 100))%)"
        }
        guard seconds > 0 else { return text }
        let rate = Double(bytes) / seconds
        text += ", \(formatBytes(Int(rate)))/s"
        if let totalBytes, rate > 0, bytes <= totalBytes {
            text += ", ETA \(formatSeconds(Double(totalBytes - bytes) / rate))"
        }
        return text
    }

    /// Decimal units, as disk sizes are given: `12.3 MB`.
    static func formatBytes(_ bytes: Int) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        return formatFixed(value, decimals: 1) + " " + units[unit]
    }

    /// `0.42 s`, `12.3 s`, `4:05`, `1:02:03`.
    static func formatSeconds(_ seconds: Double) -> String {
        if seconds < 1 { return formatFixed(seconds, decimals: 2) + " s" }
        if seconds < 60 { return formatFixed(seconds, decimals: 1) + " s" }
        let whole = Int(seconds.rounded())
        let (hours, minutes, secs) = (whole / 3600, whole / 60 % 60, whole % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }

    /// `12.3` (one decimal), `0.42` (two).
    static func formatFixed(_ value: Double, decimals: Int) -> String {
        let scale = decimals == 1 ? 10 : 100
        let scaled = Int((value * Double(scale)).rounded())
        let fraction = String(scaled % scale)
        return "\(scaled / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
