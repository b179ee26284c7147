public import PushPayloads

/// Swrve's SDK rules (`docs/vendor-rules.md` cites the sources): push ids it reads as none or as the same for every
/// push, rich content of a version it does not render, and its silent push id on another vendor's push.
extension SwrveDecoder: PushVendorChecking {
    static let swrvePushID = PushCheckRule.device(
        "vendor.swrve.push-id",
        .error,
        "Swrve's `_p` and `_sp` are a non-empty string (or, on iOS, a number); empty, null or a container and the SDK ignores the push (or, for `_sp` beside a usable `_p`, its silence).",
        source: "Swrve iOS SwrvePush.pushIdFromNotificationContent; Android SwrveHelper.isSwrvePush"
    )
    static let swrvePushIDBoolean = PushCheckRule.device(
        "vendor.swrve.push-id-boolean",
        .warning,
        "A Boolean `_p` or `_sp` is claimed by Swrve's iOS SDK with the id \"1\" or \"0\" (`NSNumber.stringValue`), the same for every push; send the campaign's id.",
        source: "Swrve iOS SwrvePush.pushIdFromNotificationContent (NSNumber stringValue)"
    )
    static let swrveRichVersion = PushCheckRule.device(
        "vendor.swrve.rich-version",
        .warning,
        "Swrve renders `_sw` only up to version 1; a later version is ignored (plain text on Android).",
        source: "Swrve iOS SwrvePush.isValidNotificationContent; Android SwrveNotificationBuilder"
    )

    /// `vendor.swrve.push-id`, `.push-id-boolean` and `.rich-version`.
    public var checkRules: [PushCheckRule] { [Self.swrvePushID, Self.swrvePushIDBoolean, Self.swrveRichVersion] }

    /// `_p` and `_sp` that the SDK reads as no push id, or as the same id for every push.
    public func checkPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport) {
        let payload = delivery.payload
        let silentPushID = Self.pushID(payload["_sp"])
        for key in ["_p", "_sp"] {
            guard let id = payload[key] else { continue }
            if Self.pushID(id) == nil {
                // A usable `_sp` makes it a Swrve silent push, for which `_p` does not matter.
                if key == "_p" && silentPushID != nil { continue }
                report(Self.swrvePushID, key) {
                    key == "_sp" && notification.vendor == vendor
                        ? "`_sp` is \(id.jsonString), which Swrve's SDK reads as no push id: the push is shown by its `_p`, not silent"
                        : "`\(key)` is \(id.jsonString), which Swrve's SDK reads as no push id, so it ignores the push"
                }
            } else if id.kind == .bool, key == "_sp" || silentPushID == nil {
                let read = id.boolValue == true ? "1" : "0"
                report(Self.swrvePushIDBoolean, key) {
                    "`\(key)` is \(id.jsonString): Swrve's iOS SDK claims the push with the id \"\(read)\"\(read == "0" ? " (the id of QA pushes)" : ""), the same for every such push; send the campaign's id as a string"
                }
            }
        }
    }

    /// Rich content (`_sw`) of a version past 1, which the SDK does not render.
    public func checkOwnPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport) {
        // The version as the SDK reads it (Objective-C's `intValue`: "2" is 2, "1.5" is 1).
        if let version = notification.swrve?.richVersion, version > 1 {
            report(Self.swrveRichVersion, "_sw") {
                "`_sw.version` is \(version): Swrve renders only version 1, so the rich content is ignored"
            }
        }
    }

    /// A usable `_sp`, Swrve's silent push id, on another vendor's push, whose SDK ignores it.
    public func checkOthersPayload(
        _ delivery: PushDelivery,
        _ notification: PushNotification,
        report: PushFindingReport
    ) {
        guard let owner = notification.vendor, let sp = delivery.payload["_sp"], Self.pushID(sp) != nil else { return }
        report(.silentFlagIgnored, "_sp") {
            "`_sp` marks a Swrve silent push, but the push is \(owner.name)'s, whose SDK ignores it"
        }
    }
}
