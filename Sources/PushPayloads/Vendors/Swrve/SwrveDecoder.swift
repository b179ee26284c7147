import PushPayloadsJSON

/// Swrve pushes, recognised as the SDKs do (`SwrveHelper.isSwrvePush`, `SwrvePush.m` `pushIdFromNotificationContent`):
/// top-level `_sp` or `_p` is a non-empty string, or, on iOS, a number or Boolean, which iOS reads through
/// `NSNumber.stringValue` (see ``SwrveExtras/pushID``); FCM data holds only strings, so the one rule serves both. Keys
/// are case-sensitive (`{"_P":"1"}` is no Swrve push): iOS reads the dictionary as it is, and Android's
/// `SwrveFirebaseMessagingService` asks `SwrveHelper.isSwrvePush`. Only the opt-in `SwrvePushServiceDefault.handle`
/// (apps with several push providers) goes through `SwrvePushWorkerHelper.checkIsSwrvePush`, which ignores case;
/// `docs/vendor-rules.md` says why that path is not the one followed.
///
/// Silent means a usable `_sp`, which wins over `_p` on both platforms. An authenticated push (`_p` with `_aui`)
/// arrives without an alert but is shown by the SDK from `_sw.media`, so it counts as visible. On Android a push whose
/// `_siw` `Integer.parseInt` refuses is never shown (the SDK throws saving the influence window, before it posts the
/// notification), so it counts as silent on FCM.
///
/// The text shown follows the platform: on iOS the APNs alert, which Swrve's service extension replaces with
/// `_sw.media` only when `mutable-content` is 1 and the push has a media URL to attach; on Android `text`, with
/// `_sw.title` and `_sw.subtitle`, and `_sw.media` when it is an image. Attachments are assumed to download; when one
/// fails, the SDKs keep the other text.
public struct SwrveDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/swrve``.
    public var vendor: PushVendor { .swrve }

    /// The top-level keys its rule reads; a payload without any of them is not asked.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["_sp", "_p"]) }

    /// ``PushMarker/swrveSilentPushID`` when `_sp` is a usable push id, else ``PushMarker/swrvePushID`` when `_p` is.
    public func match(_ payload: PushPayload) -> PushMatch? {
        if Self.isPushID(payload["_sp"]) { return PushMatch(payload, marker: .swrveSilentPushID) }
        return Self.isPushID(payload["_p"]) ? PushMatch(payload, marker: .swrvePushID) : nil
    }

    /// Whether `_sp` is a usable push id; on FCM also whether Android drops the push over its `_siw`.
    public func isSilent(_ match: PushMatch) -> Bool {
        let payload = match.payload
        if Self.isPushID(payload["_sp"]) { return true }
        return payload.shape == .fcm && Self.androidRefusesInfluenceWindow(payload)
    }

    /// Whether Android throws on `_siw` (`SwrveCampaignInfluence.saveInfluencedCampaign`:
    /// `Integer.parseInt(msg.getString("_siw"))`, run before `notify` in `SwrvePushManagerImp
    /// .processNotification` and before the listener in `process` for a silent push), so it shows nothing.
    static func androidRefusesInfluenceWindow(_ payload: PushPayload) -> Bool {
        guard let window = payload["_siw"] else { return false }
        return window.stringValue.flatMap(SDKConversions.javaParseInt) == nil
    }

    /// ``SwrveExtras/influenceWindowMinutes``, `nil` when none is saved. iOS
    /// (`SwrveCampaignInfluence.saveInfluencedData`): absent or `null` saves none; a string or number reads as
    /// Objective-C's `intValue` (`"60"` 60, `"x"` 0, `true` 1, `1.9` 1); any other value keeps the default, 720.
    /// Android (`saveInfluencedCampaign`): `Integer.parseInt` of the string, and nothing is saved (the push is dropped)
    /// when it throws.
    static func influenceWindow(_ payload: PushPayload) -> Int? {
        guard let window = payload["_siw"] else { return nil }
        switch payload.shape {
        case .apns:
            if window.kind == .null { return nil }
            return SDKConversions.objectiveCIntValue(window) ?? 720
        case .fcm:
            return window.stringValue.flatMap(SDKConversions.javaParseInt).map(Int.init)
        }
    }

    /// The push id as the SDKs read it: a string as is, a number or Boolean as iOS's `NSNumber.stringValue` prints it;
    /// `nil` for anything else and for an empty result (whitespace is an id).
    package static func pushID(_ value: JSONValue?) -> String? {
        guard let value, let id = SDKConversions.appleStringValue(value), !id.isEmpty else { return nil }
        return id
    }

    /// Whether `value` is a push id (``pushIDText(_:)`` is not `nil`), told without holding the id: a string that is not
    /// empty, or a number or Boolean whose text is not.
    static func isPushID(_ value: JSONValue?) -> Bool {
        guard let value else { return false }
        if value.kind == .string { return !value.isEmptyString }
        return pushID(value) != nil
    }

    /// ``pushID(_:)`` as held: a string id as a reference into the payload, so recognising a push and summarising it
    /// build no `String` for it.
    static func pushIDText(_ value: JSONValue?) -> PushTextValue? {
        guard let value else { return nil }
        if value.kind == .string { return value.isEmptyString ? nil : .json(value) }
        return pushID(value).map(PushTextValue.string)
    }

    /// What Objective-C's `intValue` gives for `_sw.version`: a number truncated, `true` 1, a string's leading integer
    /// (`"1"` is 1, `"x"` is 0), 0 when absent (messaging `nil` gives 0) or neither.
    static func richVersion(_ value: JSONValue?) -> Int { value.flatMap(SDKConversions.objectiveCIntValue) ?? 0 }

    /// Fills in ids, the text the device shows, the campaign and deep link; with ``PushDecodingDetail/full`` also
    /// images, buttons, the silent payload and the other extras.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        let pushID = Self.pushIDText(payload["_p"])
        let silentPushID = Self.pushIDText(payload["_sp"])
        let authenticatedUserID = payload["_aui"]
        // iOS falls back to the deprecated `_d` when `_sd` is not a string; Android reads `_sd` only.
        let deepLink = payload["_sd"]?.stringValue ?? (payload.shape == .apns ? payload["_d"]?.stringValue : nil)

        let rich = payload.nestedJSON("_sw")?.objectValue
        let version = rich.map { Self.richVersion($0["version"]) }
        // Content of a version the SDK doesn't know is left alone (`isValidNotificationContent`).
        let usableRich = version ?? 0 <= 1 ? rich : nil
        let media = usableRich?["media"]?.objectValue
        // The vendor's text is outside a summary: its three strings are built only for a full decode.
        if let media, detail == .full {
            let text = PushText(
                title: media["title"]?.stringValue,
                subtitle: media["subtitle"]?.stringValue,
                body: media["body"]?.stringValue
            )
            if !text.isEmpty { notification.vendorText = text }
        }
        switch payload.shape {
        case .apns:
            let hasPushID = payload["_p"].map { $0.kind == .string || $0.kind == .number } ?? false
            // Text stays a reference into the payload (or the `_sw` JSON parsed from it).
            if hasPushID && authenticatedUserID?.kind == .string && silentPushID == nil {
                // An authenticated push arrives without an alert; the SDK builds a notification from the media text.
                notification.titleText = PushTextValue(media?["title"])
                notification.subtitleText = PushTextValue(media?["subtitle"])
                notification.bodyText = PushTextValue(media?["body"])
            } else if hasPushID, let media, media["url"] != nil, payload.runsServiceExtension {
                // The service extension replaces each field the media has, once the attachment is in.
                if let title = PushTextValue(media["title"]) { notification.titleText = title }
                if let subtitle = PushTextValue(media["subtitle"]) { notification.subtitleText = subtitle }
                if let body = PushTextValue(media["body"]) { notification.bodyText = body }
            }
        case .fcm:
            // `SwrveNotificationBuilder`: `text` is the body; `_sw.title`/`subtitle` when not empty; an image media's
            // non-empty fields over those.
            notification.titleText = PushTextValue(nonEmpty: usableRich?["title"])
            notification.subtitleText = PushTextValue(nonEmpty: usableRich?["subtitle"])
            notification.bodyText = PushTextValue(payload["text"])
            if let media, media["type"]?.isString("image") == true, media["url"]?.kind == .string {
                // Each field in turn, not a loop over key paths: a key path write costs more than the rest.
                if let text = PushTextValue(nonEmpty: media["title"]) { notification.titleText = text }
                if let text = PushTextValue(nonEmpty: media["subtitle"]) { notification.subtitleText = text }
                if let text = PushTextValue(nonEmpty: media["body"]) { notification.bodyText = text }
            }
        }
        // What the tap does: the rich content's campaign, else the deep link (with the media's fallback).
        let mediaFallbackDeepLink = media?["fallback_sd"]?.stringValue
        let campaignID = usableRich?["campaign"]?["id"].flatMap { $0.stringValue ?? $0.numberValue?.text }

        // Built once, in place: starting from a copy of `PushAction.openApp` and replacing it copied and destroyed
        // an action (four strings) for every payload.
        let kind: PushAction.Kind = campaignID != nil ? .openCampaign : deepLink != nil ? .deepLink : .openApp
        notification.defaultAction = PushAction(
            kind: kind,
            url: deepLink,
            fallbackURL: mediaFallbackDeepLink,
            campaignID: campaignID
        )
        notification.messageIDText = silentPushID ?? pushID
        // The extras are outside a summary: made only for a full decode (building and dropping a dozen optional
        // strings cost a summary, with Cordial's extras, 81 instructions a push line by callgrind).
        guard detail == .full else { return }

        var extras = SwrveExtras()
        extras.pushID = pushID?.string
        extras.silentPushID = silentPushID?.string
        extras.authenticatedUserID = authenticatedUserID?.stringValue
        extras.trackingData = payload["_td"]?.stringValue
        extras.platform = payload["_smp"]?.stringValue
        extras.uniqueMessageID = payload["_sid"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        extras.campaignType = payload["campaign_type"]?.stringValue ?? "push"
        extras.silentPayload = payload.nestedJSON("_s.SilentPayload")
        extras.influenceWindowMinutes = Self.influenceWindow(payload)
        extras.deepLink = deepLink
        extras.richVersion = rich?["version"] != nil ? version : nil
        extras.mediaFallbackDeepLink = mediaFallbackDeepLink
        extras.campaignID = campaignID
        if let sound = payload["sound"]?.stringValue, notification.sound == nil { notification.sound = sound }
        if let usableRich { Self.decodeRich(usableRich, media: media, into: &notification) }
        notification.swrve = extras
    }

    /// The rich content's images and buttons (a full decode's).
    private static func decodeRich(_ rich: JSONObject, media: JSONObject?, into notification: inout PushNotification) {
        if let url = media?["url"]?.stringValue {
            notification.images.append(PushImage(url: url, fallbackURL: media?["fallback_url"]?.stringValue))
        }
        if let buttons = rich["buttons"]?.arrayValue {
            for (index, button) in buttons.enumerated() {
                let action: PushAction
                let target = button["action"].flatMap { $0.stringValue ?? $0.numberValue?.text }
                switch button["action_type"]?.stringValue {
                case "open_url": action = target.map(PushAction.openURL) ?? .openApp
                case "open_campaign": action = target.map { PushAction.openCampaign($0) } ?? .openApp
                case "dismiss": action = .dismiss
                default: action = .openApp
                }
                let title = button["title"]?.stringValue ?? ""
                let options = button["button_type"]?.arrayValue?.compactMap(\.stringValue) ?? []
                notification.buttons.append(
                    PushButton(title: title, actionIdentifier: String(index), action: action, options: options)
                )
            }
        }
    }
}
