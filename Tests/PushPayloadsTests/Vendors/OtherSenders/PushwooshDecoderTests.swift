import PushPayloads
import Testing

/// Pushwoosh: `pw_msg` present, on both platforms; never the hash `p`.
@Suite("Pushwoosh")
struct PushwooshDecoderTests {
    @Test(
        "iOS, PWMessage isPushwooshMessage: — userInfo[\"pw_msg\"] != nil",
        arguments: [
            RuleCase("pw_msg string", #"{"aps":{"alert":"Hi"},"pw_msg":"1","p":"abc12"}"#, .pushwooshMessage),
            RuleCase("pw_msg number", #"{"aps":{"alert":"Hi"},"pw_msg":1}"#, .pushwooshMessage),
            RuleCase("the hash alone", #"{"aps":{"alert":"Hi"},"p":"abc12","l":"https://p.example"}"#, nil),
            RuleCase("upper case", #"{"aps":{"alert":"Hi"},"PW_MSG":"1"}"#, nil),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(PushwooshDecoder(), shape: .apns)
    }

    @Test(
        "Android, PushwooshFcmHelper.isPushwooshMessage (RemoteMessageUtils) — data.containsKey(\"pw_msg\")",
        arguments: [
            RuleCase("pw_msg", #"{"pw_msg":"1","p":"abc12","title":"Body"}"#, .pushwooshMessage),
            RuleCase("the hash and text alone", #"{"p":"abc12","title":"Body","header":"Title"}"#, nil),
            RuleCase("Braze's p (a priority)", #"{"p":"1","t":"T","a":"A"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(PushwooshDecoder(), shape: .fcm)
    }

    @Test(
        "silent: Android PushBundleDataProvider.isSilent (getStringBoolean: \"true\" or parseInt > 0); iOS the APNs rule",
        arguments: [
            SilenceCase("silent true", #"{"pw_msg":"1","silent":"true"}"#, silent: true),
            SilenceCase("pw_silent 1", #"{"pw_msg":"1","pw_silent":"1"}"#, silent: true),
            SilenceCase("pw_silent +2", #"{"pw_msg":"1","pw_silent":"+2"}"#, silent: true),
            SilenceCase("silent True (TextUtils.equals is exact)", #"{"pw_msg":"1","silent":"True"}"#, silent: false),
            SilenceCase("silent 0", #"{"pw_msg":"1","silent":"0"}"#, silent: false),
            SilenceCase("silent -1", #"{"pw_msg":"1","silent":"-1"}"#, silent: false),
            SilenceCase("silent beyond Int32", #"{"pw_msg":"1","silent":"2147483648"}"#, silent: false),
            SilenceCase("no flag", #"{"pw_msg":"1","title":"B"}"#, silent: false),
            SilenceCase(
                "iOS content-available beside an alert is shown",
                #"{"aps":{"alert":"A","content-available":1},"pw_msg":"1"}"#,
                silent: false
            ),
            SilenceCase("iOS background", #"{"aps":{"content-available":1},"pw_msg":"1"}"#, silent: true),
        ]
    )
    func silence(_ silence: SilenceCase) throws {
        try silence.check(.pushwoosh)
    }

    @Test("the hash p, the link l; Android's header (title) and title (the message)")
    func model() throws {
        let apple = try decodeExtended(#"{"aps":{"alert":"A"},"pw_msg":"1","p":"h-1","l":"https://tv.example/x"}"#)
        #expect(apple.messageID == "h-1")
        #expect(apple.defaultAction == .openURL("https://tv.example/x"))
        let android = try decodeExtended(#"{"pw_msg":"1","p":"h-2","title":"The message","header":"The title"}"#)
        #expect(android.messageID == "h-2")
        #expect(android.title == "The title")
        #expect(android.body == "The message")
    }
}
