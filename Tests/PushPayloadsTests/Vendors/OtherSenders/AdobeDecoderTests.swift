import PushPayloads
import Testing

/// Adobe Journey Optimizer: `_xdm` on iOS, `_xdm` or `adb_title` on Android.
@Suite("Adobe Journey Optimizer")
struct AdobeDecoderTests {
    @Test(
        "iOS, Messaging.handleNotificationResponse — _xdm as? [String: Any], not empty",
        arguments: [
            RuleCase("_xdm", #"{"aps":{"alert":"Hi"},"_xdm":{"cjm":{"_experience":{}}}}"#, .adobeXDM),
            RuleCase("empty _xdm", #"{"aps":{"alert":"Hi"},"_xdm":{}}"#, nil),
            RuleCase("_xdm as a JSON string", #"{"aps":{"alert":"Hi"},"_xdm":"{\"cjm\":{}}"}"#, nil),
            RuleCase("Android's adb_title on APNs", #"{"aps":{"alert":"Hi"},"adb_title":"T"}"#, nil),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(AdobeDecoder(), shape: .apns)
    }

    @Test(
        "Android, MessagingService.isAJONotification — containsKey(\"_xdm\") || containsKey(\"adb_title\")",
        arguments: [
            RuleCase("_xdm", #"{"_xdm":"{\"cjm\":{}}","adb_body":"B"}"#, .adobeAJO),
            RuleCase("adb_title", #"{"adb_title":"T","adb_uri":"m://x"}"#, .adobeAJO),
            RuleCase("adb_body alone", #"{"adb_body":"B","adb_uri":"m://x"}"#, nil),
            RuleCase("upper case", #"{"ADB_TITLE":"T"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(AdobeDecoder(), shape: .fcm)
    }

    @Test(
        "silent: Android MessagingPushPayload.isSilentPushMessage (no adb_title, no adb_body); iOS the APNs rule",
        arguments: [
            SilenceCase("Android title", #"{"_xdm":"{}","adb_title":"T"}"#, silent: false),
            SilenceCase("Android body", #"{"_xdm":"{}","adb_body":"B"}"#, silent: false),
            SilenceCase("Android neither", #"{"_xdm":"{}","adb_iam_id":"i"}"#, silent: true),
            SilenceCase("iOS background", #"{"aps":{"content-available":1},"_xdm":{"a":1}}"#, silent: true),
        ]
    )
    func silence(_ silence: SilenceCase) throws {
        try silence.check(.adobe)
    }

    @Test(
        "Android: adb_uri as adb_a_type says",
        arguments: [
            ("DEEPLINK", PushAction.deepLink("miles://x")),
            ("WEBURL", PushAction.openURL("miles://x")),
            ("DISMISS", PushAction.dismiss),
            ("OPENAPP", PushAction.openApp),
            ("deeplink", PushAction.openApp),
        ]
    )
    func androidAction(_ type: String, _ action: PushAction) throws {
        let push = try decodeExtended(
            #"{"adb_title":"T","adb_body":"B","adb_uri":"miles://x","adb_a_type":"\#(type)"}"#
        )
        #expect(push.defaultAction == action)
        #expect(push.title == "T")
        #expect(push.body == "B")
    }

    @Test("iOS: adb_uri as a deep link; no message id in the payload")
    func appleModel() throws {
        let push = try decodeExtended(#"{"aps":{"alert":"A"},"_xdm":{"a":1},"adb_uri":"miles://points"}"#)
        #expect(push.defaultAction == .deepLink("miles://points"))
        #expect(push.messageID == nil)
    }
}
