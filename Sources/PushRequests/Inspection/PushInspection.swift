public import PushPayloads

/// Everything the library says about one send request or payload: its kind, what each platform's
/// devices receive and how the vendors' SDKs read it, and what the checks found. The answer of
/// ``PushInspector``, and the document a server returns (`docs/json-schema.md`, schema version 1).
public struct PushInspection: Sendable, Equatable {
    /// The version of the JSON schema this encodes to.
    public static let schemaVersion = 1

    /// What the input is.
    public var kind: PushRequestKind
    /// One per platform the request reaches.
    public var deliveries: [Delivery]
    /// What the checks found, errors first.
    public var findings: [PushFinding]

    /// Creates an inspection.
    public init(kind: PushRequestKind, deliveries: [Delivery], findings: [PushFinding]) {
        self.kind = kind
        self.deliveries = deliveries
        self.findings = findings
    }

    /// The most severe finding's severity, or `nil` when there is none.
    public var highestSeverity: PushSeverity? { findings.map(\.severity).max() }

    /// One platform's delivery, decoded.
    public struct Delivery: Sendable, Equatable {
        /// The platform.
        public var platform: PushPlatform
        /// The APNs headers, for iOS.
        public var headers: [String: String]
        /// The text the system shows by itself for an FCM notification message (see ``PushDelivery/systemText``).
        public var systemText: PushText?
        /// The payload as the device receives it, classified and decoded by the registry.
        public var notification: PushNotification

        /// Creates a delivery.
        public init(
            platform: PushPlatform,
            headers: [String: String],
            systemText: PushText?,
            notification: PushNotification
        ) {
            self.platform = platform
            self.headers = headers
            self.systemText = systemText
            self.notification = notification
        }

        /// Whose push it is on this platform, and whether it is silent there.
        public var classification: PushClassification { notification.classification }
    }
}

extension PushInspection: Encodable {
    /// Encodes `schema_version`, `kind`, `deliveries` and `findings`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encode(Self.schemaVersion, forKey: "schema_version")
        try container.encode(kind, forKey: "kind")
        try container.encode(deliveries, forKey: "deliveries")
        try container.encode(findings, forKey: "findings")
    }
}

extension PushInspection.Delivery: Encodable {
    /// Encodes `platform`, `headers` (sorted by name), `system_text` and `notification`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encode(platform, forKey: "platform")
        var headerContainer = container.nestedContainer(keyedBy: PushNameKey.self, forKey: "headers")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            try headerContainer.encode(value, forKey: PushNameKey(stringValue: name))
        }
        try container.encode(systemText, forKey: "system_text")
        try container.encode(notification, forKey: "notification")
    }
}
