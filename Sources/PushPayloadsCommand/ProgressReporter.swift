#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows how far a run is on one self-overwriting stderr line: payloads and bytes done, the rate, and
/// for inputs of known size the share done and the time left.
///
/// Updates are throttled to a few per second so a fast run spends nothing on them; ``clear()`` erases
/// the line before anything else is printed and at the end.
struct ProgressReporter {
    let isEnabled: Bool
    /// The total input size, when every input is a regular file.
    let totalBytes: Int?
    private let start: Double
    private var lastUpdate: Double
    private var isShowing = false

    static let interval = 0.25

    init(isEnabled: Bool, totalBytes: Int?) {
        self.isEnabled = isEnabled
        self.totalBytes = totalBytes
        start = Self.now()
        lastUpdate = start
    }

    /// Seconds since the reporter was created.
    var elapsed: Double { Self.now() - start }

    /// Redraws the line if enough time has passed since the last time.
    mutating func update(payloads: Int, bytes: Int) {
        guard isEnabled else { return }
        let now = Self.now()
        guard now - lastUpdate >= Self.interval else { return }
        lastUpdate = now
        let line = Self.line(payloads: payloads, bytes: bytes, totalBytes: totalBytes, seconds: now - start)
        StandardStreams.write("\r" + line + "\u{1B}[K", to: 2)
        isShowing = true
    }

    /// Erases the line, if one is showing.
    mutating func clear() {
        guard isShowing else { return }
        StandardStreams.write("\r\u{1B}[K", to: 2)
        isShowing = false
    }

    /// The text of the progress line.
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
        return formatTenths(value) + " " + units[unit]
    }

    /// `0.42 s`, `12.3 s`, `4:05`, `1:02:03`.
    static func formatSeconds(_ seconds: Double) -> String {
        if seconds < 1 { return twoDecimals(seconds) + " s" }
        if seconds < 60 { return formatTenths(seconds) + " s" }
        let whole = Int(seconds.rounded())
        let (hours, minutes, secs) = (whole / 3600, whole / 60 % 60, whole % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }

    private static func formatTenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Writing to file descriptors without buffering, and asking whether they are terminals.
enum StandardStreams {
    /// Writes all of `bytes`; returns 0 or the `errno` of the failure.
    @discardableResult
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fileDescriptor: Int32) -> Int32 {
        guard var pointer = bytes.baseAddress else { return 0 }
        var remaining = bytes.count
        while remaining > 0 {
            #if canImport(Darwin)
            let written = Darwin.write(fileDescriptor, pointer, remaining)
            #elseif canImport(Musl)
            let written = Musl.write(fileDescriptor, pointer, remaining)
            #else
            let written = Glibc.write(fileDescriptor, pointer, remaining)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            pointer += written
            remaining -= written
        }
        return 0
    }

    @discardableResult
    static func write(_ text: String, to fileDescriptor: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { write($0, to: fileDescriptor) }
    }

    static func isTerminal(_ fileDescriptor: Int32) -> Bool { isatty(fileDescriptor) == 1 }

    /// The terminal's width in columns, if `fileDescriptor` is a terminal that reports one.
    static func terminalColumns(_ fileDescriptor: Int32) -> Int? {
        guard isTerminal(fileDescriptor) else { return nil }
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
