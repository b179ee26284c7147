import PushPayloads

/// The vendors' SDKs' rules, which no transport checks: a marker that is there but that the vendor's SDK
/// will not claim, two vendors' markers at once, a silent flag the vendor does not read, and a request
/// whose iOS and Android deliveries the vendor's SDKs treat differently. Derived from
/// the SDK sources `docs/vendor-rules.md` cites.
enum VendorChecks {
    static let cordialMcID = PushCheckRule.device(
        "vendor.cordial.mcid",
        .error,
        "Cordial's `mcID` is a string; any other type and Cordial's SDK does not claim the push.",
        source: "Cordial iOS CordialPushNotificationHandler.isCordialMessage → getMcID (`as? String`)"
    )
    static let cordialExtensionLayout = PushCheckRule.device(
        "vendor.cordial.extension-layout",
        .warning,
        "`system.messageAttribution.mcID` alone is read by Cordial's app extensions only; the SDK's `isCordialMessage` needs a top-level `mcID`.",
        source: "Cordial iOS PushNotificationParserMessageAttribution; CordialAppExtensions PushNotificationParser"
    )
    static let exponeaSource = PushCheckRule.device(
        "vendor.exponea.source",
        .error,
        "Exponea's `source` is exactly the string \"xnpe_platform\"; another spelling or case and neither SDK claims the push.",
        source: "Exponea iOS Exponea.isExponeaNotification; Android Exponea.isExponeaPushNotification"
    )
    static let exponeaSilentFlag = PushCheckRule.device(
        "vendor.exponea.silent-flag",
        .warning,
        "Exponea's `silent` is read as `as? Int == 1` on iOS and `== \"true\"` on Android: a value meant as silent that the platform's SDK reads as visible, or the reverse.",
        source: "Exponea iOS PushNotificationParser.parsePushOpened; Android MessagingUtils.isSilentPush"
    )
    static let exponeaNotShown = PushCheckRule.device(
        "vendor.exponea.not-shown",
        .warning,
        "Exponea's Android SDK shows nothing when `title` and `message` are both blank, or when a field it parses is malformed.",
        source: "Exponea Android FcmManagerImpl.handleRemoteMessage, NotificationPayload"
    )
    static let exponeaActions = PushCheckRule.device(
        "vendor.exponea.actions",
        .warning,
        "Exponea's iOS SDK casts `actions` to `[[String: String]]`: one non-string value and no button's tap is handled.",
        source: "Exponea iOS PushNotificationParser.parsePushOpened"
    )
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
    static let atomicEnvelope = PushCheckRule.device(
        "vendor.atomic.envelope",
        .error,
        "An `atomic` object (in FCM data, a JSON string holding one) with Atomic's `source` or ids has `source` \"io.atomic\", a string `cardInstanceId` and a string or number `streamContainerId`, or `notificationFromPushPayload` returns nil.",
        source: "Atomic Web SDK 1.5.0 notificationFromPushPayload"
    )
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
    static let silentFlagIgnored = PushCheckRule.device(
        "vendor.silent-flag-ignored",
        .warning,
        "A flag that asks another vendor's SDK for silence (`silent` 1 or \"true\", a usable `_sp`) on a push whose owner's SDK decides by its own rule.",
        source: "docs/vendor-rules.md (`silent` is Exponea's only)"
    )
    static let platformDivergence = PushCheckRule.device(
        "platform.divergence",
        .warning,
        "One send request that the vendors' iOS and Android SDKs treat differently: another owner, silent on one and visible on the other, or other buttons.",
        source: "docs/vendor-rules.md (each platform's rule)"
    )

    static let rules = [
        cordialMcID, cordialExtensionLayout, exponeaSource, exponeaSilentFlag, exponeaNotShown, exponeaActions,
        swrvePushID, swrvePushIDBoolean, swrveRichVersion, atomicEnvelope, embeddedJSON, ambiguous, silentFlagIgnored,
        platformDivergence,
    ]

    /// The vendors' values that FCM data carries as JSON strings.
    static let embeddedKeys = [
        "_sw", "_s.SilentPayload", "actions", "attributes", "url_params", "atomic", "deepLink", "system", "carousel",
    ]

