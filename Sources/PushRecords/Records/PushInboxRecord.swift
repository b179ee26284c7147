public import PushPayloads

/// One record of `push-payloads classify --kind inbox`: one inbox entry, or why an entry or input could not be read.
/// The fields a push's ``PushRecord`` has keep their names and meaning where they apply (`source`, `line`, `status`,
/// `vendor`, `message_id`, `title`, `body`, `action`, `url`, `error`); `docs/json-schema.md`, `#/$defs/inbox_record`.
///
/// ```json
/// {"source":"swrve.json","line":null,"entry":"push_inbox[0]","status":"ok","kind":"inbox","vendor":"swrve",
///  "message_id":"1","content_type":"custom","read":false,"sent_at":"1970-01-20T20:15:55.770Z",…}
/// ```
public struct PushInboxRecord: Sendable {
    /// The input's name, as given.
    public var source: String
    /// The line in a JSON Lines input; `nil` for a file holding one page or entry.
    public var line: Int?
    /// The entry's key path in its page (`push_inbox[2]`, `messages[0]`, `[1]`); `nil` when the input or
    /// line is a single entry, or the error is the whole input's.
    public var entry: String?
    /// The entry, or the error.
    public var content: Content

    /// What a record says.
    public enum Content: Sendable {
        /// An entry read.
        case message(PushInboxMessage)
        /// An entry, page or input that could not be read.
        case error(PushPayloadError)
    }

    /// Creates a record.
    public init(source: String, line: Int?, entry: String?, content: Content) {
        self.source = source
        self.line = line
        self.entry = entry
        self.content = content
    }

    /// The records of one input or line: one per entry of `page`, or one error record for an input that is no page.
    public static func records(
        source: String,
        line: Int?,
        reading: Result<PushInboxPage, PushPayloadError>
    ) -> [PushInboxRecord] {
        switch reading {
        case .failure(let error):
            return [PushInboxRecord(source: source, line: line, entry: nil, content: .error(error))]
        case .success(let page):
            return page.entries.map { entry in
                let keyPath = entry.keyPath.isEmpty ? nil : entry.keyPath
                switch entry.result {
                case .success(let message):
                    return PushInboxRecord(source: source, line: line, entry: keyPath, content: .message(message))
                case .failure(let error):
                    return PushInboxRecord(source: source, line: line, entry: keyPath, content: .error(error))
                }
            }
        }
    }
}

extension PushInboxRecord: Encodable {
    /// Encodes `source`, `line`, `entry`, `status` and `kind` (`inbox`); for `ok`: `vendor`, `message_id`,
    /// `content_type`, `read`, `sent_at`, `expires_at`, `expired`, `title`, `body`, `action` and `url`
    /// (`null` where the vendor defines no action) and `issues` (their codes); for `error`: `error`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encode(source, forKey: "source")
        try container.encode(line, forKey: "line")
        try container.encode(entry, forKey: "entry")
        switch content {
        case .message(let message):
            try container.encode("ok", forKey: "status")
            try container.encode("inbox", forKey: "kind")
            try container.encode(message.vendor, forKey: "vendor")
            try container.encode(message.messageID, forKey: "message_id")
            try container.encode(message.contentType, forKey: "content_type")
            try container.encode(message.isRead, forKey: "read")
            try container.encode(message.sentAt, forKey: "sent_at")
            try container.encode(message.expiresAt, forKey: "expires_at")
            try container.encode(message.isExpired, forKey: "expired")
            try container.encode(message.title, forKey: "title")
            try container.encode(message.body, forKey: "body")
            try container.encode(message.defaultAction?.kind, forKey: "action")
            try container.encode(message.defaultAction?.url, forKey: "url")
            try container.encode(message.issues.map(\.code), forKey: "issues")
        case .error(let error):
            try container.encode("error", forKey: "status")
            try container.encode("inbox", forKey: "kind")
            try container.encode(error, forKey: "error")
        }
    }
}
