import PushPayloads
import Testing

@Suite("Cordial")
struct CordialDecoderTests {
    @Test(
        "mcID must be a string; an empty one counts",
        arguments: [
            (#"{"mcID":"45:5ffd:ot:5e6b:1"}"#, "cordial"),
            (#"{"mcID":""}"#, "cordial"),
            (#"{"\u006dcID":"x"}"#, "cordial"),
            (#"{"mcID":45}"#, "unknown"),
            (#"{"mcID":true}"#, "unknown"),
            (#"{"mcID":null}"#, "unknown"),
            (#"{"mcID":["x"]}"#, "unknown"),
            (#"{"mcID":{"id":"x"}}"#, "unknown"),
            (#"{"mcid":"x"}"#, "unknown"),
            (#"{"MCID":"x"}"#, "unknown"),
            (#"{"aps":{"mcID":"x"}}"#, "unknown"),
            (#"{"deepLink":{"url":"https://a.example/x"},"system":{"iam":{}}}"#, "unknown"),
        ]
    )
    func detection(_ json: String, _ expected: String) throws {
        #expect(try vendorName(json) == expected)
    }

    @Test(
        "the 2020 layout system.messageAttribution.mcID counts, nested or as an FCM string",
        arguments: [
            (#"{"system":{"messageAttribution":{"mcID":"m1"}}}"#, "cordial"),
            (#"{"system":"{\"messageAttribution\":{\"mcID\":\"m1\"}}"}"#, "cordial"),
            (#"{"system":{"messageAttribution":{"mcID":1}}}"#, "unknown"),
            (#"{"system":{"mcID":"m1"}}"#, "unknown"),
            // On APNs a string `system` is not decoded, as the iOS SDK never does.
            (#"{"aps":{},"system":"{\"messageAttribution\":{\"mcID\":\"m1\"}}"}"#, "unknown"),
        ]
    )
    func attributionLayout(_ json: String, _ expected: String) throws {
        #expect(try vendorName(json) == expected)
    }

    @Test("silent follows the APNs rule")
    func silence() throws {
        #expect(try classify(#"{"mcID":"m","aps":{"content-available":1}}"#).isSilent)
        #expect(try !classify(#"{"mcID":"m","aps":{"content-available":1,"alert":"hi"}}"#).isSilent)
        #expect(try !classify(#"{"mcID":"m","aps":{"content-available":1,"sound":"default"}}"#).isSilent)
        #expect(try !classify(#"{"mcID":"m","aps":{"content-available":1,"badge":2}}"#).isSilent)
        #expect(try !classify(#"{"mcID":"m","aps":{"content-available":0}}"#).isSilent)
        #expect(try !classify(#"{"mcID":"m","aps":{"content-available":"1"}}"#).isSilent)
        #expect(try !classify(#"{"mcID":"m"}"#).isSilent)
    }

    @Test("deep link, in-app message, inbox, image and carousel")
    func model() throws {
        let notification = try decode(
            #"""
            {"aps":{"alert":{"title":"Sale","body":"50% off"},"content-available":1},
             "mcID":"45:abc:ot:def:1",
             "deepLink":{"url":"app://sale","fallbackUrl":"https://shop.example/sale","vanityUrl":"https://s.example/v"},
             "system":{"iam":{"type":"banner_up","displayType":"displayOnAppOpenEvent",
                              "inactiveSessionDisplay":"hide-in-app","expirationTime":"2030-01-01T00:00:00.000Z"},
                       "inbox":{}},
             "imageURL":"https://img.example/a.png",
             "carousel":[{"imageURL":"https://img.example/1.png","deepLink":"app://1"},
                         {"imageURL":"https://img.example/2.png","deepLink":2},
                         {"imageURL":"https://img.example/3.png","deepLink":"app://3"}]}
            """#
        )
        #expect(notification.vendor == .cordial)
        #expect(notification.title == "Sale")
        #expect(notification.body == "50% off")
        #expect(notification.messageID == "45:abc:ot:def:1")
        #expect(notification.defaultAction == .deepLink("app://sale", fallbackURL: "https://shop.example/sale"))
        let extras = try #require(notification.cordial)
        #expect(extras.vanityURL == "https://s.example/v")
        #expect(
            extras.inAppMessage
                == CordialExtras.InAppMessage(
                    type: "banner_up",
                    displayType: "displayOnAppOpenEvent",
                    inactiveSessionDisplay: "hide-in-app",
                    expirationTime: "2030-01-01T00:00:00.000Z"
                )
        )
        #expect(extras.hasInboxMessage)
        #expect(extras.imageURL == "https://img.example/a.png")
        // The item with a non-string deepLink is skipped, as the SDK skips it.
        #expect(extras.carousel.map(\.imageURL) == ["https://img.example/1.png", "https://img.example/3.png"])
        #expect(notification.images.count == 3)
        #expect(notification.buttons.isEmpty)
    }

    @Test("unknown in-app type becomes modal; defaults fill missing fields")
    func inAppDefaults() throws {
        let extras = try #require(try decode(#"{"mcID":"m","system":{"iam":{"type":"popup"}}}"#).cordial)
        #expect(extras.inAppMessage == CordialExtras.InAppMessage())
        #expect(!extras.hasInboxMessage)
    }

    // Support for the top-level flag was removed in commit 34725437 (2020-08-11); `git grep '"in-app"'`
    // finds nothing in the current SDK.
    @Test(
        "the pre-2020 flat in-app layout no longer announces an in-app message",
        arguments: [#""true""#, "true", "1"]
    )
    func legacyInApp(_ flag: String) throws {
        let extras = try #require(
            try decode(#"{"mcID":"m","in-app":\#(flag),"type":"fullscreen","displayType":"displayImmediately"}"#)
                .cordial
        )
        #expect(extras.inAppMessage == nil)
    }

    @Test("a deepLink sent as a JSON string: decoded for FCM, ignored on APNs as the current iOS SDK does")
    func deepLinkString() throws {
        let fcm = try decode(#"{"mcID":"m","deepLink":"{\"url\":\"app://x\"}"}"#)
        #expect(fcm.shape == .fcm)
        #expect(fcm.defaultAction == .deepLink("app://x"))
        let apns = try decode(#"{"aps":{"alert":"a"},"mcID":"m","deepLink":"{\"url\":\"app://x\"}"}"#)
        #expect(apns.defaultAction == .openApp)
        #expect(apns.cordial?.deepLinkURL == nil)
    }

    @Test("the 2020 layout's mcID is the message id")
    func attributionMessageID() throws {
        let notification = try decode(#"{"system":{"messageAttribution":{"mcID":"m2020"}}}"#)
        #expect(notification.messageID == "m2020")
        #expect(notification.cordial?.usesMessageAttributionLayout == true)
    }
}