    static func check(_ context: inout PushCheckContext) {
        // The first iOS and Android notifications, kept for the comparison; the others are checked and let go.
        var ios: PushNotification?
        var android: PushNotification?
        for index in context.deliveries.indices
        where context.audience.possible.contains(context.deliveries[index].platform) {
            let notification = context.notification(at: index)
            checkDelivery(context.deliveries[index], notification, &context)
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
        _ context: inout PushCheckContext
    ) {
        let classification = notification.classification
        let payload = delivery.payload
        let platform = delivery.platform
        let request = context.request
        // Every finding here is the platform's, at a key of its payload (`nil`: the payload, `$`).
        func report(_ rule: PushCheckRule, at key: String?, _ message: () -> String) {
            let path = key.map { Self.path(of: $0, on: platform, in: request) } ?? "$"
            context.report(rule, platform: platform, path: path, message)
        }

        // Markers that are there but that their SDK won't claim.
        if let mcID = payload["mcID"], mcID.kind != .string {
            report(cordialMcID, at: "mcID") { "`mcID` is \(mcID.kindPhrase); Cordial's SDK claims only a string" }
        }
        if classification.marker == .cordialMessageAttribution {
            report(cordialExtensionLayout, at: "system") {
                "only `system.messageAttribution.mcID`: Cordial's app extensions read it, but `isCordialMessage` needs a top-level `mcID`"
            }
        }
        if let source = payload["source"], !source.isString("xnpe_platform"), Self.isExponeaSourceNearMiss(source) {
            report(exponeaSource, at: "source") {
                "`source` is \(source.jsonString), not exactly the string \"xnpe_platform\": Exponea's SDK will not claim the push"
            }
        }
        let silentPushID = SwrveDecoder.pushID(payload["_sp"])
        for key in ["_p", "_sp"] {
            guard let id = payload[key] else { continue }
            if SwrveDecoder.pushID(id) == nil {
                // A usable `_sp` makes it a Swrve silent push, for which `_p` does not matter.
                if key == "_p" && silentPushID != nil { continue }
                report(swrvePushID, at: key) {
                    key == "_sp" && classification.vendor == .swrve
                        ? "`_sp` is \(id.jsonString), which Swrve's SDK reads as no push id: the push is shown by its `_p`, not silent"
                        : "`\(key)` is \(id.jsonString), which Swrve's SDK reads as no push id, so it ignores the push"
                }
            } else if id.kind == .bool, key == "_sp" || silentPushID == nil {
                let read = id.boolValue == true ? "1" : "0"
                report(swrvePushIDBoolean, at: key) {
                    "`\(key)` is \(id.jsonString): Swrve's iOS SDK claims the push with the id \"\(read)\"\(read == "0" ? " (the id of QA pushes)" : ""), the same for every such push; send the campaign's id as a string"
                }
            }
        }
        if let atomic = payload["atomic"], classification.vendor != .atomic,
            !classification.alsoMatching.contains(.atomic), let problem = Self.atomicProblem(atomic, in: payload)
        {
            report(atomicEnvelope, at: "atomic") { problem }
        }

        // Nested values in FCM data that do not parse.
        if payload.shape == .fcm, classification.vendor != nil {
            for key in embeddedKeys {
                guard let value = payload[key], let text = value.stringValue, !text.isEmpty else { continue }
                if payload.embeddedJSON(value) == nil {
                    report(embeddedJSON, at: key) {
                        "`\(key)` is not a JSON object or array in a string, so the SDK skips it"
                    }
                }
            }
        }

        if !classification.alsoMatching.isEmpty, let owner = classification.vendor {
            report(ambiguous, at: nil) {
                "the markers of \(([owner] + classification.alsoMatching).map(\.name).joined(separator: ", ")) are all there: each SDK acts on the push; \(owner.name) wins the router's precedence"
            }
        }

        guard let vendor = classification.vendor else { return }
        switch vendor {
        case .exponea: checkExponea(payload, report)
        case .swrve:
            // The version as the SDK reads it (Objective-C's `intValue`: "2" is 2, "1.5" is 1).
            if let version = notification.swrve?.richVersion, version > 1 {
                report(swrveRichVersion, at: "_sw") {
                    "`_sw.version` is \(version): Swrve renders only version 1, so the rich content is ignored"
                }
            }
        default: break
        }
        if vendor != .exponea, let silent = payload["silent"], Self.asksForSilence(silent) {
            report(silentFlagIgnored, at: "silent") {
                "`silent` is \(silent.jsonString), Exponea's flag, which \(vendor.name)'s SDK does not read: by its own rule the push is \(classification.isSilent ? "silent" : "shown")"
            }
        }
        if vendor != .swrve, let sp = payload["_sp"], SwrveDecoder.pushID(sp) != nil {
            report(silentFlagIgnored, at: "_sp") {
                "`_sp` marks a Swrve silent push, but the push is \(vendor.name)'s, whose SDK ignores it"
            }
        }
    }

    /// Whether `source` looks meant as Exponea's marker: "xnpe_platform" in another case or spelling
    /// (`XNPE_PLATFORM`, `xnpe-platform`, `xnpe platform `), or a non-string holding it.
    static func isExponeaSourceNearMiss(_ source: JSONValue) -> Bool {
        let text = (source.stringValue ?? source.jsonString).lowercased()
        if source.kind != .string { return text.contains("xnpe_platform") }
        let lettersAndDigits = text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        return String(lettersAndDigits) == "xnpeplatform"
    }

    /// Whether a `silent` value asks for a silent push (`1`, `true`, `"true"`, `"1"`).
    static func asksForSilence(_ value: JSONValue) -> Bool {
        switch value.kind {
        case .bool: return value.boolValue == true
        case .number: return value.numberValue?.doubleValue == 1
        case .string:
            let text = String((value.stringValue ?? "").lowercased().filter { !$0.isWhitespace })
            return text == "true" || text == "1"
        default: return false
        }
    }

    /// Why Atomic's SDK finds no card in an `atomic` value that is meant as its envelope, or `nil` when it
    /// does not look meant as one. FCM data carries the envelope as a JSON string; iOS reads only an object.
    static func atomicProblem(_ atomic: JSONValue, in payload: PushPayload) -> String? {
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
            guard array.contains(where: isAtomicEnvelopeLike) else { return nil }
            return "`atomic` is an array; Atomic's SDK reads only an object, so it finds no card"
        }
        guard let object = envelope.objectValue, isAtomicEnvelopeLike(envelope) else { return nil }
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
    static func isAtomicEnvelopeLike(_ value: JSONValue) -> Bool {
        guard let object = value.objectValue else { return false }
        return object["source"]?.isString("io.atomic") == true || object["cardInstanceId"] != nil
            || object["streamContainerId"] != nil
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

    private static func checkExponea(_ payload: PushPayload, _ report: (PushCheckRule, String?, () -> String) -> Void) {
        if let silent = payload["silent"] {
            switch payload.shape {
            case .apns:
                if silent.isString("true") || silent.isString("1") {
                    report(exponeaSilentFlag, "silent") {
                        "`silent` is the string \(silent.jsonString): Exponea's iOS SDK reads only the number 1 (or true), so this push is not silent on iOS"
                    }
                }
            case .fcm:
                let text = silent.stringValue ?? ""
                let meantSilent = ["true", "1", "yes"].contains(String(text.lowercased().filter { !$0.isWhitespace }))
                if text != "true" && meantSilent {
                    report(exponeaSilentFlag, "silent") {
                        "`silent` is \(silent.jsonString): Exponea's Android SDK treats only exactly \"true\" as silent, so this push is shown"
                    }
                }
            }
        }
        if payload.shape == .fcm, let reason = ExponeaDecoder.androidSuppression(payload),
            reason == .blank || reason == .unparseable
        {
            report(exponeaNotShown, nil) {
                reason == .blank
                    ? "`title` and `message` are both blank: Exponea's Android SDK shows nothing"
                    : "a field Exponea's Android SDK parses (notification_id, actions, attributes, data or url_params) is malformed, so it drops the push"
            }
        }
        if payload.shape == .apns, let actions = payload["actions"] {
            let flat =
                actions.arrayValue.map { array in
                    array.allSatisfy { $0.objectValue?.values.allSatisfy { $0.kind == .string } ?? false }
                } ?? false
            if !flat {
                report(exponeaActions, "actions") {
                    "`actions` is not an array of objects of strings: Exponea's iOS SDK handles no button tap"
                }
            }
        }
    }
}
