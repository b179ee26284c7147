public import PushPayloads

/// Exponea's SDK rules (`docs/vendor-rules.md` cites the sources): a `source` meant as its marker that it will not
/// claim, its `silent` flag as each platform reads it, pushes its Android SDK does not show, `actions` its iOS SDK
/// cannot read, and its `silent` flag on another vendor's push.
extension ExponeaDecoder: PushVendorChecking {
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

    /// `vendor.exponea.source`, `.silent-flag`, `.not-shown` and `.actions`.
    public var checkRules: [PushCheckRule] {
        [Self.exponeaSource, Self.exponeaSilentFlag, Self.exponeaNotShown, Self.exponeaActions]
    }

    /// A `source` meant as `xnpe_platform` but spelt otherwise, which neither SDK claims.
    public func checkPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport) {
        if let source = delivery.payload["source"], !source.isString("xnpe_platform"), Self.isSourceNearMiss(source) {
            report(Self.exponeaSource, "source") {
                "`source` is \(source.jsonString), not exactly the string \"xnpe_platform\": Exponea's SDK will not claim the push"
            }
        }
    }

    /// `silent` as each platform's SDK reads it, a push the Android SDK does not show, and `actions` the iOS SDK
    /// cannot read.
    public func checkOwnPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport) {
        Self.checkExponea(delivery.payload, report)
    }

    /// Exponea's `silent` flag asking for silence on another vendor's push, whose SDK does not read it.
    public func checkOthersPayload(
        _ delivery: PushDelivery,
        _ notification: PushNotification,
        report: PushFindingReport
    ) {
        guard let owner = notification.vendor, let silent = delivery.payload["silent"], Self.asksForSilence(silent)
        else { return }
        report(.silentFlagIgnored, "silent") {
            "`silent` is \(silent.jsonString), Exponea's flag, which \(owner.name)'s SDK does not read: by its own rule the push is \(notification.classification.isSilent ? "silent" : "shown")"
        }
    }

    /// Whether `source` looks meant as Exponea's marker: "xnpe_platform" in another case or spelling
    /// (`XNPE_PLATFORM`, `xnpe-platform`, `xnpe platform `), or a non-string holding it.
    static func isSourceNearMiss(_ source: JSONValue) -> Bool {
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

    private static func checkExponea(_ payload: PushPayload, _ report: PushFindingReport) {
        if let silent = payload["silent"] {
            switch payload.shape {
            case .apns:
                if silent.isString("true") || silent.isString("1") {
                    report(Self.exponeaSilentFlag, "silent") {
                        "`silent` is the string \(silent.jsonString): Exponea's iOS SDK reads only the number 1 (or true), so this push is not silent on iOS"
                    }
                }
            case .fcm:
                let text = silent.stringValue ?? ""
                let meantSilent = ["true", "1", "yes"].contains(String(text.lowercased().filter { !$0.isWhitespace }))
                if text != "true" && meantSilent {
                    report(Self.exponeaSilentFlag, "silent") {
                        "`silent` is \(silent.jsonString): Exponea's Android SDK treats only exactly \"true\" as silent, so this push is shown"
                    }
                }
            }
        }
        if payload.shape == .fcm, let reason = Self.androidSuppression(payload),
            reason == .blank || reason == .unparseable
        {
            report(Self.exponeaNotShown, nil) {
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
                report(Self.exponeaActions, "actions") {
                    "`actions` is not an array of objects of strings: Exponea's iOS SDK handles no button tap"
                }
            }
        }
    }
}
