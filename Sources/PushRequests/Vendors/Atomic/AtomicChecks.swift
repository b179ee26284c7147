public import PushPayloads

/// Atomic's SDK rule (`docs/vendor-rules.md` cites the source): an envelope meant as its own in which it finds no card.
extension AtomicDecoder: PushVendorChecking {
    static let atomicEnvelope = PushCheckRule.device(
        "vendor.atomic.envelope",
        .error,
        "An `atomic` object (in FCM data, a JSON string holding one) with Atomic's `source` or ids has `source` \"io.atomic\", a string `cardInstanceId` and a string or number `streamContainerId`, or `notificationFromPushPayload` returns nil.",
        source: "Atomic Web SDK 1.5.0 notificationFromPushPayload"
    )

    /// `vendor.atomic.envelope`.
    public var checkRules: [PushCheckRule] { [Self.atomicEnvelope] }

    /// An `atomic` value meant as Atomic's envelope in which its SDK finds no card, on a push its decoder did not
    /// recognise.
    public func checkPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport) {
        let classification = notification.classification
        if let atomic = delivery.payload["atomic"], classification.vendor != vendor,
            !classification.alsoMatching.contains(vendor), let problem = Self.problem(atomic, in: delivery.payload)
        {
            report(Self.atomicEnvelope, "atomic") { problem }
        }
    }

    /// Why Atomic's SDK finds no card in an `atomic` value that is meant as its envelope, or `nil` when it
    /// does not look meant as one. FCM data carries the envelope as a JSON string; iOS reads only an object.
    static func problem(_ atomic: JSONValue, in payload: PushPayload) -> String? {
        var envelope = atomic
        if atomic.kind == .string {
            guard payload.shape == .fcm else { return nil }
            guard let parsed = payload.embeddedJSON(atomic) else {
                let text = atomic.stringValue ?? ""
                let first = text.first { !$0.isWhitespace }
                guard first == "{" || first == "[" || text.contains("io.atomic") else { return nil }
                return "`atomic` is a string that is not a JSON object, so Atomic's SDK finds no card"
            }
            envelope = parsed
        }
        if let array = envelope.arrayValue {
            guard array.contains(where: isEnvelopeLike) else { return nil }
            return "`atomic` is an array; Atomic's SDK reads only an object, so it finds no card"
        }
        guard let object = envelope.objectValue, isEnvelopeLike(envelope) else { return nil }
        var problems: [String] = []
        if let source = object["source"] {
            if !source.isString("io.atomic") { problems.append("`source` \(source.jsonString), not \"io.atomic\"") }
        } else {
            problems.append("no `source` (\"io.atomic\")")
        }
        if let card = object["cardInstanceId"] {
            if card.kind != .string { problems.append("a `cardInstanceId` that is \(card.kindPhrase), not a string") }
        } else {
            problems.append("no `cardInstanceId`")
        }
        if let container = object["streamContainerId"] {
            if container.kind != .string && container.kind != .number {
                problems.append("a `streamContainerId` that is \(container.kindPhrase), not a string or number")
            }
        } else {
            problems.append("no `streamContainerId`")
        }
        guard !problems.isEmpty else { return nil }
        return "the `atomic` envelope has \(problems.joined(separator: ", ")): Atomic's SDK finds no card"
    }

    /// An object with Atomic's `source` or one of its ids.
    static func isEnvelopeLike(_ value: JSONValue) -> Bool {
        guard let object = value.objectValue else { return false }
        return object["source"]?.isString("io.atomic") == true || object["cardInstanceId"] != nil
            || object["streamContainerId"] != nil
    }
}
