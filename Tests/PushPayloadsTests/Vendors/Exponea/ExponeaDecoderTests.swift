import Foundation
import PushPayloads
import Testing

@Suite("Exponea")
struct ExponeaDecoderTests {
    @Test(
        "source must be exactly the string xnpe_platform",
        arguments: [
            (#"{"source":"xnpe_platform"}"#, "exponea"),
            (#"{"\u0073ource":"xnpe\u005fplatform"}"#, "exponea"),
            (#"{"source":"xnpe_platform "}"#, "unknown"),
            (#"{"source":"XNPE_PLATFORM"}"#, "unknown"),
            (#"{"source":"other"}"#, "unknown"),
            (#"{"source":""}"#, "unknown"),
            (#"{"source":1}"#, "unknown"),
            (#"{"source":["xnpe_platform"]}"#, "unknown"),
            (#"{"Source":"xnpe_platform"}"#, "unknown"),
            (#"{"attributes":{"source":"xnpe_platform"}}"#, "unknown"),
            (#"{"title":"t","message":"m","action":"app","actions":[]}"#, "unknown"),
        ]
    )
    func detection(_ json: String, _ expected: String) throws {
        #expect(try vendorName(json) == expected)
    }

    // iOS `PushNotificationParser.parsePushOpened`: `userInfo["silent"] as? Int == 1`.
    @Test(
        "APNs: silent when silent reads as 1 through as? Int (PushNotificationParser.parsePushOpened)",
        arguments: [
            ("1", true), ("true", true), ("1.0", true), ("1e0", true),
            ("0", false), ("false", false), (#""1""#, false), (#""true""#, false), (#""false""#, false),
            ("2", false), ("1.5", false), ("null", false), (#""yes""#, false), ("[1]", false),
        ]
    )
    func silenceOnIOS(_ value: String, _ silent: Bool) throws {
        let json = #"{"aps":{"alert":"A"},"source":"xnpe_platform","title":"T","silent":\#(value)}"#
        #expect(try classify(json).shape == .apns)
        #expect(try classify(json).isSilent == silent)
    }

    // Android `MessagingUtils.isSilentPush`: `data["silent"] == "true"`, exact and case-sensitive.
    @Test(
        "FCM: silent only when silent is exactly \"true\" (MessagingUtils.isSilentPush)",
        arguments: [
            (#""true""#, true), (#""TRUE""#, false), (#""True""#, false), (#""1""#, false), (#"" true""#, false),
            (#""false""#, false), (#""0""#, false), (#""yes""#, false), (#""""#, false),
        ]
    )
    func silenceOnAndroid(_ value: String, _ silent: Bool) throws {
        let json = #"{"source":"xnpe_platform","title":"T","message":"M","silent":\#(value)}"#
        #expect(try classify(json).shape == .fcm)
        #expect(try classify(json).isSilent == silent)
    }

    @Test("without silent, even a background APNs push is not silent for Exponea")
    func contentAvailableIgnored() throws {
        #expect(try !classify(#"{"source":"xnpe_platform","aps":{"content-available":1}}"#).isSilent)
    }

    @Test(
        "main action from action and url",
        arguments: [
            (#""action":"app""#, PushAction.openApp),
            (#""action":"browser","url":"https://e.example""#, PushAction.openURL("https://e.example")),
            (#""action":"deeplink","url":"app://x""#, PushAction.deepLink("app://x")),
            (#""action":"deeplink""#, PushAction.openApp),
            (#""action":"self-check""#, PushAction.openApp),
            (#""action":"teleport","url":"app://x""#, PushAction.openApp),
        ]
    )
    func mainAction(_ members: String, _ expected: PushAction) throws {
        #expect(try decode(#"{"source":"xnpe_platform",\#(members)}"#).defaultAction == expected)
    }

    @Test("buttons: identifiers EXPONEA_ACTION_<TYPE>_<index>, iOS and Android shapes")
    func buttons() throws {
        let actions =
            #"[{"title":"Open","action":"app"},{"title":"Web","action":"browser","url":"https://w.example"},{"title":"Go","action":"deeplink","url":"app://go"}]"#
        let ios = try decode(#"{"source":"xnpe_platform","actions":\#(actions)}"#)
        let escaped = actions.replacingOccurrences(of: "\"", with: "\\\"")
        let android = try decode(#"{"source":"xnpe_platform","actions":"\#(escaped)"}"#)
        #expect(android.shape == .fcm)
        for notification in [ios, android] {
            #expect(
                notification.buttons == [
                    PushButton(title: "Open", actionIdentifier: "EXPONEA_ACTION_APP_0", action: .openApp),
                    PushButton(
                        title: "Web",
                        actionIdentifier: "EXPONEA_ACTION_BROWSER_1",
                        action: .openURL("https://w.example")
                    ),
                    PushButton(
                        title: "Go",
                        actionIdentifier: "EXPONEA_ACTION_DEEPLINK_2",
                        action: .deepLink("app://go")
                    ),
                ]
            )
        }
    }

    @Test("one non-string value in actions drops every button, as iOS's cast does")
    func buttonsCast() throws {
        let notification = try decode(
            #"{"source":"xnpe_platform","actions":[{"title":"A","action":"app"},{"title":"B","action":"app","x":1}]}"#
        )
        #expect(notification.buttons.isEmpty)
    }

    @Test("title and message replace the APNs alert; badge is read from a string")
    func content() throws {
        let notification = try decode(
            #"{"source":"xnpe_platform","aps":{"alert":{"title":"APNs","body":"apns"},"mutable-content":1},"title":"Hi ☀️","message":"Line\nTwo","badge":"3","sound":"chime.caf","image":"https://i.example/p.jpg"}"#
        )
        #expect(notification.title == "Hi ☀️")
        #expect(notification.body == "Line\nTwo")
        #expect(notification.badge == 3)
        #expect(notification.sound == "chime.caf")
        #expect(notification.isMutableContent)
        #expect(notification.images == [PushImage(url: "https://i.example/p.jpg")])
    }

    @Test("attributes, url_params (only the UTM keys), consent and forced tracking")
    func extras() throws {
        let notification = try decode(
            #"""
            {"source":"xnpe_platform","action":"browser","url":"https://e.example/?a=1&xnpe_force_track=true",
             "attributes":{"campaign_id":"5f2a","campaign_name":"Winter","action_id":7,"action_type":"mobile notification",
                           "action_name":"Push","event_type":"custom_open","sent_timestamp":1700000000.5,"nested":{"k":[1,2]}},
             "url_params":{"utm_source":"exponea","utm_campaign":"winter","other":"dropped","utm_term":5},
             "has_tracking_consent":"false","consent_category_tracking":"marketing","notification_id":"12"}
            """#
        )
        let extras = try #require(notification.exponea)
        #expect(extras.campaignID == "5f2a")
        #expect(extras.campaignName == "Winter")
        #expect(extras.actionID == 7)
        #expect(extras.eventType == "custom_open")
        #expect(extras.sentTimestamp == 1_700_000_000.5)
        #expect(extras.attributes?["nested"]?["k"]?[1]?.numberValue?.int64Value == 2)
        #expect(extras.urlParameters == ["utm_source": "exponea", "utm_campaign": "winter"])
        #expect(!extras.hasTrackingConsent)
        #expect(extras.consentCategoryTracking == "marketing")
        #expect(extras.isTrackingForced)
        #expect(extras.notificationID == 12)
        #expect(notification.messageID == "5f2a")
    }

    @Test(
        "has_tracking_consent: absent means true, unparseable means false",
        arguments: [
            ("", true), (#","has_tracking_consent":true"#, true), (#","has_tracking_consent":1"#, true),
            (#","has_tracking_consent":"true""#, true), (#","has_tracking_consent":"1""#, true),
            (#","has_tracking_consent":false"#, false), (#","has_tracking_consent":0"#, false),
            (#","has_tracking_consent":"0""#, false), (#","has_tracking_consent":"maybe""#, false),
        ]
    )
    func consent(_ member: String, _ expected: Bool) throws {
        #expect(try decode(#"{"source":"xnpe_platform"\#(member)}"#).exponea?.hasTrackingConsent == expected)
    }

    @Test("Android data message: attributes and url_params arrive as JSON strings")
    func androidStrings() throws {
        let notification = try decode(
            #"{"source":"xnpe_platform","title":"T","message":"M","silent":"false","attributes":"{\"campaign_id\":\"c1\",\"action_id\":3}","url_params":"{\"utm_medium\":\"push\"}"}"#
        )
        #expect(notification.shape == .fcm)
        #expect(!notification.isSilent)
        #expect(notification.exponea?.campaignID == "c1")
        #expect(notification.exponea?.actionID == 3)
        #expect(notification.exponea?.urlParameters == ["utm_medium": "push"])
    }
}

@Suite("Exponea extras as JSON")
struct ExponeaExtrasJSONTests {
    @Test("url_parameters are written sorted by name, so one push always gives the same JSON")
    func sortedParameters() throws {
        var extras = ExponeaExtras()
        extras.action = "deeplink"
        for name in ["utm_term", "utm_medium", "utm_content", "xnpe_cmp", "utm_campaign", "utm_source", "a", "Z"] {
            extras.urlParameters[name] = name.uppercased()
        }
        let json = try JSONBytesEncoder().encodeToString(extras)
        #expect(
            json
                == #"{"action":"deeplink","url_parameters":{"Z":"Z","a":"A","utm_campaign":"UTM_CAMPAIGN","utm_content":"UTM_CONTENT","utm_medium":"UTM_MEDIUM","utm_source":"UTM_SOURCE","utm_term":"UTM_TERM","xnpe_cmp":"XNPE_CMP"},"has_tracking_consent":true,"is_tracking_forced":false}"#
        )
    }
}
