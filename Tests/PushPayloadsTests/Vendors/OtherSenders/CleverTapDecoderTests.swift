import PushPayloads
import Testing

/// CleverTap: any `W$` or `wzrk_` key on iOS, `wzrk_pn` on Android.
@Suite("CleverTap")
struct CleverTapDecoderTests {
    @Test(
        "iOS, CleverTap isCleverTapNotification: (_isCTPushNotification:) — a key starts with W$ or wzrk_",
        arguments: [
            RuleCase("wzrk_id", #"{"aps":{"alert":"Hi"},"wzrk_id":"1700000000_1"}"#, .cleverTapKeyPrefix),
            RuleCase("wzrk_ and nothing more", #"{"aps":{"alert":"Hi"},"wzrk_":"x"}"#, .cleverTapKeyPrefix),
            RuleCase("values are ignored", #"{"aps":{"alert":"Hi"},"wzrk_dl":null}"#, .cleverTapKeyPrefix),
            RuleCase("W$", #"{"aps":{"alert":"Hi"},"W$acc":"ZZZ"}"#, .cleverTapKeyPrefix),
            RuleCase(
                "the last of many keys",
                #"{"aps":{"alert":"Hi"},"a":1,"b":2,"c":3,"wzrk_pivot":"x"}"#,
                .cleverTapKeyPrefix
            ),
            RuleCase("escaped key", #"{"aps":{"alert":"Hi"},"\u0077zrk_id":"1"}"#, .cleverTapKeyPrefix),
            RuleCase("upper case", #"{"aps":{"alert":"Hi"},"WZRK_id":"1"}"#, nil),
            RuleCase("lower-case w$", #"{"aps":{"alert":"Hi"},"w$acc":"1"}"#, nil),
            RuleCase("wzrk without the underscore", #"{"aps":{"alert":"Hi"},"wzrkid":"1"}"#, nil),
            RuleCase("nested", #"{"aps":{"alert":"Hi"},"deep":{"wzrk_dl":"x"}}"#, nil),
            RuleCase("in a value", #"{"aps":{"alert":"Hi"},"source":"wzrk_id"}"#, nil),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(CleverTapDecoder(), shape: .apns)
    }

    @Test(
        "Android, CleverTapAPI.getNotificationInfo (fromCleverTap) — containsKey(\"wzrk_pn\")",
        arguments: [
            RuleCase("wzrk_pn", #"{"wzrk_pn":"true","nt":"T","nm":"B"}"#, .cleverTapPushFlag),
            RuleCase("any value", #"{"wzrk_pn":"","nm":"B"}"#, .cleverTapPushFlag),
            RuleCase("other wzrk_ keys only", #"{"wzrk_id":"1","wzrk_pid":"p","nm":"B"}"#, nil),
            RuleCase("upper case", #"{"WZRK_PN":"true","nm":"B"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(CleverTapDecoder(), shape: .fcm)
    }

    @Test(
        "silent: Android shouldRender needs nm; iOS the APNs rule",
        arguments: [
            SilenceCase("Android nm", #"{"wzrk_pn":"true","nm":"B"}"#, silent: false),
            SilenceCase("Android no nm", #"{"wzrk_pn":"true","nt":"T"}"#, silent: true),
            SilenceCase("iOS background", #"{"aps":{"content-available":1},"wzrk_id":"1"}"#, silent: true),
            SilenceCase("iOS alert", #"{"aps":{"alert":"A"},"wzrk_id":"1"}"#, silent: false),
        ]
    )
    func silence(_ silence: SilenceCase) throws {
        try silence.check(.clevertap)
    }

    @Test("wzrk_id (Android wzrk_pid first), the wzrk_dl deep link, Android's nt and nm")
    func model() throws {
        let apple = try decodeExtended(#"{"aps":{"alert":"A"},"wzrk_id":"n-1","wzrk_dl":"cart://x"}"#)
        #expect(apple.messageID == "n-1")
        #expect(apple.defaultAction == .deepLink("cart://x"))
        let android = try decodeExtended(
            #"{"wzrk_pn":"true","wzrk_pid":"p-2","wzrk_id":"n-2","nt":"T","nm":"B","wzrk_dl":"cart://y"}"#
        )
        #expect(android.messageID == "p-2")
        #expect(android.title == "T")
        #expect(android.body == "B")
        #expect(android.defaultAction == .deepLink("cart://y"))
    }
}
