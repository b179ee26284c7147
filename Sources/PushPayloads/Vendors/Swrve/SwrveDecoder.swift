/// Swrve pushes, recognised as the SDKs do (`SwrveHelper.isSwrvePush`, `SwrvePush.m`): top-level `_sp`
/// or `_p` is a non-empty string or a number.
///
/// Silent means a valid `_sp`, which wins over `_p` on both platforms. An authenticated push (`_p` with
/// `_aui`) arrives without an alert but is shown by the SDK from `_sw.media`, so it counts as visible.
public struct SwrveDecoder: PushPayloadDecoder {
    /// Creates the decoder.
    public init() {}

    /// ``PushVendor/swrve``.
    public var vendor: PushVendor { .swrve }

    /// Whether `_sp` or `_p` is a usable push id.
    public func recognizes(_ payload: PushPayload) -> Bool {
        Self.isPushID(payload["_sp"]) || Self.isPushID(payload["_p"])
    }

    /// Whether `_sp` is a usable push id.
    public func isSilent(_ payload: PushPayload) -> Bool { Self.isPushID(payload["_sp"]) }

    /// A non-empty string or any number (`pushIdFromNotificationContent`).
    static func isPushID(_ value: JSONValue?) -> Bool {
        guard let value else { return false }
        switch value.kind {
        case .string: return !value.isEmptyString
        case .number: return true
        default: return false
        }
    }

    static func pushID(_ value: JSONValue?) -> String? {
        guard isPushID(value), let value else { return nil }
        return value.stringValue ?? value.numberValue?.text
    }

    /// Fills in ids, rich media, buttons, the campaign, deep link and silent payload.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification) {
        decode(payload, into: &notification, detail: .full)
    }

    /// Fills in ids, rich media text, the campaign and deep link; with ``PushDecodingDetail/full`` also
    /// images, buttons, the silent payload and the other extras.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification, detail: PushDecodingDetail) {
        var extras = SwrveExtras()
        extras.pushID = Self.pushID(payload["_p"])
        extras.silentPushID = Self.pushID(payload["_sp"])
        if detail == .full {
            extras.authenticatedUserID = payload["_aui"]?.stringValue
            extras.trackingData = payload["_td"]?.stringValue
            extras.platform = payload["_smp"]?.stringValue
            extras.campaignType = payload["campaign_type"]?.stringValue ?? "push"
            extras.silentPayload = payload.nestedJSON("_s.SilentPayload")
            // iOS parses `_siw` as an integer and falls back to 720 minutes for anything unexpected.
            if let window = payload["_siw"] {
                extras.influenceWindowMinutes =
                    window.numberValue?.intValue ?? window.stringValue.flatMap { Int($0) } ?? 720
            }
        }
        // iOS falls back to the deprecated `_d` when `_sd` is not a string.
        extras.deepLink = payload["_sd"]?.stringValue ?? payload["_d"]?.stringValue
        if extras.silentPushID == nil, let body = payload["text"]?.stringValue, notification.body == nil {
            notification.body = body
        }
        if detail == .full, let sound = payload["sound"]?.stringValue, notification.sound == nil {
            notification.sound = sound
        }

        if let rich = payload.nestedJSON("_sw")?.objectValue {
            let version = rich["version"].flatMap { $0.numberValue?.intValue ?? $0.stringValue.flatMap { Int($0) } }
            extras.richVersion = version
            // Content of a version the SDK doesn't know is left alone (`isValidNotificationContent`).
            if version ?? 1 <= 1 {
                decodeRich(rich, into: &notification, extras: &extras, detail: detail)
            }
        }

        var action = PushAction.openApp
        if let campaign = extras.campaignID {
            action = .openCampaign(campaign, deepLink: extras.deepLink)
        } else if let deepLink = extras.deepLink {
            action = .deepLink(deepLink, fallbackURL: nil)
        }
        if let fallback = extras.mediaFallbackDeepLink { action.fallbackURL = fallback }
        notification.defaultAction = action
        notification.messageID = extras.silentPushID ?? extras.pushID
        if detail == .full { notification.swrve = extras }
    }

    private func decodeRich(
        _ rich: JSONObject,
        into notification: inout PushNotification,
        extras: inout SwrveExtras,
        detail: PushDecodingDetail
    ) {
        if let media = rich["media"]?.objectValue {
            if let title = media["title"]?.stringValue { notification.title = title }
            if let subtitle = media["subtitle"]?.stringValue { notification.subtitle = subtitle }
            if let body = media["body"]?.stringValue { notification.body = body }
            if detail == .full, let url = media["url"]?.stringValue {
                notification.images.append(PushImage(url: url, fallbackURL: media["fallback_url"]?.stringValue))
            }
            extras.mediaFallbackDeepLink = media["fallback_sd"]?.stringValue
        }
        if let campaign = rich["campaign"]?["id"] {
            extras.campaignID = campaign.stringValue ?? campaign.numberValue?.text
        }
        if detail == .full, let buttons = rich["buttons"]?.arrayValue {
            for (index, button) in buttons.enumerated() {
                let action: PushAction
                let target = button["action"].flatMap { $0.stringValue ?? $0.numberValue?.text }
                switch button["action_type"]?.stringValue {
                case "open_url": action = target.map(PushAction.openURL) ?? .openApp
                case "open_campaign": action = target.map { PushAction.openCampaign($0) } ?? .openApp
                case "dismiss": action = .dismiss
                default: action = .openApp
                }
                let options = button["button_type"]?.arrayValue?.compactMap(\.stringValue) ?? []
                notification.buttons.append(
                    PushButton(
                        title: button["title"]?.stringValue ?? "",
                        actionIdentifier: String(index),
                        action: action,
                        options: options
                    )
                )
            }
        }
    }
}
