import PushPayloads
import Testing

/// Expo: the Expo push service's envelope, a server convention (expo-notifications claims every push).
@Suite("Expo")
struct ExpoDecoderTests {
    @Test(
        "iOS, the Expo service's envelope — experienceId or scopeKey, and body as? [String: Any] (serializedNotificationData)",
        arguments: [
            RuleCase(
                "both ids",
                #"{"aps":{"alert":"Hi"},"experienceId":"@o/app","scopeKey":"@o/app","body":{"s":"home"}}"#,
                .expoPushService
            ),
            RuleCase(
                "experienceId only",
                #"{"aps":{"alert":"Hi"},"experienceId":"@o/app","body":{}}"#,
                .expoPushService
            ),
            RuleCase(
                "scopeKey only",
                #"{"aps":{"alert":"Hi"},"scopeKey":"@o/app","body":{"s":"home"}}"#,
                .expoPushService
            ),
            RuleCase(
                "body as a JSON string",
                #"{"aps":{"alert":"Hi"},"experienceId":"@o/app","body":"{\"s\":\"home\"}"}"#,
                nil
            ),
            RuleCase("no body", #"{"aps":{"alert":"Hi"},"experienceId":"@o/app"}"#, nil),
            RuleCase("body without the ids", #"{"aps":{"alert":"Hi"},"body":{"s":"home"}}"#, nil),
            RuleCase("numeric experienceId", #"{"aps":{"alert":"Hi"},"experienceId":7,"body":{"s":"home"}}"#, nil),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(ExpoDecoder(), shape: .apns)
    }

    @Test(
        "Android, the Expo service's envelope — body parses as a JSON object (JSONObject(data[\"body\"]))",
        arguments: [
            RuleCase(
                "envelope",
                #"{"experienceId":"@o/app","scopeKey":"@o/app","title":"T","message":"B","body":"{\"s\":\"rate\"}"}"#,
                .expoPushService
            ),
            RuleCase("body not JSON", #"{"scopeKey":"@o/app","message":"B","body":"plain text"}"#, nil),
            RuleCase("body a JSON array", #"{"scopeKey":"@o/app","message":"B","body":"[1]"}"#, nil),
            RuleCase("body without the ids", #"{"title":"T","body":"{\"s\":\"rate\"}"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(ExpoDecoder(), shape: .fcm)
    }

    @Test("the marker is a convention, not an SDK entry point's rule")
    func convention() {
        #expect(!PushMarker.expoPushService.isEntryPointRule)
    }

    @Test("Android: title, subtitle and message (body is data), identifier tag; never silent on FCM")
    func model() throws {
        let push = try decodeExtended(
            #"{"scopeKey":"@o/app","title":"T","subtitle":"S","message":"B","body":"{\"s\":1}","tag":"order-1"}"#
        )
        #expect(push.vendor == .expo)
        #expect(push.title == "T")
        #expect(push.subtitle == "S")
        #expect(push.body == "B")
        #expect(push.messageID == "order-1")
        #expect(!push.isSilent)
    }
}
