import PushPayloads
import Testing

/// Leanplum: a message id key on iOS, `lp_message` on Android.
@Suite("Leanplum")
struct LeanplumDecoderTests {
    @Test(
        "iOS, Utilities.messageIdFromUserInfo — _lpm, _lpu, _lpn or _lpv, any type",
        arguments: [
            RuleCase("_lpm", #"{"aps":{"alert":"Hi"},"_lpm":"5123"}"#, .leanplumMessageID),
            RuleCase("_lpu", #"{"aps":{"alert":"Hi"},"_lpu":"5123"}"#, .leanplumMessageID),
            RuleCase("_lpn", #"{"aps":{"alert":"Hi"},"_lpn":"5123"}"#, .leanplumMessageID),
            RuleCase("_lpv as a number", #"{"aps":{"alert":"Hi"},"_lpv":5123}"#, .leanplumMessageID),
            RuleCase("null is present", #"{"aps":{"alert":"Hi"},"_lpm":null}"#, .leanplumMessageID),
            RuleCase("the action alone", #"{"aps":{"alert":"Hi"},"_lpx":{"__name__":"Open URL","URL":"l://x"}}"#, nil),
            RuleCase("upper case", #"{"aps":{"alert":"Hi"},"_LPM":"5123"}"#, nil),
            RuleCase("Android's lp_message on APNs", #"{"aps":{"alert":"Hi"},"lp_message":"B"}"#, nil),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(LeanplumDecoder(), shape: .apns)
    }

    @Test(
        "Android, LeanplumFirebaseServiceHandler.onMessageReceived — containsKey(\"lp_message\")",
        arguments: [
            RuleCase("lp_message", #"{"lp_message":"B","_lpm":"5123"}"#, .leanplumMessage),
            RuleCase("a message id alone", #"{"_lpm":"5123","title":"T"}"#, nil),
            RuleCase("upper case", #"{"LP_MESSAGE":"B"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(LeanplumDecoder(), shape: .fcm)
    }

    @Test(
        "silent: Android lp_silent_track; iOS the APNs rule",
        arguments: [
            SilenceCase("Android shown", #"{"lp_message":"B","_lpm":"1"}"#, silent: false),
            SilenceCase("Android silent track", #"{"lp_message":"B","lp_silent_track":"true"}"#, silent: true),
            SilenceCase("iOS background", #"{"aps":{"content-available":1},"_lpv":"1"}"#, silent: true),
            SilenceCase("iOS alert", #"{"aps":{"alert":"A"},"_lpm":"1"}"#, silent: false),
        ]
    )
    func silence(_ silence: SilenceCase) throws {
        try silence.check(.leanplum)
    }

    @Test("the first message id key present, the Open URL action, Android's body lp_message")
    func model() throws {
        let apple = try decodeExtended(
            #"{"aps":{"alert":"A"},"_lpu":"second","_lpm":"first","_lpx":{"__name__":"Open URL","URL":"https://l.example/x"}}"#
        )
        #expect(apple.messageID == "first")
        #expect(apple.defaultAction == .openURL("https://l.example/x"))
        #expect(try decodeExtended(#"{"aps":{"alert":"A"},"_lpn":6123456789}"#).messageID == "6123456789")
        let android = try decodeExtended(
            #"{"lp_message":"B","_lpv":"7","_lpx":"{\"__name__\":\"Open URL\",\"URL\":\"learn://x\"}"}"#
        )
        #expect(android.messageID == "7")
        #expect(android.body == "B")
        #expect(android.defaultAction == .openURL("learn://x"))
        let other = try decodeExtended(#"{"lp_message":"B","_lpx":"{\"__name__\":\"Chain to Existing Message\"}"}"#)
        #expect(other.defaultAction == .openApp)
    }
}
