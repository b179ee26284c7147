import PushPayloads
import Testing

/// Where an independent client found our answers differing from the vendors' SDKs (issue 11), each
/// case named after the SDK code whose answer it reproduces (`docs/vendor-rules.md`), on both wire shapes where the vendor has both.
@Suite("Vendor fidelity")
struct VendorFidelityTests {
    // MARK: 1. isCordialMessage reads a top-level string mcID only

    // In Compatibility/VendorEntryPointTests.swift, beside the other entry points' tests.

    // MARK: 2. Nothing to show is not a visible push (Exponea Android)

    // Exponea Android `FcmManagerImpl.handleRemoteMessage`: shown only when not silent and
    // `title.isNotBlank() || message.isNotBlank()`, after the `self-check` early return.
    @Test(
        "FCM: Android shows nothing for blank text, self-check or a throwing parse (FcmManagerImpl.handleRemoteMessage)",
        arguments: [
            (
                #"{"source":"xnpe_platform","title":"","message":"","silent":"false"}"#,
                ExponeaDecoder.AndroidSuppression.blank
            ),
            (#"{"source":"xnpe_platform","silent":"false"}"#, .blank),
            (#"{"source":"xnpe_platform","title":" \u00a0","message":"\t"}"#, .blank),
            (#"{"source":"xnpe_platform","title":"T","message":"M","silent":"true"}"#, .silent),
            (#"{"source":"xnpe_platform","title":"T","action":"self-check"}"#, .selfCheck),
            (#"{"source":"xnpe_platform","title":"T","notification_id":"x"}"#, .unparseable),
            (#"{"source":"xnpe_platform","title":"T","notification_id":"3000000000"}"#, .unparseable),
            (#"{"source":"xnpe_platform","title":"T","actions":"[{\"title\":{}}]"}"#, .unparseable),
            (#"{"source":"xnpe_platform","title":"T","actions":"{}"}"#, .unparseable),
            (#"{"source":"xnpe_platform","title":"T","attributes":"[1]"}"#, .unparseable),
            (#"{"source":"xnpe_platform","title":"T","url_params":"{\"utm_source\":{\"a\":1}}"}"#, .unparseable),
        ]
    )
    func androidNotShown(_ json: String, _ reason: ExponeaDecoder.AndroidSuppression) throws {
        let payload = try PushPayload(jsonString: json)
        #expect(payload.shape == .fcm)
        #expect(ExponeaDecoder.androidSuppression(payload) == reason)
        #expect(PushDecoderRegistry.standard.classify(payload).isSilent)
    }

    @Test(
        "FCM: one non-blank field, or scalar values Gson reads as text, and Android shows the push",
        arguments: [
            #"{"source":"xnpe_platform","title":"T","message":""}"#,
            #"{"source":"xnpe_platform","title":"","message":"M"}"#,
            #"{"source":"xnpe_platform","message":"M","silent":"false"}"#,
            #"{"source":"xnpe_platform","title":"T","notification_id":"-12"}"#,
            #"{"source":"xnpe_platform","title":"T","actions":"[{\"title\":\"A\",\"action\":\"app\",\"n\":1,\"b\":true,\"u\":null}]"}"#,
            #"{"source":"xnpe_platform","title":"T","action":"Self-check"}"#,
            #"{"source":"xnpe_platform","title":"\u0085"}"#,
        ]
    )
    func androidShown(_ json: String) throws {
        let payload = try PushPayload(jsonString: json)
        #expect(ExponeaDecoder.androidSuppression(payload) == nil)
        #expect(!PushDecoderRegistry.standard.classify(payload).isSilent)
    }

    @Test("APNs: blank Exponea text is not iOS's rule; silence is the silent flag alone")
    func blankOnIOS() throws {
        #expect(try !classify(#"{"aps":{"alert":"A"},"source":"xnpe_platform","title":"","message":""}"#).isSilent)
    }

    @Test("FCM buttons: Gson's Map<String, String> makes scalars text; iOS's [[String: String]] cast drops them all")
    func buttonsPerPlatform() throws {
        let android = try decode(
            #"{"source":"xnpe_platform","title":"T","actions":"[{\"title\":\"Go\",\"action\":\"deeplink\",\"url\":\"app://go\",\"rank\":2}]"}"#
        )
        #expect(android.buttons.map(\.title) == ["Go"])
        #expect(android.buttons.first?.action == .deepLink("app://go"))
        let ios = try decode(
            #"{"aps":{"alert":"A"},"source":"xnpe_platform","actions":[{"title":"Go","action":"deeplink","url":"app://go","rank":2}]}"#
        )
        #expect(ios.buttons.isEmpty)
    }

    // MARK: 3. Carousel items the SDK skips

    // Cordial `PushNotificationParserCarousel.getPushNotificationCarouselsCurrentPayloadType`: each item
    // `as? [String: String]`, then `URL(string:)` on `imageURL` and on `deepLink`, both required.
    @Test("Carousel: only all-string items with a valid imageURL and deepLink are kept, in order")
    func carousel() throws {
        let notification = try decode(
            #"""
            {"aps":{"alert":"Look"},"mcID":"m","carousel":[
              {"imageURL":"https://a.example/1.png","deepLink":"app://1"},
              {"imageURL":"https://a.example/2.png"},
              {"imageURL":"https://a.example/3.png","deepLink":"app://3","caption":"ok"},
              {"imageURL":"https://a.example/4.png","deepLink":"app://4","rank":4},
              {"imageURL":"","deepLink":"app://5"},
              {"imageURL":"https://a.example/6.png","deepLink":""},
              {"imageURL":"https://exa mple.com/7.png","deepLink":"app://7"},
              {"imageURL":"http://a.example:port/8.png","deepLink":"app://8"},
              {"imageURL":"https://a.example/9 9.png","deepLink":"app://9"},
              "https://a.example/10.png"
            ]}
            """#
        )
        let carousel = try #require(notification.cordial?.carousel)
        #expect(carousel.map(\.deepLink) == ["app://1", "app://3", "app://9"])
        #expect(notification.images.map(\.url) == carousel.map(\.imageURL))
        // The issue's case: the second item has no deep link, so the index after it moves up.
        let issue = try decode(
            #"{"mcID":"m","carousel":[{"imageURL":"https://a.example/1.png","deepLink":"app://1"},{"imageURL":"https://a.example/2.png"}]}"#
        )
        #expect(issue.cordial?.carousel.count == 1)
    }

    @Test("Carousel on APNs is read only as an array, never from a JSON string")
    func carouselString() throws {
        let json =
            #"{"aps":{"alert":"x"},"mcID":"m","carousel":"[{\"imageURL\":\"https://a.example/1.png\",\"deepLink\":\"app://1\"}]"}"#
        #expect(try decode(json).cordial?.carousel.isEmpty == true)
    }

    // MARK: 4. The removed top-level in-app flag

    // Cordial commit 34725437 removed `isPayloadContainIAMPreviousPayloadType`; only `system.iam` is read.
    @Test("Cordial's pre-2020 top-level in-app flag announces nothing; system.iam does")
    func removedInApp() throws {
        #expect(try decode(#"{"mcID":"m","in-app":true}"#).cordial?.inAppMessage == nil)
        #expect(try decode(#"{"mcID":"m","system":{"iam":{}}}"#).cordial?.inAppMessage?.type == "modal")
        // On APNs `system` is read only as a dictionary (`as? [String: AnyObject]`).
        #expect(try decode(#"{"aps":{},"mcID":"m","system":"{\"iam\":{}}"}"#).cordial?.inAppMessage == nil)
    }

    // MARK: 5. The text the device shows

    // Exponea `ExponeaNotificationService.createContent`: `title as? String ?? "NO TITLE"`, `message as?
    // String ?? ""`, subtitle untouched; the extension runs only for `mutable-content: 1` with an alert.
    @Test("Exponea on APNs: the alert unless mutable-content lets the service extension replace it")
    func exponeaText() throws {
        let plain = try decode(
            #"{"aps":{"alert":{"title":"A","body":"B"}},"source":"xnpe_platform","title":"T","message":"M"}"#
        )
        #expect(plain.title == "A" && plain.body == "B")
        #expect(plain.vendorText == PushText(title: "T", body: "M"))

        let rich = try decode(
            #"{"aps":{"alert":{"title":"A","subtitle":"S","body":"B"},"mutable-content":1,"badge":4},"source":"xnpe_platform","title":"T","message":"M"}"#
        )
        #expect(rich.title == "T" && rich.subtitle == "S" && rich.body == "M")
        // The extension sets the badge only from a numeric `badge` string and clears it otherwise.
        #expect(rich.badge == nil)

        let untitled = try decode(#"{"aps":{"alert":"A","mutable-content":1},"source":"xnpe_platform","title":7}"#)
        #expect(untitled.title == "NO TITLE" && untitled.body == "")

        // No alert, no extension: a background push shows nothing.
        let background = try decode(
            #"{"aps":{"content-available":1,"mutable-content":1},"source":"xnpe_platform","title":"T","message":"M"}"#
        )
        #expect(background.title == nil && background.body == nil)
        #expect(background.vendorText?.title == "T")
    }

    @Test("Exponea on FCM: Android shows title and message")
    func exponeaAndroidText() throws {
        let notification = try decode(#"{"source":"xnpe_platform","title":"T","message":"M"}"#)
        #expect(notification.title == "T" && notification.body == "M")
    }

    // Swrve `SwrveNotificationManager.handleContent` (iOS service extension): `_sw.media` text replaces the
    // alert only once an attachment is in, so only with `mutable-content` and a media URL.
    @Test("Swrve on APNs: _sw.media replaces the alert only with mutable-content and a media URL")
    func swrveText() throws {
        let media = #""_sw":{"version":1,"media":{"title":"MT","body":"MB","url":"https://i.example/a.png"}}"#
        let plain = try decode(#"{"aps":{"alert":{"title":"A","body":"B"}},"_p":"1","# + media + "}")
        #expect(plain.title == "A" && plain.body == "B")
        #expect(plain.vendorText == PushText(title: "MT", body: "MB"))

        let rich = try decode(#"{"aps":{"alert":{"title":"A","body":"B"},"mutable-content":1},"_p":"1","# + media + "}")
        #expect(rich.title == "MT" && rich.body == "MB")

        let noURL = try decode(
            #"{"aps":{"alert":{"title":"A","body":"B"},"mutable-content":1},"_p":"1","_sw":{"media":{"title":"MT"}}}"#
        )
        #expect(noURL.title == "A")

        // An authenticated push arrives without an alert; the SDK builds one from the media text.
        let authenticated = try decode(
            #"{"aps":{"content-available":1},"_p":"1","_aui":"u1","_sw":{"media":{"title":"MT","body":"MB"}}}"#
        )
        #expect(authenticated.title == "MT" && authenticated.body == "MB")
        #expect(!authenticated.isSilent)
    }

    // Swrve Android `SwrveNotificationBuilder`: body `text`, title `_sw.title`, media text only for a
    // downloaded image.
    @Test("Swrve on FCM: text and _sw.title, with an image media's text over them")
    func swrveAndroidText() throws {
        let plain = try decode(#"{"_p":"1","text":"Body","_sw":"{\"version\":1,\"title\":\"Title\"}"}"#)
        #expect(plain.title == "Title" && plain.body == "Body")
        let image = try decode(
            #"{"_p":"1","text":"Body","_sw":"{\"title\":\"Title\",\"media\":{\"type\":\"image\",\"url\":\"https://i.example/a.png\",\"title\":\"MT\",\"body\":\"\"}}"}"#
        )
        #expect(image.title == "MT" && image.body == "Body")
    }

    // MARK: 6. Swrve push ids, per type

    // Swrve iOS `SwrvePush.pushIdFromNotificationContent`: NSString as is, NSNumber `stringValue`; Android
    // `SwrveHelper.getRemotePushId`: `toString()` of a string.
    @Test(
        "Swrve ids as each platform converts them",
        arguments: [
            (#"{"aps":{},"_p":true}"#, "1"), (#"{"aps":{},"_p":false}"#, "0"), (#"{"aps":{},"_p":1234.0}"#, "1234"),
            (#"{"aps":{},"_p":1234}"#, "1234"), (#"{"aps":{},"_p":1e3}"#, "1000"), (#"{"aps":{},"_p":1.5}"#, "1.5"),
            (#"{"aps":{},"_p":98.1}"#, "98.09999999999999"), (#"{"aps":{},"_p":" "}"#, " "),
            (#"{"_p":"1234.0"}"#, "1234.0"), (#"{"_p":"true"}"#, "true"), (#"{"_sp":"7","_p":"1"}"#, "7"),
        ]
    )
    func swrveIDs(_ json: String, _ id: String) throws {
        #expect(try decode(json).messageID == id)
    }

    @Test("A false _p reads as \"0\", Swrve's QA id")
    func swrveFalseIsQA() throws {
        #expect(try decode(#"{"aps":{"alert":"x"},"_p":false}"#).swrve?.isQAPush == true)
    }

    // MARK: 8. The platform's silent rule

    @Test("The shape picks the platform: Exponea's string \"true\" is silent on Android only")
    func silentPerPlatform() throws {
        #expect(try !classify(#"{"aps":{"alert":"A"},"source":"xnpe_platform","silent":"true"}"#).isSilent)
        #expect(try classify(#"{"source":"xnpe_platform","title":"T","silent":"true"}"#).isSilent)
        #expect(try classify(#"{"aps":{"alert":"A"},"source":"xnpe_platform","silent":true}"#).isSilent)
    }

    // MARK: Both sides of the other rules

    // Swrve `SwrvePush.isValidNotificationContent`: `[[_sw objectForKey:@"version"] intValue] > 1` is invalid.
    @Test(
        "Swrve _sw.version reads as Objective-C's intValue; above 1 the rich content is ignored",
        arguments: [
            ("1", true), (#""1""#, true), ("1.9", true), (#""x""#, true), ("0", true), (#"" 1""#, true),
            ("2", false), (#""2""#, false), (#""2x""#, false),
        ]
    )
    func swrveVersion(_ version: String, _ rendered: Bool) throws {
        let json = #"{"aps":{"alert":"A"},"_p":"1","_sw":{"version":\#(version),"campaign":{"id":9}}}"#
        #expect((try decode(json).swrve?.campaignID == "9") == rendered)
    }

    @Test("Swrve's deprecated _d: iOS falls back to it when _sd is not a string; Android never reads it")
    func swrveDeprecatedDeepLink() throws {
        #expect(try decode(#"{"aps":{},"_p":"1","_sd":5,"_d":"app://old"}"#).defaultAction == .deepLink("app://old"))
        #expect(try decode(#"{"_p":"1","_d":"app://old"}"#).defaultAction == .openApp)
        #expect(try decode(#"{"_p":"1","_sd":"app://new","_d":"app://old"}"#).defaultAction == .deepLink("app://new"))
    }

    // Exponea `GdprTracking.readTrackingConsentFlag`: strings compared case-insensitively.
    @Test("Exponea consent strings are case-insensitive")
    func exponeaConsent() throws {
        #expect(
            try decode(#"{"source":"xnpe_platform","title":"T","has_tracking_consent":"TRUE"}"#).exponea?
                .hasTrackingConsent == true
        )
        #expect(
            try decode(#"{"source":"xnpe_platform","title":"T","has_tracking_consent":"False"}"#).exponea?
                .hasTrackingConsent == false
        )
    }

    // Atomic Web SDK `notificationFromPushPayload`: `containerId: String(streamContainerId)`.
    @Test(
        "Atomic container ids as JavaScript's String(n)",
        arguments: [
            ("55", "55"), ("55.0", "55"), ("5.5e1", "55"), ("0.10", "0.1"), ("1e21", "1e+21"), (#""07""#, "07"),
        ]
    )
    func atomicContainer(_ container: String, _ expected: String) throws {
        let json = #"{"atomic":{"source":"io.atomic","cardInstanceId":"c","streamContainerId":\#(container)}}"#
        #expect(try decode(json).atomic?.containerID == expected)
    }

    @Test("Exponea on Android tracks by data before attributes; iOS reads attributes only, never a string")
    func exponeaTrackingSource() throws {
        let android = try decode(
            #"{"source":"xnpe_platform","title":"T","data":"{\"campaign_id\":\"d\"}","attributes":"{\"campaign_id\":\"a\"}"}"#
        )
        #expect(android.messageID == "d")
        #expect(android.exponea?.attributes?["campaign_id"]?.stringValue == "a")
        let ios = try decode(#"{"aps":{"alert":"A"},"source":"xnpe_platform","attributes":"{\"campaign_id\":\"a\"}"}"#)
        #expect(ios.messageID == nil)
    }
}
