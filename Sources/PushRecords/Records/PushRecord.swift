public import PushPayloads
public import PushRequests

/// One record of batch output: the line of `push-payloads classify` output for one payload, or for one platform of a
/// send request; or the line of `push-payloads lint` output for one finding. The library defines it, so the command and
/// any other producer write the same thing (`docs/json-schema.md`, `#/$defs/record` and `#/$defs/lint_record`).
///
/// ```json
/// {"source":"a.jsonl","line":1,"status":"ok","vendor":"swrve","silent":false,"ambiguous":[],"shape":"fcm",
///  "message_id":"123","title":"Hi","body":"Sale","action":"deep_link","url":"app://sale"}
/// {"source":"a.jsonl","line":2,"status":"ok","kind":"fcm_v1","platform":"ios","vendor":"exponea",…}
/// {"source":"a.jsonl","line":3,"status":"error","error":{"code":"invalid_json","offset":8,"message":"…"}}
/// ```
public struct PushRecord: Sendable {
    /// The input's name, as given.
    public var source: String
    /// The line in a JSON Lines input; `nil` for a file holding one payload.
    public var line: Int?
    /// What the line holds.
    public var content: Content

    /// Which delivery of a send request a record is about: the request's kind and the platform.
    public typealias Delivery = (kind: PushRequestKind, platform: PushPlatform)

    /// What a record says about its payload.
    public enum Content: Sendable {
        /// A decoded payload: a device payload (`request` nil), or one platform's delivery of a send request.
        case decoded(PushNotification, request: Delivery?)
        /// A payload that could not be read.
        case error(PushPayloadError)
        /// What the checks found in an input of the given kind.
        case finding(PushRequestKind, PushFinding)
    }

    /// Creates a record.
    public init(source: String, line: Int?, content: Content) {
        self.source = source
        self.line = line
        self.content = content
    }
}

extension PushRecord: Encodable {
    /// Encodes `source`, `line`, `status` and, for `ok`, `kind` and `platform` (send requests only),
    /// `vendor` (`unknown` for none), `silent`, `ambiguous`, `shape`, `message_id`, `title`, `body`,
    /// `action` and `url`; for `error`, `error`; for `finding`, `kind` and the finding's fields: the record
    /// ``PushRecordWriter`` writes, read back.
    public func encode(to encoder: any Encoder) throws {
        let writer = PushRecordWriter(capacity: 512)
        writer.write(self)
        // Without the line feed that ends the record in JSON Lines.
        let bytes = writer.withBytes { Array($0.dropLast()) }
        try WrittenJSON.encode(self, bytes: bytes, to: encoder)
    }
}
