import PushPayloads
import Testing

/// Braze: `ab` on iOS (`ABKPushUtils`, the open compatibility layer of the closed BrazeKit), `_ab` on Android.
@Suite("Braze")
struct BrazeDecoderTests {
    @Test(
        "iOS, ABKPushUtils isAppboyRemoteNotification: — ab is a non-empty NSDictionary",
        arguments: [
            RuleCase("a dictionary", #"{"aps":{"alert":"Hi"},"ab":{"c":"Y2FtcGFpZ24="}}"#, .brazeAB),
            RuleCase("any member will do", #"{"aps":{"alert":"Hi"},"ab":{"x":null}}"#, .brazeAB),
            RuleCase("empty dictionary", #"{"aps":{"alert":"Hi"},"ab":{}}"#, nil),
            RuleCase("string", #"{"aps":{"alert":"Hi"},"ab":"c=abc"}"#, nil),
            RuleCase("array", #"{"aps":{"alert":"Hi"},"ab":[{"c":"x"}]}"#, nil),
            RuleCase("wrong case", #"{"aps":{"alert":"Hi"},"AB":{"c":"x"}}"#, nil),
            RuleCase("Android's _ab on APNs", #"{"aps":{"alert":"Hi"},"_ab":"true"}"#, nil),
            RuleCase("escaped key", #"{"aps":{"alert":"Hi"},"\u0061b":{"c":"x"}}"#, .brazeAB),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(BrazeDecoder(), shape: .apns)
    }

    @Test(
        "Android, BrazeFirebaseMessagingService.isBrazePushNotification — data[\"_ab\"] == \"true\" exactly",
        arguments: [
            RuleCase("the literal true", #"{"_ab":"true","t":"T","a":"A"}"#, .brazeABFlag),
            RuleCase("capitalised", #"{"_ab":"True","t":"T","a":"A"}"#, nil),
            RuleCase("upper case", #"{"_ab":"TRUE","t":"T","a":"A"}"#, nil),
            RuleCase("one", #"{"_ab":"1","t":"T","a":"A"}"#, nil),
            RuleCase("iOS's ab as a JSON string", #"{"ab":"{\"c\":\"x\"}","t":"T"}"#, nil),
            RuleCase("Braze's other keys without _ab", #"{"t":"T","a":"A","p":"1","cid":"c"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(BrazeDecoder(), shape: .fcm)
    }

    @Test(
        "silent: iOS isAppboySilentRemoteNotification: (content-available intValue 1), Android isNotificationMessage (t and a)",
        arguments: [
            SilenceCase("iOS background", #"{"aps":{"content-available":1},"ab":{"c":"x"}}"#, silent: true),
            SilenceCase("iOS intValue of a string", #"{"aps":{"content-available":"1"},"ab":{"c":"x"}}"#, silent: true),
            SilenceCase(
                "iOS content-available with an alert",
                #"{"aps":{"alert":"A","content-available":1},"ab":{"c":"x"}}"#,
                silent: true
            ),
            SilenceCase("iOS alert", #"{"aps":{"alert":"A"},"ab":{"c":"x"}}"#, silent: false),
            SilenceCase("iOS content-available 0", #"{"aps":{"content-available":0},"ab":{"c":"x"}}"#, silent: false),
            SilenceCase("Android title and body", #"{"_ab":"true","t":"T","a":"A"}"#, silent: false),
            SilenceCase("Android title only", #"{"_ab":"true","t":"T"}"#, silent: true),
            SilenceCase("Android data only", #"{"_ab":"true","cid":"c"}"#, silent: true),
        ]
    )
    func silence(_ silence: SilenceCase) throws {
        try silence.check(.braze)
    }

    @Test("Android: title t, body a, push id br_p_id (else cid), deep link uri")
    func androidModel() throws {
        let push = try decodeExtended(
            #"{"_ab":"true","t":"Plan","a":"Five runs","uri":"pace://plan","cid":"c-1","br_p_id":"p-1","title":"x"}"#
        )
        #expect(push.vendor == .braze)
        #expect(push.title == "Plan")
        #expect(push.body == "Five runs")
        #expect(push.messageID == "p-1")
        #expect(push.defaultAction == .deepLink("pace://plan"))
        #expect(try decodeExtended(#"{"_ab":"true","cid":"c-2"}"#).messageID == "c-2")
    }

    @Test("iOS: the APNs alert, no id or link (BrazeKit's keys are not in the open source)")
    func appleModel() throws {
        let push = try decodeExtended(#"{"aps":{"alert":{"title":"T","body":"B"}},"ab":{"c":"x"},"ab_uri":"a://b"}"#)
        #expect(push.vendor == .braze)
        #expect(push.title == "T")
        #expect(push.body == "B")
        #expect(push.messageID == nil)
        #expect(push.defaultAction == .openApp)
    }
}
