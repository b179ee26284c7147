import PushPayloads
import Testing

/// Expo: the fields Expo's documentation requires in a push to an Expo app (expo-notifications claims every
/// push; docs.expo.dev, "Send notifications with FCM and APNs").
@Suite("Expo")
struct ExpoDecoderTests {
    @Test(
        "iOS, the documented APNs payload — experienceId and scopeKey, both strings; body is not required",
        arguments: [
            RuleCase(
                "both ids, with data in body",
                #"{"aps":{"alert":"Hi"},"experienceId":"@o/app","scopeKey":"@o/app","body":{"s":"home"}}"#,
                .expoScopeKeys
            ),
            RuleCase(
                "both ids, no body (the documentation's example)",
                #"{"aps":{"alert":"Hi"},"experienceId":"@o/app","scopeKey":"@o/app"}"#,
                .expoScopeKeys
            ),
            RuleCase(
                "body as a string",
                #"{"aps":{"alert":"Hi"},"experienceId":"@o/app","scopeKey":"@o/app","body":"x"}"#,
                .expoScopeKeys
            ),
            RuleCase("experienceId only", #"{"aps":{"alert":"Hi"},"experienceId":"@o/app","body":{}}"#, nil),
            RuleCase("scopeKey only", #"{"aps":{"alert":"Hi"},"scopeKey":"@o/app","body":{"s":"home"}}"#, nil),
            RuleCase("body without the ids", #"{"aps":{"alert":"Hi"},"body":{"s":"home"}}"#, nil),
            RuleCase(
                "numeric experienceId",
                #"{"aps":{"alert":"Hi"},"experienceId":7,"scopeKey":"@o/app","body":{"s":"home"}}"#,
                nil
            ),
            RuleCase("null scopeKey", #"{"aps":{"alert":"Hi"},"experienceId":"@o/app","scopeKey":null}"#, nil),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(ExpoDecoder(), shape: .apns)
    }

    @Test(
        "Android, the documented FCM data — experienceId and scopeKey are required",
        arguments: [
            RuleCase(
                "documented data message",
                #"{"experienceId":"@o/app","scopeKey":"@o/app","title":"T","message":"B","body":"{\"s\":\"rate\"}"}"#,
                .expoScopeKeys
            ),
            RuleCase(
                "body not JSON: still Expo's fields",
                #"{"experienceId":"@o/app","scopeKey":"@o/app","message":"B","body":"plain text"}"#,
                .expoScopeKeys
            ),
            RuleCase("scopeKey only", #"{"scopeKey":"@o/app","message":"B","body":"{\"s\":1}"}"#, nil),
            RuleCase("experienceId only", #"{"experienceId":"@o/app","message":"B"}"#, nil),
            RuleCase("another case of the keys", #"{"experienceid":"@o/app","scopekey":"@o/app"}"#, nil),
            RuleCase("body without the ids", #"{"title":"T","body":"{\"s\":\"rate\"}"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(ExpoDecoder(), shape: .fcm)
    }

    @Test("the marker is a documented payload format, not an SDK entry point's rule")
    func convention() {
        #expect(!PushMarker.expoScopeKeys.isEntryPointRule)
    }

    @Test("Android: title, subtitle and message (body is data), identifier tag; never silent on FCM")
    func model() throws {
        let push = try decodeExtended(
            #"{"experienceId":"@o/app","scopeKey":"@o/app","title":"T","subtitle":"S","message":"B","tag":"order-1"}"#
        )
        #expect(push.vendor == .expo)
        #expect(push.title == "T")
        #expect(push.subtitle == "S")
        #expect(push.body == "B")
        #expect(push.messageID == "order-1")
        #expect(!push.isSilent)
    }
}
