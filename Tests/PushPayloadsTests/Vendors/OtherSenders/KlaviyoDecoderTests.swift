import PushPayloads
import Testing

/// Klaviyo: `body._k` on iOS, `_k` on Android.
@Suite("Klaviyo")
struct KlaviyoDecoderTests {
    @Test(
        "iOS, Dictionary.isKlaviyoNotification() — body as? [String: Any] with body[\"_k\"] != nil",
        arguments: [
            RuleCase("body._k object", #"{"aps":{"alert":"Hi"},"body":{"_k":{"c":"01J"}}}"#, .klaviyoBodyK),
            RuleCase("body._k of any type", #"{"aps":{"alert":"Hi"},"body":{"_k":1}}"#, .klaviyoBodyK),
            RuleCase("top-level _k", #"{"aps":{"alert":"Hi"},"_k":"{\"c\":\"01J\"}"}"#, nil),
            RuleCase("body as a JSON string", #"{"aps":{"alert":"Hi"},"body":"{\"_k\":1}"}"#, nil),
            RuleCase("body without _k", #"{"aps":{"alert":"Hi"},"body":{"screen":"home"}}"#, nil),
            RuleCase("upper-case _K", #"{"aps":{"alert":"Hi"},"body":{"_K":1}}"#, nil),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(KlaviyoDecoder(), shape: .apns)
    }

    @Test(
        "Android, RemoteMessage.isKlaviyoMessage — data.containsKey(\"_k\")",
        arguments: [
            RuleCase("_k", #"{"_k":"{\"c\":\"01J\"}","title":"T","body":"B"}"#, .klaviyoK),
            RuleCase("any value", #"{"_k":"","body":"B"}"#, .klaviyoK),
            RuleCase("text keys only", #"{"title":"T","body":"B","url":"t://x"}"#, nil),
            RuleCase("upper case", #"{"_K":"x","body":"B"}"#, nil),
            RuleCase("iOS's body._k as JSON", #"{"body":"{\"_k\":1}","title":"T"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(KlaviyoDecoder(), shape: .fcm)
    }

    @Test(
        "silent: Android isKlaviyoNotification needs title or body; iOS the APNs rule",
        arguments: [
            SilenceCase("Android title", #"{"_k":"x","title":"T"}"#, silent: false),
            SilenceCase("Android empty body", #"{"_k":"x","body":""}"#, silent: false),
            SilenceCase("Android neither", #"{"_k":"x","url":"t://x"}"#, silent: true),
            SilenceCase("iOS background", #"{"aps":{"content-available":1},"body":{"_k":1}}"#, silent: true),
        ]
    )
    func silence(_ silence: SilenceCase) throws {
        try silence.check(.klaviyo)
    }

    @Test("the top-level url on both platforms (not inside body); Android's title and body")
    func model() throws {
        let apple = try decodeExtended(
            #"{"aps":{"alert":{"title":"T","body":"B"}},"body":{"_k":1,"url":"no://x"},"url":"t://new"}"#
        )
        #expect(apple.defaultAction == .deepLink("t://new"))
        #expect(apple.body == "B")
        #expect(apple.messageID == nil)
        let android = try decodeExtended(#"{"_k":"x","title":"T","body":"B","url":"t://sale"}"#)
        #expect(android.title == "T")
        #expect(android.body == "B")
        #expect(android.defaultAction == .deepLink("t://sale"))
    }
}
