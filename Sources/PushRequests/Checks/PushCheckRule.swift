public import PushPayloads

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
    /// Whether a finding of the rule holds whatever device receives the request, or only for the devices
    /// of the finding's platform.
    public let scope: Scope

    /// Creates a rule; `scope` is ``Scope/request`` unless its findings hold only on their platform's devices.
    public init(id: String, severity: PushSeverity, summary: String, source: String, scope: Scope = .request) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.source = source
        self.scope = scope
    }

    /// A rule of the checks' tables whose findings hold whatever device receives the request (``Scope/request``).
    static func request(_ id: String, _ severity: PushSeverity, _ summary: String, source: String) -> PushCheckRule {
        PushCheckRule(id: id, severity: severity, summary: summary, source: source)
    }

    /// A rule of the checks' tables whose findings hold only on their platform's devices (``Scope/device``).
    static func device(_ id: String, _ severity: PushSeverity, _ summary: String, source: String) -> PushCheckRule {
        PushCheckRule(id: id, severity: severity, summary: summary, source: source, scope: .device)
    }

    /// What a finding of a rule depends on. A closed set: a finding either holds for the request as
    /// sent, or only where it is delivered.
    public enum Scope: String, Hashable, Sendable, CaseIterable {
        /// The finding holds whatever device receives the request: APNs or FCM refuses or reads the
        /// request itself this way (an unknown FCM field, a data value that is not a string).
        case request
        /// The finding holds only if a device of its platform receives the request: what that
        /// platform's payload or headers do there (an APNs rule on the iOS payload an FCM body builds, a
        /// vendor's SDK rule). Certain when the request targets the platform for sure (``PushFinding/isCertain``).
        case device
    }

    /// The rule's ``id``.
    public var description: String { id }

    /// Every rule the checks apply with the standard decoders: APNs, FCM (v1 and legacy), each standard vendor's SDK
    /// (``PushVendorChecking/checkRules``), then the rules about vendors at large.
    public static var all: [PushCheckRule] { rules(for: .standard) }

    /// Every rule the checks apply with the decoders of `registry`: ``all`` with a custom decoder's own rules.
    public static func rules(for registry: PushDecoderRegistry) -> [PushCheckRule] {
        let vendorRules = registry.decoders.flatMap { ($0 as? any PushVendorChecking)?.checkRules ?? [] }
        return APNsChecks.rules + FCMChecks.rules + vendorRules + VendorChecks.rules
    }
}
