/// The content types the gateway reads and writes, and a check of a `Content-Type` header that
/// allocates nothing.
public enum MediaTypes {
    /// JSON: what `/v1/inspect` and `/v1/echo` read, and what every route but `/v1/classify` and
    /// `/metrics` writes.
    public static let json = "application/json"
    /// JSON Lines, as `/v1/classify` writes it.
    public static let jsonLines = "application/x-ndjson"
    /// The names JSON Lines goes by, all of which `/v1/classify` reads.
    public static let jsonLinesAliases = [
        jsonLines, "application/jsonl", "application/jsonlines", "application/x-jsonlines",
    ]
    /// The Prometheus text format, version 0.0.4, as `/metrics` writes it.
    public static let prometheusText = "text/plain; version=0.0.4; charset=utf-8"

    /// Whether `header` names one of `accepted` (`type/subtype`, lower case), ignoring case, spaces
    /// and parameters such as `; charset=utf-8`.
    public static func header(_ header: String?, isOneOf accepted: [String]) -> Bool {
        guard let header else { return false }
        return accepted.contains { essence(of: header, equals: $0) }
    }

    /// The value of the `charset` parameter of `header`, without quotes, or `nil` when it has none.
    public static func charset(of header: String) -> Substring? {
        for parameter in header.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "charset" else { continue }
            var value = pair[1].trimmingSpaces
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            return value
        }
        return nil
    }

    /// Whether `charset` names UTF-8 (`utf-8`, `UTF8`, …).
    public static func isUTF8(_ charset: Substring) -> Bool {
        let lowered = charset.lowercased()
        return lowered == "utf-8" || lowered == "utf8"
    }

    /// Whether the `type/subtype` part of `header` is `expected`, ignoring ASCII case and whitespace.
    static func essence(of header: String, equals expected: String) -> Bool {
        var actual = header.utf8[...]
        if let semicolon = actual.firstIndex(of: UInt8(ascii: ";")) { actual = actual[..<semicolon] }
        while let first = actual.first, first == 0x20 || first == 0x09 { actual = actual.dropFirst() }
        while let last = actual.last, last == 0x20 || last == 0x09 { actual = actual.dropLast() }
        guard actual.count == expected.utf8.count else { return false }
        for (byte, wanted) in zip(actual, expected.utf8) {
            let lowered = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            if lowered != wanted { return false }
        }
        return true
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
