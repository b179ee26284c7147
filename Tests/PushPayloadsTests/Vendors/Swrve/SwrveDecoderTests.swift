import PushPayloads
import Testing

@Suite("Swrve")
struct SwrveDecoderTests {
    @Test(
        "_p or _sp must be a non-empty string, or a number or Boolean that iOS reads as one (pushIdFromNotificationContent)",
        arguments: [
            (#"{"_p":"123"}"#, "swrve"),
            (#"{"_p":123}"#, "swrve"),
            (#"{"_p":0}"#, "swrve"),
            (#"{"_p":"0"}"#, "swrve"),
            (#"{"_p":1.5}"#, "swrve"),
            (#"{"_sp":"9"}"#, "swrve"),
            (#"{"_sp":9}"#, "swrve"),
            (#"{"_p":""}"#, "unknown"),
            (#"{"_sp":""}"#, "unknown"),
            // On iOS a JSON Boolean is an NSNumber, whose stringValue is "1" or "0".
            (#"{"_p":true}"#, "swrve"),
            (#"{"_p":false}"#, "swrve"),
            (#"{"_p":" "}"#, "swrve"),
            (#"{"_p":null}"#, "unknown"),
            (#"{"_p":{"id":"1"}}"#, "unknown"),
            (#"{"_p":["1"]}"#, "unknown"),
            (#"{"_p":"","_sp":"1"}"#, "swrve"),
            // Key names are case-sensitive on both platforms (SwrveHelper.isSwrvePush reads the bundle's
            // `_p`; SwrvePush.m reads the dictionary's); VendorFidelityTests covers both shapes.
            (#"{"_P":"1"}"#, "unknown"),
            (#"{"_sw":{"version":1,"media":{"title":"t"}}}"#, "unknown"),
            (#"{"\u005fp":"1"}"#, "swrve"),
        ]
    )
    func detection(_ json: String, _ expected: String) throws {
        #expect(try vendorName(json) == expected)
    }

    @Test(
        "silent is a valid _sp, which wins over _p; an authenticated _p push is visible",
        arguments: [
            (#"{"_sp":"1"}"#, true),
            (#"{"_sp":1}"#, true),
            (#"{"_p":"1","_sp":"2"}"#, true),
            (#"{"_p":"1"}"#, false),
            (#"{"_p":"1","_aui":"user-42"}"#, false),
            (#"{"_p":"1","_sp":""}"#, false),
            (#"{"_p":"1","aps":{"content-available":1}}"#, false),
        ]
    )
    func silence(_ json: String, _ silent: Bool) throws {
        #expect(try classify(json).isSilent == silent)
    }

    @Test("rich push: media, buttons with index identifiers, campaign, deep link")
    func rich() throws {
        let notification = try decode(
            #"""
            {"_p":12,"_sd":"app://deal","_siw":"60","_td":"hash","_smp":"ios","_aui":"u1",
             "aps":{"alert":"fallback text","mutable-content":1},
             "_sw":{"version":1,
                    "media":{"title":"Deal","subtitle":"Today","body":"Half price","url":"https://m.example/i.png",
                             "fallback_url":"https://m.example/f.png","fallback_sd":"app://fallback"},
                    "buttons":[{"title":"Shop","action_type":"open_url","action":"https://shop.example"},
                               {"title":"Offer","action_type":"open_campaign","action":4455},
                               {"title":"Later","action_type":"dismiss","action":""},
                               {"title":"App","action_type":"open_app","button_type":["foreground","destructive"]}],
                    "campaign":{"id":"777"}}}
            """#
        )
        #expect(notification.vendor == .swrve)
        #expect(notification.title == "Deal")
        #expect(notification.subtitle == "Today")
        #expect(notification.body == "Half price")
        #expect(notification.messageID == "12")
        #expect(
            notification.images == [PushImage(url: "https://m.example/i.png", fallbackURL: "https://m.example/f.png")]
        )
        #expect(
            notification.buttons == [
                PushButton(title: "Shop", actionIdentifier: "0", action: .openURL("https://shop.example")),
                PushButton(title: "Offer", actionIdentifier: "1", action: .openCampaign("4455")),
                PushButton(title: "Later", actionIdentifier: "2", action: .dismiss),
                PushButton(
                    title: "App",
                    actionIdentifier: "3",
                    action: .openApp,
                    options: ["foreground", "destructive"]
                ),
            ]
        )
        #expect(
            notification.defaultAction
                == PushAction(kind: .openCampaign, url: "app://deal", fallbackURL: "app://fallback", campaignID: "777")
        )
        let extras = try #require(notification.swrve)
        #expect(extras.pushID == "12")
        #expect(extras.influenceWindowMinutes == 60)
        #expect(extras.trackingData == "hash")
        #expect(extras.platform == "ios")
        #expect(extras.isAuthenticated)
        #expect(extras.richVersion == 1)
    }

    @Test("a rich version above 1 is left alone; the APNs alert stays")
    func unknownVersion() throws {
        let notification = try decode(
            #"{"_p":"1","aps":{"alert":"plain"},"_sw":{"version":"2","media":{"title":"x"}}}"#
        )
        #expect(notification.title == nil)
        #expect(notification.body == "plain")
        #expect(notification.swrve?.richVersion == 2)
    }

    @Test("Android data message: _sw and _s.SilentPayload as JSON strings, text as body")
    func android() throws {
        let visible = try decode(
            #"{"_p":"5","text":"Hello","sound":"ding","_sw":"{\"version\":1,\"media\":{\"title\":\"T\"},\"buttons\":[{\"title\":\"B\",\"action_type\":\"open_app\",\"action\":\"\"}]}"}"#
        )
        #expect(visible.shape == .fcm)
        // Android shows media text only for an image it downloads; the app name stands in for the title.
        #expect(visible.title == nil)
        #expect(visible.vendorText?.title == "T")
        #expect(visible.body == "Hello")
        #expect(visible.sound == "ding")
        #expect(visible.buttons.map(\.actionIdentifier) == ["0"])

        let silent = try decode(#"{"_sp":"6","_s.SilentPayload":"{\"custom\":\"value\"}"}"#)
        #expect(silent.isSilent)
        #expect(silent.messageID == "6")
        #expect(silent.swrve?.silentPayload?["custom"]?.stringValue == "value")
    }

    // Swrve iOS `SwrveCampaignInfluence.saveInfluencedData`: a value that is neither NSString nor NSNumber
    // keeps 720. (A JSON `true` is an NSNumber, whose `intValue` is 1: see VendorFidelityTests.)
    @Test("_d is the deep link when _sd is not a string; _siw falls back to 720 when it is neither string nor number")
    func fallbacks() throws {
        let notification = try decode(#"{"_p":"1","_sd":5,"_d":"app://old","_siw":{"m":60}}"#)
        #expect(notification.defaultAction == .deepLink("app://old"))
        #expect(notification.swrve?.influenceWindowMinutes == 720)
    }

    @Test("QA push")
    func qaPush() throws {
        #expect(try decode(#"{"_p":"0"}"#).swrve?.isQAPush == true)
        #expect(try decode(#"{"_p":0}"#).swrve?.isQAPush == true)
    }
}
