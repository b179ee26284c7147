import PushPayloads
import Testing

/// Batch: `com.batch`, a non-empty dictionary on iOS, present on Android.
@Suite("Batch")
struct BatchDecoderTests {
    @Test(
        "iOS, BAPushCenter isBatchPush: — com.batch is a non-empty NSDictionary",
        arguments: [
            RuleCase("dictionary", #"{"aps":{"alert":"Hi"},"com.batch":{"i":"6y4g","l":"k://x"}}"#, .batchPayload),
            RuleCase("empty dictionary", #"{"aps":{"alert":"Hi"},"com.batch":{}}"#, nil),
            RuleCase("JSON string", #"{"aps":{"alert":"Hi"},"com.batch":"{\"i\":\"6y4g\"}"}"#, nil),
            RuleCase("a similar key", #"{"aps":{"alert":"Hi"},"com.batch.i":"6y4g"}"#, nil),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(BatchDecoder(), shape: .apns)
    }

    @Test(
        "Android, PushModule.isBatchPush — data non-empty and data.get(\"com.batch\") != null",
        arguments: [
            RuleCase("JSON object", #"{"com.batch":"{\"i\":\"6y4g\"}","title":"T","msg":"B"}"#, .batchPayload),
            RuleCase("not JSON: parsed only later", #"{"com.batch":"x","msg":"B"}"#, .batchPayload),
            RuleCase("text keys alone", #"{"title":"T","msg":"B"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(BatchDecoder(), shape: .fcm)
    }

    @Test(
        "silent: Android InternalPushData.isSilent (s, getBoolean); iOS the APNs rule",
        arguments: [
            SilenceCase("s true", #"{"com.batch":"{\"i\":\"x\",\"s\":true}"}"#, silent: true),
            SilenceCase("s \"TRUE\"", #"{"com.batch":"{\"s\":\"TRUE\"}"}"#, silent: true),
            SilenceCase("s false", #"{"com.batch":"{\"s\":false}","msg":"B"}"#, silent: false),
            SilenceCase("s 1 (getBoolean throws)", #"{"com.batch":"{\"s\":1}","msg":"B"}"#, silent: false),
            SilenceCase("no s", #"{"com.batch":"{\"i\":\"x\"}","msg":"B"}"#, silent: false),
            SilenceCase("iOS background", #"{"aps":{"content-available":1},"com.batch":{"i":"x"}}"#, silent: true),
        ]
    )
    func silence(_ silence: SilenceCase) throws {
        try silence.check(.batch)
    }

    @Test("com.batch's i and deep link l; Android's title and msg")
    func model() throws {
        let apple = try decodeExtended(#"{"aps":{"alert":"A"},"com.batch":{"i":"b-1","l":"kick://cal"}}"#)
        #expect(apple.messageID == "b-1")
        #expect(apple.defaultAction == .deepLink("kick://cal"))
        let android = try decodeExtended(#"{"com.batch":"{\"i\":\"b-2\",\"l\":\" \"}","title":"T","msg":"B"}"#)
        #expect(android.messageID == "b-2")
        #expect(android.title == "T")
        #expect(android.body == "B")
        #expect(android.defaultAction == .openApp, "a blank link is no link (isSchemeEmpty)")
    }
}
