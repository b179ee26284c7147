import PushPayloads

/// The vendors' SDKs' rules, which no transport checks: each vendor's own, which its decoder brings
/// (``PushVendorChecking``), and those about vendors at large: two vendors' markers at once, nested JSON an SDK
/// skips, and a request whose iOS and Android deliveries the vendors' SDKs treat differently. Derived from the SDK
/// sources `docs/vendor-rules.md` cites.
enum VendorChecks {
    static let embeddedJSON = PushCheckRule.device(
        "vendor.embedded-json",
        .warning,
        "In FCM data, a vendor's nested value (`_sw`, `_s.SilentPayload`, `actions`, `attributes`, `atomic`, …) is a JSON string that parses; otherwise the SDK skips it.",
        source: "exponea-android-sdk NotificationPayload.kt; swrve-android-sdk SwrveHelper.java"
    )
    static let ambiguous = PushCheckRule.device(
        "vendor.ambiguous",
        .warning,
        "The payload carries more than one vendor's marker, so more than one SDK will act on it.",
        source: "docs/vendor-rules.md (precedence)"
    )
    static let platformDivergence = PushCheckRule.device(
        "platform.divergence",
        .warning,
        "One send request that the vendors' iOS and Android SDKs treat differently: another owner, silent on one and visible on the other, or other buttons.",
        source: "docs/vendor-rules.md (each platform's rule)"
    )

    /// The rules about vendors at large; each vendor's own are its decoder's (``PushVendorChecking/checkRules``).
    static let rules = [embeddedJSON, ambiguous, PushCheckRule.silentFlagIgnored, platformDivergence]

    /// The vendors' values that FCM data carries as JSON strings.
    static let embeddedKeys = [
        "_sw", "_s.SilentPayload", "actions", "attributes", "url_params", "atomic", "deepLink", "system", "carousel",
    ]

    static func check(_ context: inout PushCheckContext) {
        // Asked once a request, in the registry's order, rather than cast for every delivery.
        let checkers = context.registry.decoders.compactMap { $0 as? any PushVendorChecking }
        // The first iOS and Android notifications, kept for the comparison; the others are checked and let go.
        var ios: PushNotification?
        var android: PushNotification?
        for index in context.deliveries.indices
        where context.audience.possible.contains(context.deliveries[index].platform) {
            let notification = context.notification(at: index)
            checkDelivery(context.deliveries[index], notification, checkers, &context)
            switch context.deliveries[index].platform {
            case .ios where ios == nil: ios = notification
            case .android where android == nil: android = notification
            default: break
            }
        }
        guard let ios, let android,
            context.request.kind != .devicePayload,
            // Only a vendor's SDK treats a push one way or the other; without one, the app decides.
            ios.classification.vendor != nil || android.classification.vendor != nil
        else { return }
        var differences: [String] = []
        let iosOwner = ios.classification.vendor?.name ?? "nobody"
        let androidOwner = android.classification.vendor?.name ?? "nobody"
        if iosOwner != androidOwner { differences.append("iOS gives it to \(iosOwner), Android to \(androidOwner)") }
        if ios.classification.isSilent != android.classification.isSilent {
            differences.append(
                ios.classification.isSilent
                    ? "it is silent on iOS and shown on Android" : "it is shown on iOS and silent on Android"
            )
        }
        if ios.buttons.count != android.buttons.count {
            differences.append("iOS has \(ios.buttons.count) button(s), Android \(android.buttons.count)")
        }
        if !differences.isEmpty {
            context.report(platformDivergence, path: "$") { differences.joined(separator: "; ") }
        }
    }

    private static func checkDelivery(
        _ delivery: PushDelivery,
        _ notification: PushNotification,
        _ checkers: [any PushVendorChecking],
        _ context: inout PushCheckContext
    ) {
        let classification = notification.classification
        let payload = delivery.payload
        let platform = delivery.platform
        let request = context.request
        // Every finding here is the platform's, at a key of its payload (`nil`: the payload, `$`).
        func report(_ rule: PushCheckRule, _ key: String?, _ message: () -> String) {
            let path = key.map { Self.path(of: $0, on: platform, in: request) } ?? "$"
            context.report(rule, platform: platform, path: path, message)
        }

        // Markers that are there but that their SDK won't claim.
        for checker in checkers { checker.checkPayload(delivery, notification, report: report) }

        // Nested values in FCM data that do not parse.
        if payload.shape == .fcm, classification.vendor != nil {
            for key in embeddedKeys {
                guard let value = payload[key], let text = value.stringValue, !text.isEmpty else { continue }
                if payload.embeddedJSON(value) == nil {
                    report(embeddedJSON, key) {
                        "`\(key)` is not a JSON object or array in a string, so the SDK skips it"
                    }
                }
            }
        }

        if !classification.alsoMatching.isEmpty, let owner = classification.vendor {
            report(ambiguous, nil) {
                "the markers of \(([owner] + classification.alsoMatching).map(\.name).joined(separator: ", ")) are all there: each SDK acts on the push; \(owner.name) wins the router's precedence"
            }
        }

        guard let vendor = classification.vendor else { return }
        for checker in checkers where checker.vendor == vendor {
            checker.checkOwnPayload(delivery, notification, report: report)
        }
        // Flags of other vendors' SDKs, which the owner's does not read.
        for checker in checkers where checker.vendor != vendor {
            checker.checkOthersPayload(delivery, notification, report: report)
        }
    }

    /// Where a key of a platform's payload sits in the input.
    private static func path(of key: String, on platform: PushPlatform, in request: PushSendRequest) -> String {
        let message = request.document.rootObject["message"]
        let base: String
        switch (request.kind, platform) {
        case (.fcmV1, .ios):
            base = message?["apns"]?["payload"]?[key] != nil ? "$.message.apns.payload" : "$.message.data"
        case (.fcmV1, .android):
            base = message?["android"]?["data"] != nil ? "$.message.android.data" : "$.message.data"
        case (.fcmV1, .web): base = message?["webpush"]?["data"] != nil ? "$.message.webpush.data" : "$.message.data"
        case (.fcmLegacy, _): base = "$.data"
        case (.apnsRequest, _): base = "$.payload"
        default: base = "$"
        }
        return PushCheckContext.path(base, key)
    }

}
