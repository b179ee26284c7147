import PushPayloads
import Testing

/// For each rule in `docs/vendor-rules.md`, payloads that
/// sit just on each side of it, on both wire shapes where the vendor has both (issue 11, "Done means").
/// Each case names the SDK code whose answer it reproduces.
@Suite("Vendor rules, both sides")
struct VendorRuleBoundaryTests {
    /// `json` as the text of a JSON string, for FCM values that carry JSON.
    static func embedded(_ json: String) -> String {
        var text = ""
        for character in json {
            if character == "\\" || character == "\"" { text.append("\\") }
            text.append(character)
        }
        return text
    }

    // MARK: 1. Exponea xnpe_force_track

    /// (query after `https://e.example/p`, forced on iOS, forced on Android).
    static let forceTrackCases: [(String, Bool, Bool)] = [
        // iOS `GdprTracking.isTrackForced` (ExponeaSDKShared/Classes/Other/GdprTracking.swift): the first
        // `URLComponents.queryItems` item named `xnpe_force_track`, its value lowercased, `true` or `1`.
        // Android `GdprTracking.isTrackForced` (sdk/.../util/GdprTracking.kt): `Uri.getQueryParameter`, then
        // `isTrueString` (lowercased `true` or `1`).
        ("?xnpe_force_track=true", true, true),
        ("?xnpe_force_track=1", true, true),
        ("?xnpe_force_track=false", false, false),
        ("?xnpe_force_track=0", false, false),
        ("?xnpe_force_track=TRUE", true, true),
        ("?xnpe_force_track=yes", false, false),
        ("", false, false),
        ("?a=1&xnpe_force_track=1&b=2", true, true),
        ("?key=xnpe_force_track", false, false),
        ("?xnpe_force_tracking=1", false, false),
        // Both: no value at all forces ("URI RFC doesn't mandate that query param needs to be name-value pair").
        ("?xnpe_force_track", true, true),
        // iOS: `=` gives the value "" (not nil), which is no known word; Android: `getQueryParameter` gives ""
        // for both forms, and `rawForceTrack.isEmpty()` forces.
        ("?xnpe_force_track=", false, true),
        // Both take the first item with the name.
        ("?xnpe_force_track=false&xnpe_force_track=true", false, false),
        // Values are percent-decoded on both.
        ("?xnpe_force_track=%31", true, true),
        // iOS decodes names too; Android compares the raw name with `Uri.encode(key)`.
        ("?xnpe%5Fforce_track=1", true, false),
        // A `?` inside the fragment starts no query on either.
        ("#?xnpe_force_track=1", false, false),
        ("?xnpe_force_track=1#top", true, true),
    ]

