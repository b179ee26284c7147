public import PushPayloads

/// A capability a decoder adopts beside `PushPayloadDecoder` when its vendor's SDK has rules no transport checks: a
/// marker that is there but that the SDK will not claim, a field the SDK reads in its own way. ``PushChecker`` runs them
/// on each platform's payload (``PushDelivery``) for every decoder of its registry that adopts this, in the registry's
/// order; a decoder that does not adopt it adds no rules, and every method's default finds nothing.
///
/// Each check reports through `report`: a rule of ``checkRules``, the top-level key of the payload the finding is at
/// (`nil` for the payload as a whole; the checker turns it into the path in the request), and the message, made only
/// when the finding is kept.
///
/// ```swift
/// extension AcmeDecoder: PushVendorChecking {
///     static let deliveryID = PushCheckRule(
///         id: "vendor.acme.delivery-id", severity: .error, summary: "Acme's `acme_id` is a string.",
///         source: "Acme SDK AcmePush.isAcmePush", scope: .device)
///     var checkRules: [PushCheckRule] { [Self.deliveryID] }
///     func checkPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport) {
///         if let id = delivery.payload["acme_id"], id.kind != .string {
///             report(Self.deliveryID, "acme_id") { "`acme_id` is not a string: Acme's SDK ignores the push" }
///         }
///     }
/// }
/// ```
public protocol PushVendorChecking: PushPayloadDecoder {
    /// The rules this decoder's checks report, listed in ``PushCheckRule/all`` for the standard vendors.
    var checkRules: [PushCheckRule] { get }

    /// Checks a payload whoever owns it (another vendor, or nobody): markers of this vendor that its SDK will not claim.
    func checkPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport)

    /// Checks a payload this vendor owns (`notification.vendor` is this decoder's vendor), after the checks every
    /// payload gets.
    func checkOwnPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport)

    /// Checks a payload another vendor owns, last: flags of this vendor's that the owner's SDK does not read.
    func checkOthersPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport)
}

/// Reports a finding of a vendor's check: the rule, the payload's top-level key it is at (`nil`: the whole payload),
/// and its message, made only when the finding is kept.
public typealias PushFindingReport = (_ rule: PushCheckRule, _ key: String?, _ message: () -> String) -> Void

extension PushVendorChecking {
    /// Finds nothing.
    public func checkPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport) {}

    /// Finds nothing.
    public func checkOwnPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport) {
    }

    /// Finds nothing.
    public func checkOthersPayload(
        _ delivery: PushDelivery,
        _ notification: PushNotification,
        report: PushFindingReport
    ) {}
}

extension PushCheckRule {
    /// A flag that asks another vendor's SDK for silence on a push whose owner's SDK decides by its own rule: for a
    /// vendor's ``PushVendorChecking/checkOthersPayload(_:_:report:)`` that finds its own silence flag on another
    /// vendor's push.
    public static let silentFlagIgnored = PushCheckRule.device(
        "vendor.silent-flag-ignored",
        .warning,
        "A flag that asks another vendor's SDK for silence (`silent` 1 or \"true\", a usable `_sp`) on a push whose owner's SDK decides by its own rule.",
        source: "docs/vendor-rules.md (`silent` is Exponea's only)"
    )
}
