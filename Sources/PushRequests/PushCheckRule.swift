/// A rule the checks apply: a stable id, its severity, what it checks and where the rule comes from.
///
/// Ids are `<area>.<subject>[.<detail>]` in kebab case, such as `apns.size` or `fcm.data.reserved-key`, and
/// never change meaning; ``all`` lists every rule (`docs/checks.md` has the table).
public struct PushCheckRule: Hashable, Sendable, CustomStringConvertible {
    /// The stable id, such as `apns.size`.
    public let id: String
    /// How much a finding of this rule matters.
    public let severity: PushSeverity
    /// What the rule checks, in one sentence.
    public let summary: String
    /// Where the rule comes from: the documentation or source that states it.
    public let source: String

    /// Creates a rule.
    public init(id: String, severity: PushSeverity, summary: String, source: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.source = source
    }

    /// The rule's ``id``.
    public var description: String { id }

    /// Every rule the checks apply: APNs, FCM (v1 and legacy), then the vendors' SDKs.
    public static var all: [PushCheckRule] { APNsChecks.rules + FCMChecks.rules + VendorChecks.rules }
}