    @Test(
        "Exponea main URL: xnpe_force_track as each platform's GdprTracking.isTrackForced reads it",
        arguments: forceTrackCases
    )
    func forceTrackMainURL(_ query: String, _ iOS: Bool, _ android: Bool) throws {
        let url = "https://e.example/p" + query
        let apns = try decode(#"{"aps":{"alert":"A"},"source":"xnpe_platform","action":"browser","url":"\#(url)"}"#)
        #expect(apns.shape == .apns)
        #expect(apns.exponea?.isTrackingForced == iOS)
        let fcm = try decode(#"{"source":"xnpe_platform","title":"T","action":"browser","url":"\#(url)"}"#)
        #expect(fcm.shape == .fcm)
        #expect(fcm.exponea?.isTrackingForced == android)
    }

    /// (main URL, forced on iOS, forced on Android).
    static let forceTrackURLCases: [(String, Bool, Bool)] = [
        // iOS: `URLComponents(string:)` is nil for a port that is not a number, so nothing is forced; Android's
        // `Uri.parse` does not validate the authority.
        ("https://e.example:port/p?xnpe_force_track=1", false, true),
        // Android: `Uri.getQueryParameter` throws for an opaque URI (no `/` after the first `:`), caught as
        // false; iOS reads the query of any URL.
        ("app:x://y?xnpe_force_track=1", true, false),
        // Android's `adjustUrl` puts `http://` before a URL without `://`, which keeps it hierarchical.
        ("mailto:a@e.example?xnpe_force_track=1", true, true),
        // Android decodes `+` as a space in query values; iOS keeps it. Neither is `1`.
        ("app://p?xnpe_force_track=+1", false, false),
    ]

    @Test("Exponea main URL: the platforms' URL parsers", arguments: forceTrackURLCases)
    func forceTrackParsers(_ url: String, _ iOS: Bool, _ android: Bool) throws {
        let apns = try decode(#"{"aps":{"alert":"A"},"source":"xnpe_platform","action":"deeplink","url":"\#(url)"}"#)
        #expect(apns.exponea?.isTrackingForced == iOS)
        let fcm = try decode(#"{"source":"xnpe_platform","title":"T","action":"deeplink","url":"\#(url)"}"#)
        #expect(fcm.exponea?.isTrackingForced == android)
    }

    /// (actions array, forced per button on iOS, forced per button on Android).
    static let forceTrackButtonCases: [(String, [Bool], [Bool])] = [
        // iOS `PushNotificationParser.parsePushOpened`: a button tap takes `actionValue` from
        // `actions[index]["url"]`, and `TrackingConsentManager.trackClickedPush` forces by it; Android
        // `FcmManagerImpl.handlePayloadButtons` → `NotificationAction(url).isTrackingForced`.
        (
            #"[{"title":"A","action":"browser","url":"https://e.example/a?xnpe_force_track=1"},{"title":"B","action":"deeplink","url":"app://b"},{"title":"C","action":"app"}]"#,
            [true, false, false], [true, false, false]
        ),
        (
            #"[{"title":"A","action":"deeplink","url":"app://a?xnpe_force_track=TRUE"},{"title":"B","action":"browser","url":"https://e.example/b?xnpe_force_track=false"}]"#,
            [true, false], [true, false]
        ),
        // The button's own URL counts whatever its action type (iOS forces by `actionValue` alone).
        (#"[{"title":"A","action":"app","url":"app://a?xnpe_force_track"}]"#, [true], [true]),
        // The empty value divides the platforms here too.
        (#"[{"title":"A","action":"deeplink","url":"app://a?xnpe_force_track="}]"#, [false], [true]),
        // iOS casts `actions` to `[[String: String]]`: one number drops every button, and with it any forcing;
        // Gson reads the number as text.
        (
            #"[{"title":"A","action":"browser","url":"https://e.example/a?xnpe_force_track=1"},{"title":"B","rank":2}]"#,
            [], [true, false]
        ),
    ]

    @Test(
        "Exponea buttons: each button's URL forces tracking for a tap on that button",
        arguments: forceTrackButtonCases
    )
    func forceTrackButtons(_ actions: String, _ iOS: [Bool], _ android: [Bool]) throws {
        let apns = try decode(#"{"aps":{"alert":"A"},"source":"xnpe_platform","actions":\#(actions)}"#)
        #expect(apns.exponea?.buttonTrackingForced == iOS)
        #expect(apns.buttons.count == iOS.count)
        #expect(apns.exponea?.isTrackingForced == false)
        let fcm = try decode(#"{"source":"xnpe_platform","title":"T","actions":"\#(Self.embedded(actions))"}"#)
        #expect(fcm.exponea?.buttonTrackingForced == android)
        #expect(fcm.buttons.count == android.count)
        #expect(fcm.exponea?.isTrackingForced == false)
    }

    // MARK: 2. Exponea attributes.event_type

    /// (`event_type` member or "", custom event type on iOS, custom event type on Android, Android shows it).
    static let eventTypeCases: [(String, String?, String?, Bool)] = [
        // iOS `PushNotificationParser.parsePushOpened`: `NotificationData.eventType` (`as? String`) when it is
        // non-empty and not `Constants.EventTypes.pushOpen` ("campaign"). Android `NotificationData`
        // (sdk/.../models/NotificationData.kt): `hasCustomEventType = !(attributes["event_type"] as
        // String?).isNullOrBlank()`, used by `TrackingConsentManagerImpl.trackClickedPush`.
        (#","event_type":"campaign""#, nil, nil, true),
        (#","event_type":"order_feedback""#, "order_feedback", "order_feedback", true),
        (#","event_type":"""#, nil, nil, true),
        ("", nil, nil, true),
        (#","event_type":null"#, nil, nil, true),
        // iOS tests `isEmpty`, Android `isBlank`.
        (#","event_type":" ""#, " ", nil, true),
        // iOS: `as? String` fails, so the open is tracked as `campaign`. Android: `as String?` on Gson's Double
        // throws a ClassCastException while `NotificationPayload` is built, so the push is never shown.
        (#","event_type":5"#, nil, nil, false),
        (#","event_type":{"name":"x"}"#, nil, nil, false),
    ]

    @Test("Exponea attributes.event_type: campaign, custom, empty, absent, not a string", arguments: eventTypeCases)
    func eventType(_ member: String, _ iOS: String?, _ android: String?, _ shownOnAndroid: Bool) throws {
        let attributes = #"{"campaign_id":"c1"\#(member)}"#
        let apns = try decode(#"{"aps":{"alert":"A"},"source":"xnpe_platform","attributes":\#(attributes)}"#)
        #expect(apns.exponea?.customEventType == iOS)
        #expect(!apns.isSilent)
        #expect(apns.messageID == "c1")
        let fcmJSON = #"{"source":"xnpe_platform","title":"T","attributes":"\#(Self.embedded(attributes))"}"#
        let fcm = try decode(fcmJSON)
        #expect(fcm.isSilent == !shownOnAndroid)
        if shownOnAndroid {
            #expect(fcm.exponea?.customEventType == android)
        } else {
            #expect(ExponeaDecoder.androidSuppression(try PushPayload(jsonString: fcmJSON)) == .unparseable)
        }
    }

    // Android `NotificationPayload.parseNotificationData`: the tracking map is `data` when present, else
    // `attributes`, so only that map's `event_type` and `sent_timestamp` (`as Double?`) are cast.
    @Test("Exponea on Android: the tracking map's event_type and sent_timestamp are cast; data comes first")
    func androidTrackingMap() throws {
        let fromData = try decode(
            #"{"source":"xnpe_platform","title":"T","data":"{\"event_type\":\"from_data\"}","attributes":"{\"event_type\":5}"}"#
        )
        #expect(!fromData.isSilent)
        #expect(fromData.exponea?.customEventType == "from_data")
        #expect(fromData.exponea?.eventType == nil)

        let textTimestamp =
            #"{"source":"xnpe_platform","title":"T","attributes":"{\"sent_timestamp\":\"1700000000\"}"}"#
        #expect(ExponeaDecoder.androidSuppression(try PushPayload(jsonString: textTimestamp)) == .unparseable)
        let numberTimestamp =
            #"{"source":"xnpe_platform","title":"T","attributes":"{\"sent_timestamp\":1700000000.5}"}"#
        #expect(ExponeaDecoder.androidSuppression(try PushPayload(jsonString: numberTimestamp)) == nil)
        // iOS reads `sent_timestamp` with `as? Double` and goes on without it.
        let ios = try decode(
            #"{"aps":{"alert":"A"},"source":"xnpe_platform","attributes":{"sent_timestamp":"1700000000"}}"#
        )
        #expect(!ios.isSilent && ios.exponea?.sentTimestamp == nil)
    }

    // MARK: 3. Exponea iOS badge

    /// (`badge` member or "", the badge iOS shows once the service extension ran).
    static let badgeCases: [(String, Int?)] = [
        // iOS `ExponeaNotificationService.createContent` (ExponeaSDK-Notifications/Classes/
        // ExponeaNotificationService.swift): `badge as? String`, then `Int(badgeString)`; otherwise the badge
        // is set to nil, which also drops `aps.badge`.
        (#","badge":"5""#, 5),
        (#","badge":"+5""#, 5),
        (#","badge":"-3""#, -3),
        (#","badge":"0""#, 0),
        (#","badge":"abc""#, nil),
        (#","badge":"1.5""#, nil),
        (#","badge":" 5""#, nil),
        (#","badge":"""#, nil),
        (#","badge":"99999999999999999999""#, nil),
        (#","badge":5"#, nil),
        (#","badge":true"#, nil),
        ("", nil),
    ]

    @Test("Exponea iOS badge: only a string Int(_:) accepts, once the service extension runs", arguments: badgeCases)
    func badge(_ member: String, _ expected: Int?) throws {
        let rich = try decode(
            #"{"aps":{"alert":"A","mutable-content":1,"badge":9},"source":"xnpe_platform","title":"T"\#(member)}"#
        )
        #expect(rich.badge == expected)
        // Without the extension the device applies `aps.badge` and never reads `badge`.
        let plain = try decode(#"{"aps":{"alert":"A","badge":9},"source":"xnpe_platform","title":"T"\#(member)}"#)
        #expect(plain.badge == 9)
    }

    // Exponea Android `FcmManagerImpl`: the FCM data message's `badge` is never read.
    @Test("Exponea on Android: badge is not read")
    func androidBadge() throws {
        #expect(try decode(#"{"source":"xnpe_platform","title":"T","badge":"5"}"#).badge == nil)
    }

    // MARK: 4. mutable-content and the alert, for the service extensions' text

    /// (`mutable-content` member or "", `alert` member or "", whether iOS runs the service extension).
    static let serviceExtensionCases: [(String, String, Bool)] = [
        // Apple, "Generating a remote notification" (the `aps` table): `mutable-content` is a Number, and "if
        // the value is 1" the system runs the extension; "Modifying content in newly delivered notifications":
        // only for pushes "configured in the system to display an alert". A Boolean or a string is not the
        // number 1; `1.0` is the number 1.
        (#","mutable-content":1"#, #""alert":"A""#, true),
        (#","mutable-content":0"#, #""alert":"A""#, false),
        ("", #""alert":"A""#, false),
        (#","mutable-content":true"#, #""alert":"A""#, false),
        (#","mutable-content":"1""#, #""alert":"A""#, false),
        (#","mutable-content":1.0"#, #""alert":"A""#, true),
        (#","mutable-content":2"#, #""alert":"A""#, false),
        // The alert must show something.
        (#","mutable-content":1"#, #""alert":"""#, false),
        (#","mutable-content":1"#, #""alert":{}"#, false),
        (#","mutable-content":1"#, #""alert":{"title":""}"#, false),
        (#","mutable-content":1"#, #""alert":{"title":"A"}"#, true),
        (#","mutable-content":1"#, #""alert":{"body":"B"}"#, true),
        (#","mutable-content":1"#, #""alert":{"subtitle":"S"}"#, true),
        (#","mutable-content":1"#, #""alert":{"loc-key":"K"}"#, true),
        (#","mutable-content":1"#, #""alert":7"#, false),
        (#","mutable-content":1"#, #""sound":"default""#, false),
    ]

    // Exponea iOS `ExponeaNotificationService.createContent` writes `title` and `message` over the alert.
    @Test(
        "Exponea on APNs: title and message replace the alert only when iOS runs the extension",
        arguments: serviceExtensionCases
    )
    func exponeaServiceExtension(_ mutable: String, _ alert: String, _ runs: Bool) throws {
        let notification = try decode(
            #"{"aps":{\#(alert)\#(mutable)},"source":"xnpe_platform","title":"T","message":"M"}"#
        )
        #expect((notification.title == "T" && notification.body == "M") == runs)
        #expect(notification.vendorText == PushText(title: "T", body: "M"))
    }

    // Swrve iOS `SwrveNotificationManager.handleContent` (service extension) writes `_sw.media` text over it.
    @Test(
        "Swrve on APNs: _sw.media replaces the alert only when iOS runs the extension",
        arguments: serviceExtensionCases
    )
    func swrveServiceExtension(_ mutable: String, _ alert: String, _ runs: Bool) throws {
        let notification = try decode(
            #"{"aps":{\#(alert)\#(mutable)},"_p":"1","_sw":{"media":{"title":"MT","body":"MB","url":"https://i.example/a.png"}}}"#
        )
        #expect((notification.title == "MT" && notification.body == "MB") == runs)
    }

    // FCM has no `mutable-content`: Android builds the notification itself (Exponea `FcmManagerImpl`, Swrve
    // `SwrveNotificationBuilder`), so a data key of that name changes nothing.
    @Test("FCM: a mutable-content data key changes nothing")
    func mutableContentOnFCM() throws {
        let exponea = try decode(#"{"source":"xnpe_platform","title":"T","message":"M","mutable-content":"0"}"#)
        #expect(exponea.title == "T" && exponea.body == "M")
        let swrve = try decode(#"{"_p":"1","text":"B","mutable-content":"1","_sw":"{\"title\":\"Title\"}"}"#)
        #expect(swrve.title == "Title" && swrve.body == "B")
    }

    // MARK: 5. Cordial system.iam and system.inbox

    /// (`system.iam` object, display type, inactive-session display).
    static let inAppCases: [(String, String, String)] = [
        // Cordial iOS `InAppMessageGetter.getInAppMessageDisplayType` and
        // `getInAppMessageInactiveSessionDisplayType` (Sources/CordialSDK/Endpoints/InAppMessage/Helper/
        // InAppMessageGetter.swift): a switch over the known raw values, `default:` the first one.
        ("{}", "displayImmediately", "show-in-app"),
        (#"{"displayType":"displayImmediately"}"#, "displayImmediately", "show-in-app"),
        (#"{"displayType":"displayOnAppOpenEvent"}"#, "displayOnAppOpenEvent", "show-in-app"),
        (#"{"displayType":"displayLater"}"#, "displayImmediately", "show-in-app"),
        (#"{"displayType":"DisplayOnAppOpenEvent"}"#, "displayImmediately", "show-in-app"),
        (#"{"displayType":1}"#, "displayImmediately", "show-in-app"),
        (#"{"inactiveSessionDisplay":"show-in-app"}"#, "displayImmediately", "show-in-app"),
        (#"{"inactiveSessionDisplay":"hide-in-app"}"#, "displayImmediately", "hide-in-app"),
        (#"{"inactiveSessionDisplay":"hide"}"#, "displayImmediately", "show-in-app"),
        (#"{"inactiveSessionDisplay":true}"#, "displayImmediately", "show-in-app"),
        (
            #"{"type":"banner_up","displayType":"displayOnAppOpenEvent","inactiveSessionDisplay":"hide-in-app"}"#,
            "displayOnAppOpenEvent", "hide-in-app"
        ),
    ]

    @Test(
        "Cordial system.iam: known displayType and inactiveSessionDisplay kept, anything else the default",
        arguments: inAppCases
    )
    func cordialInApp(_ iam: String, _ displayType: String, _ inactiveSessionDisplay: String) throws {
        let system = #"{"iam":\#(iam)}"#
        for json in [
            #"{"aps":{"alert":"A"},"mcID":"m","system":\#(system)}"#,
            // FCM: the Android SDK is not public; the router decodes `system` from its JSON string there.
            #"{"mcID":"m","system":"\#(Self.embedded(system))"}"#,
        ] {
            let message = try #require(try decode(json).cordial?.inAppMessage)
            #expect(message.displayType == displayType)
            #expect(message.inactiveSessionDisplay == inactiveSessionDisplay)
        }
    }

    /// (`system.inbox` member, whether a new inbox message is announced).
    static let inboxCases: [(String, Bool)] = [
        // Cordial iOS `PushNotificationParserInboxMessage.isPayloadContainInboxMessageCurrentPayloadType`:
        // `system["inbox"] as? [String: AnyObject]`; `system.iam` likewise in
        // `PushNotificationParserInAppMessage.isPayloadContainIAMCurrentPayloadType`.
        (#""inbox":{}"#, true),
        (#""inbox":{"id":"1"}"#, true),
        (#""inbox":true"#, false),
        (#""inbox":[]"#, false),
        (#""inbox":"yes""#, false),
        (#""inbox":null"#, false),
        (#""other":{}"#, false),
    ]

    @Test("Cordial system.inbox counts only as an object", arguments: inboxCases)
    func cordialInbox(_ member: String, _ announced: Bool) throws {
        let apns = try decode(#"{"aps":{"content-available":1},"mcID":"m","system":{\#(member)}}"#)
        #expect(apns.cordial?.hasInboxMessage == announced)
        let fcm = try decode(#"{"mcID":"m","system":"\#(Self.embedded("{" + member + "}"))"}"#)
        #expect(fcm.shape == .fcm)
        #expect(fcm.cordial?.hasInboxMessage == announced)
        // An IAM that is not an object is no IAM either.
        #expect(try decode(#"{"aps":{},"mcID":"m","system":{"iam":true}}"#).cordial?.inAppMessage == nil)
    }

    // MARK: 6. Cordial deepLink.url

    /// (`deepLink.url` value, the URL kept).
    static let deepLinkCases: [(String, String?)] = [
        // Cordial iOS `PushNotificationParserDeepLinks.getDeepLinkURLCurrentPayloadType`: `deepLink as?
        // [String: AnyObject]`, `url as? String`, then `URL(string:)`, which on iOS 17 and later fails only
        // for an empty string or a broken host or port (docs/vendor-rules.md).
        (#""app://product/1""#, "app://product/1"),
        (#""https://shop.example/p?id=1#top""#, "https://shop.example/p?id=1#top"),
        (#""https://shop.example/a b""#, "https://shop.example/a b"),
        (#""""#, nil),
        (#""https://sh op.example/p""#, nil),
        (#""http://shop.example:port/p""#, nil),
        (#""http://[::1/p""#, nil),
        ("5", nil),
        ("null", nil),
        (#"{"href":"app://x"}"#, nil),
    ]

    @Test("Cordial deepLink.url: a String that URL(string:) accepts", arguments: deepLinkCases)
    func cordialDeepLink(_ url: String, _ expected: String?) throws {
        let deepLink = #"{"url":\#(url),"fallbackUrl":"https://shop.example/"}"#
        let apns = try decode(#"{"aps":{"alert":"A"},"mcID":"m","deepLink":\#(deepLink)}"#)
        let fcm = try decode(#"{"mcID":"m","deepLink":"\#(Self.embedded(deepLink))"}"#)
        for notification in [apns, fcm] {
            #expect(notification.cordial?.deepLinkURL == expected)
            #expect(notification.cordial?.fallbackURL == "https://shop.example/")
            let action = expected.map { PushAction.deepLink($0, fallbackURL: "https://shop.example/") }
            #expect(notification.defaultAction == action ?? .openApp)
        }
        // On iOS `deepLink` is read only as a dictionary (a JSON string stopped being parsed in 2023).
        #expect(try decode(#"{"aps":{},"mcID":"m","deepLink":"{\"url\":\"app://x\"}"}"#).cordial?.deepLinkURL == nil)
    }

    // MARK: 7. Cordial carousel as a JSON string (FCM)

    // Cordial iOS `PushNotificationParserCarousel.getPushNotificationCarouselsCurrentPayloadType`: items that
    // are not all-string dictionaries with a valid `imageURL` and `deepLink` are skipped; on FCM the router
    // reads `carousel` from its JSON string (the Android SDK is not public) and applies the same rule.
    @Test(
        "Cordial carousel: the issue's item without a deepLink is skipped, as an array (APNs) and a JSON string (FCM)",
        arguments: [false, true]
    )
    func cordialCarousel(_ asString: Bool) throws {
        let items =
            #"[{"imageURL":"https://a.example/1.png","deepLink":"app://1"},{"imageURL":"https://a.example/2.png"},{"imageURL":"https://a.example/3.png","deepLink":"app://3"}]"#
        let json =
            asString
            ? #"{"mcID":"m","carousel":"\#(Self.embedded(items))"}"#
            : #"{"aps":{"alert":"Look"},"mcID":"m","carousel":\#(items)}"#
        let notification = try decode(json)
        #expect(notification.shape == (asString ? .fcm : .apns))
        let carousel = try #require(notification.cordial?.carousel)
        #expect(carousel.map(\.deepLink) == ["app://1", "app://3"])
        #expect(notification.images.map(\.url) == ["https://a.example/1.png", "https://a.example/3.png"])
    }

    // MARK: 8. Swrve _siw

    /// (`_siw` member or "", the window iOS saves).
    static let influenceIOSCases: [(String, Int?)] = [
        // Swrve iOS `SwrveCampaignInfluence.saveInfluencedData` (SwrveSDKCommon/Common/
        // SwrveCampaignInfluence.m): absent or NSNull saves nothing; NSString and NSNumber answer `intValue`;
        // any other class keeps 720.
        (#","_siw":"60""#, 60),
        (#","_siw":60"#, 60),
        (#","_siw":true"#, 1),
        (#","_siw":"abc""#, 0),
        (#","_siw":"60x""#, 60),
        (#","_siw":" 60""#, 60),
        (#","_siw":1.9"#, 1),
        (#","_siw":null"#, nil),
        (#","_siw":[60]"#, 720),
        ("", nil),
    ]

    @Test("Swrve _siw on iOS: Objective-C's intValue, 720 for other classes", arguments: influenceIOSCases)
    func influenceOnIOS(_ member: String, _ minutes: Int?) throws {
        let notification = try decode(#"{"aps":{"alert":"A"},"_p":"1"\#(member)}"#)
        #expect(notification.swrve?.influenceWindowMinutes == minutes)
        #expect(!notification.isSilent)
    }

    /// (`_siw` member or "", the window Android saves, whether Android shows the push).
    static let influenceAndroidCases: [(String, Int?, Bool)] = [
        // Swrve Android `SwrveCampaignInfluence.saveInfluencedCampaign` (SwrveSDKCommon/.../
        // SwrveCampaignInfluence.java): `Integer.parseInt(msg.getString("_siw"))`, called by
        // `SwrvePushManagerImp.processNotification` before `notify`, inside a try whose catch only logs, so a
        // value it refuses means no notification. (FCM values are strings: a number or `true` would make the
        // payload APNs-shaped.)
        (#","_siw":"60""#, 60, true),
        (#","_siw":"+60""#, 60, true),
        (#","_siw":"-5""#, -5, true),
        (#","_siw":"abc""#, nil, false),
        (#","_siw":"""#, nil, false),
        (#","_siw":"1.5""#, nil, false),
        (#","_siw":" 60""#, nil, false),
        (#","_siw":"60x""#, nil, false),
        (#","_siw":"2147483648""#, nil, false),
        ("", nil, true),
    ]

    @Test(
        "Swrve _siw on Android: Integer.parseInt, and a refused value drops the push",
        arguments: influenceAndroidCases
    )
    func influenceOnAndroid(_ member: String, _ minutes: Int?, _ shown: Bool) throws {
        let notification = try decode(#"{"_p":"1","text":"B"\#(member)}"#)
        #expect(notification.shape == .fcm)
        #expect(notification.swrve?.influenceWindowMinutes == minutes)
        #expect(notification.isSilent == !shown)
        // A silent push stays silent (`process` throws before the silent listener).
        #expect(try classify(#"{"_sp":"1"\#(member)}"#).isSilent)
    }

    // MARK: 9. Swrve keys are case-sensitive

    /// (payload, the push id, or nil when it is no Swrve push).
    static let caseCases: [(String, String?)] = [
        // iOS `SwrvePush.pushIdFromNotificationContent`: `[userInfo objectForKey:@"_p"]`, an exact key.
        (#"{"aps":{"alert":"A"},"_P":"1"}"#, nil),
        (#"{"aps":{"alert":"A"},"_SP":"1"}"#, nil),
        (#"{"aps":{"alert":"A"},"_p":"1"}"#, "1"),
        // Android `SwrveFirebaseMessagingService.onMessageReceived` → `SwrveHelper.isSwrvePush`:
        // `bundle.get("_p")`, then `bundle.get("_sp")`, exact keys. (`SwrvePushWorkerHelper` ignores case,
        // but only on the opt-in multi-provider path, `SwrvePushServiceDefault.handle`; see vendor-rules.md.)
        (#"{"_P":"1","text":"B"}"#, nil),
        (#"{"_Sp":"1"}"#, nil),
        (#"{"_P":"1","_p":"2"}"#, "2"),
        (#"{"_p":"1"}"#, "1"),
    ]

    @Test("Swrve _p and _sp are matched case-sensitively on both platforms", arguments: caseCases)
    func swrveKeyCase(_ json: String, _ id: String?) throws {
        let notification = try decode(json)
        #expect((notification.vendor == .swrve) == (id != nil))
        if let id { #expect(notification.messageID == id) }
    }

    // MARK: 10. Integers past 2^53

    /// (`_p` as written, the id iOS reads).
    static let largeIDCases: [(String, String)] = [
        // Swrve iOS `SwrvePush.pushIdFromNotificationContent`: `[NSNumber stringValue]` of an integer NSNumber
        // prints every digit (`%lld`); only a double prints with `%0.16g`.
        ("9007199254740993", "9007199254740993"),
        ("12345678901234567", "12345678901234567"),
        ("9223372036854775807", "9223372036854775807"),
        ("-9223372036854775808", "-9223372036854775808"),
        ("12345678901234567.0", "1.234567890123457e+16"),
    ]

    @Test(
        "Swrve integer ids beyond 2^53 keep all their digits, as an integer NSNumber's stringValue",
        arguments: largeIDCases
    )
    func largeSwrveIDs(_ number: String, _ id: String) throws {
        #expect(try decode(#"{"aps":{"alert":"A"},"_p":\#(number)}"#).messageID == id)
        #expect(try decode(#"{"aps":{"content-available":1},"_sp":\#(number)}"#).messageID == id)
        // On FCM the id is the string as sent.
        #expect(try decode(#"{"_p":"\#(number)"}"#).messageID == number)
    }

    /// (`streamContainerId` as written, `String(streamContainerId)` in JavaScript).
    static let largeContainerCases: [(String, String)] = [
        // Atomic Web SDK `notificationFromPushPayload` (www/js/sdk.js): `containerId: s.toString()` of a
        // JavaScript number, which is a double: past 2^53 the nearest double's shortest digits.
        ("9007199254740992", "9007199254740992"),
        ("9007199254740993", "9007199254740992"),
        ("12345678901234567", "12345678901234568"),
        ("9223372036854775807", "9223372036854776000"),
        ("-9223372036854775808", "-9223372036854776000"),
    ]

    @Test(
        "Atomic container ids beyond 2^53 print as JavaScript's String(n) of the double",
        arguments: largeContainerCases
    )
    func largeContainerIDs(_ number: String, _ container: String) throws {
        let envelope = #"{"source":"io.atomic","cardInstanceId":"c","streamContainerId":\#(number)}"#
        #expect(try decode(#"{"aps":{"alert":"A"},"atomic":\#(envelope)}"#).atomic?.containerID == container)
        #expect(try decode(#"{"atomic":"\#(Self.embedded(envelope))"}"#).atomic?.containerID == container)
    }

    // MARK: 11. Atomic empty strings

    /// (envelope members after `source`, card instance id, container id; nil when it is no Atomic push).
    static let atomicEmptyCases: [(String, String?, String?)] = [
        // Atomic Web SDK `notificationFromPushPayload`: `typeof cardInstanceId === "string"` and
        // `typeof streamContainerId` "number" or "string"; nothing checks for emptiness.
        (#""cardInstanceId":"","streamContainerId":"""#, "", ""),
        (#""cardInstanceId":"","streamContainerId":0"#, "", "0"),
        (#""cardInstanceId":"c","streamContainerId":"""#, "c", ""),
        (#""cardInstanceId":null,"streamContainerId":"""#, nil, nil),
        (#""streamContainerId":"""#, nil, nil),
        (#""cardInstanceId":"","streamContainerId":null"#, nil, nil),
        (#""cardInstanceId":"","streamContainerId":true"#, nil, nil),
        (#""cardInstanceId":0,"streamContainerId":"s""#, nil, nil),
    ]

    @Test("Atomic: empty cardInstanceId and streamContainerId strings still make a card", arguments: atomicEmptyCases)
    func atomicEmpty(_ members: String, _ card: String?, _ container: String?) throws {
        let envelope = #"{"source":"io.atomic",\#(members)}"#
        for json in [#"{"aps":{"alert":"A"},"atomic":\#(envelope)}"#, #"{"atomic":"\#(Self.embedded(envelope))"}"#] {
            let notification = try decode(json)
            #expect((notification.vendor == .atomic) == (card != nil))
            #expect(notification.atomic?.cardInstanceID == card)
            #expect(notification.atomic?.containerID == container)
            if let card { #expect(notification.messageID == card) }
        }
    }

    // MARK: More of the same kind

    // Exponea iOS `GdprTracking.readTrackingConsentFlag`: `as? Bool` (an NSNumber bridges only when it is 0 or
    // 1), then `as? Int == 1`, so no other number gives consent.
    @Test(
        "Exponea consent numbers: only 1 (or true) consents",
        arguments: [("1", true), ("1.0", true), ("2", false), ("-1", false), ("0.5", false), ("true", true)]
    )
    func consentNumbers(_ value: String, _ consent: Bool) throws {
        let json = #"{"aps":{"alert":"A"},"source":"xnpe_platform","has_tracking_consent":\#(value)}"#
        #expect(try decode(json).exponea?.hasTrackingConsent == consent)
    }
}
