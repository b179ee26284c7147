public import PushPayloads

/// Checks a send request (or a device payload) before it is sent: what APNs or FCM will reject, what
/// they will accept but ignore or overwrite, and what the vendors' SDKs will not claim or will read
/// differently on iOS and Android. Each answer is a ``PushFinding`` with a stable rule id.
///
/// ```swift
/// let request = try PushSendRequest(jsonBytes: body)
/// let findings = PushChecker().check(request)
/// if findings.contains(where: { $0.severity == .error }) { reject(findings) }
/// ```
///
/// The rules (``PushCheckRule/all``; `docs/checks.md` cites each one's source): APNs' (`apns.*`) on the iOS
/// payload of any input and on an APNs request's or FCM v1 body's headers; FCM's (`fcm.*`) on v1 and legacy
/// bodies; the vendors' SDKs' (`vendor.*`, `platform.*`) on each platform's payload.
public struct PushChecker: Sendable {
    /// The decoders whose SDKs' rules the vendor checks apply.
    public var registry: PushDecoderRegistry
    /// The platforms whose devices receive the requests, for a server that knows its tokens' platform;
    /// empty (the default) when not known.
    ///
    /// An FCM body to a token, topic or condition does not say which devices get it: a finding that holds only on one
    /// platform's devices (``PushCheckRule/Scope/device``) is then certain only when the body has that platform's block
    /// (`apns`, `android`, `webpush`), and otherwise at most a warning that says so. Given platforms make every such
    /// finding for them certain, and leave out those for other platforms. An APNs request and a device payload are for
    /// one platform already: this does not change their findings.
    public var platforms: Set<PushPlatform>

    /// A checker applying the transports' rules and the vendor rules of `registry`'s decoders, for devices of
    /// `platforms` (empty: not known).
    public init(registry: PushDecoderRegistry = .standard, platforms: Set<PushPlatform> = []) {
        self.registry = registry
        self.platforms = platforms
    }

    /// Every finding for `request`, errors first, then in the order the checks ran.
    public func check(_ request: PushSendRequest) -> [PushFinding] {
        check(PushCheckContext(request: request, registry: registry, platforms: platforms))
    }

    /// Every finding in `context`, whose deliveries (and perhaps notifications) the caller has built.
    func check(_ context: consuming PushCheckContext) -> [PushFinding] {
        APNsChecks.check(&context)
        FCMChecks.check(&context)
        VendorChecks.check(&context)
        // A stable sort: errors first, each severity in the order the checks found them. Findings mostly
        // come in that order already (or are none), and are then returned as they are.
        let findings = context.finishedFindings()
        if zip(findings, findings.dropFirst()).allSatisfy({ $0.severity >= $1.severity }) { return findings }
        return findings.enumerated()
            .sorted { ($1.element.severity, $0.offset) < ($0.element.severity, $1.offset) }
            .map(\.element)
    }
}
