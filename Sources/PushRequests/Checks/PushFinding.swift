import PushPayloads
@_spi(Writers) import PushPayloadsJSON

/// One thing a check found in a send request or payload: which rule, how much it matters, where, for
/// which platform, and a sentence a person can act on. A value, not a log line.
public struct PushFinding: Hashable, Sendable, CustomStringConvertible {
    /// The rule that found it.
    public var rule: PushCheckRule
    /// The platform it concerns, or `nil` when it concerns the request as a whole.
    public var platform: PushPlatform?
    /// Where in the input: a JSON path from the root of what was checked (`$.message.data.from`, `$` for
    /// the root); `nil` for a header.
    public var path: String?
    /// The header at fault (`apns-priority`), for a header.
    public var header: String?
    /// What is wrong and what to do, in a sentence.
    public var message: String
    /// Whether the finding holds for sure: `false` when it holds only if a device of ``platform`` receives
    /// the request and the request does not say one does (an FCM message to a token, topic or condition
    /// without the platform's block, and no platform given to the checker).
    public var isCertain: Bool

    /// Creates a finding.
    public init(
        _ rule: PushCheckRule,
        platform: PushPlatform? = nil,
        path: String? = nil,
        header: String? = nil,
        message: String,
        isCertain: Bool = true
    ) {
        self.rule = rule
        self.platform = platform
        self.path = path
        self.header = header
        self.message = message
        self.isCertain = isCertain
    }

    /// The rule's severity for a certain finding; at most ``PushSeverity/warning`` for one that holds
    /// only if a device of its platform receives the request.
    public var severity: PushSeverity { isCertain ? rule.severity : min(rule.severity, .warning) }

    /// One line: `error apns.size ios $: the payload is 4,200 bytes; APNs accepts at most 4,096`.
    public var description: String {
        let fields = [severity.rawValue, rule.id, platform?.name, path, header].compactMap { $0 }
        return fields.joined(separator: " ") + ": " + message
    }
}

extension PushFinding: Encodable {
    /// Encodes `rule` (the id), `severity`, `platform`, `path`, `header`, `message` and `certain`, each
    /// present, `null` when absent: the members ``PushInspectionWriter`` writes, read back.
    public func encode(to encoder: any Encoder) throws {
        try WrittenJSON.encode(self, to: encoder) { output in
            output.append(UInt8(ascii: "{"))
            PushInspectionWriter.writeMembers(of: self, into: output)
            output.append(UInt8(ascii: "}"))
        }
    }
}
