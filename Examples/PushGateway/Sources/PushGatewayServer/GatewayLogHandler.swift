import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes log lines to standard error as swift-log's `StreamLogHandler` does
/// (`2026-11-23T08:01:57+0000 info push-gateway: key=value [Module] message`), but formats the
/// metadata only when a line is written.
///
/// `StreamLogHandler` formats its metadata whenever it changes, and Hummingbird sets a request id on
/// every request's logger, so a server that logs nothing per request would still format metadata for
/// each one: about 4% of the gateway's time under load, and a few allocations per request.
struct GatewayLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider) {
        self.label = label
        self.metadataProvider = metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var effective = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty {
            effective.merge(provided) { _, provided in provided }
        }
        if let explicit = event.metadata, !explicit.isEmpty {
            effective.merge(explicit) { _, explicit in explicit }
        }
        if let error = event.error {
            effective["error.message"] = "\(error)"
            effective["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        let pairs = effective.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        var line =
            "\(Self.timestamp()) \(event.level) \(label):\(pairs.isEmpty ? "" : " " + pairs) [\(event.source)] \(event.message)\n"
        // One write(2) a line, so lines from different threads do not interleave.
        line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }

    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
