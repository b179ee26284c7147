import PushPayloads
import Testing

/// Firebase: the analytics flag "1", claimed last.
@Suite("Firebase")
struct FirebaseDecoderTests {
    @Test(
        "iOS, FIRMessagingAnalytics canLogNotification: — google.c.a.e is the NSString \"1\", nothing else",
        arguments: [
            RuleCase(
                "console push",
                #"{"aps":{"alert":"Hi"},"gcm.message_id":"17","google.c.a.e":"1","google.c.a.c_id":"5510"}"#,
                .firebaseAnalytics
            ),
            RuleCase(
                "no composer id",
                #"{"aps":{"alert":"Hi"},"gcm.message_id":"17","google.c.a.e":"1"}"#,
                .firebaseAnalytics
            ),
            RuleCase(
                "numeric composer id",
                #"{"aps":{"alert":"Hi"},"google.c.a.e":"1","google.c.a.c_id":5510}"#,
                .firebaseAnalytics
            ),
            RuleCase("the number 1", #"{"aps":{"alert":"Hi"},"google.c.a.e":1,"google.c.a.c_id":"5510"}"#, nil),
            RuleCase("true", #"{"aps":{"alert":"Hi"},"google.c.a.e":true}"#, nil),
            RuleCase("\"0\"", #"{"aps":{"alert":"Hi"},"google.c.a.e":"0","google.c.a.c_id":"5510"}"#, nil),
            RuleCase("\" 1\"", #"{"aps":{"alert":"Hi"},"google.c.a.e":" 1"}"#, nil),
            RuleCase(
                "FCM transport keys only",
                #"{"aps":{"alert":"Hi"},"gcm.message_id":"17","google.c.sender.id":"41","google.c.fid":"f"}"#,
                nil
            ),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(FirebaseDecoder(), shape: .apns)
    }

    @Test(
        "Android, MessagingAnalytics.shouldUploadScionMetrics — \"1\".equals(extras.getString(\"google.c.a.e\")), raw extras",
        arguments: [
            RuleCase(
                "raw intent extras",
                #"{"google.c.a.e":"1","google.c.a.c_id":"5510","google.message_id":"0:17","gcm.n.e":"1","k":"v"}"#,
                .firebaseAnalytics
            ),
            RuleCase("no composer id", #"{"google.c.a.e":"1","gcm.n.e":"1"}"#, .firebaseAnalytics),
            RuleCase("what getData() leaves", #"{"k":"v"}"#, nil),
            RuleCase("\"true\"", #"{"google.c.a.e":"true","gcm.n.e":"1"}"#, nil),
            RuleCase("\"01\"", #"{"google.c.a.e":"01","gcm.n.e":"1"}"#, nil),
            RuleCase("another case of the key", #"{"Google.c.a.e":"1","gcm.n.e":"1"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(FirebaseDecoder(), shape: .fcm)
    }

    @Test(
        "silent: Android NotificationParams.isNotification (gcm.n.e or gcm.notification.e \"1\"); iOS the APNs rule",
        arguments: [
            SilenceCase("gcm.n.e", #"{"google.c.a.e":"1","google.c.a.c_id":"5","gcm.n.e":"1"}"#, silent: false),
            SilenceCase(
                "legacy gcm.notification.e",
                #"{"google.c.a.e":"1","google.c.a.c_id":"5","gcm.notification.e":"1"}"#,
                silent: false
            ),
            SilenceCase("data message", #"{"google.c.a.e":"1","google.c.a.c_id":"5","k":"v"}"#, silent: true),
            SilenceCase("iOS alert", #"{"aps":{"alert":"A"},"google.c.a.e":"1","google.c.a.c_id":"5"}"#, silent: false),
            SilenceCase(
                "iOS background",
                #"{"aps":{"content-available":1},"google.c.a.e":"1","google.c.a.c_id":"5"}"#,
                silent: true
            ),
        ]
    )
    func silence(_ silence: SilenceCase) throws {
        try silence.check(.firebase)
    }

    @Test(
        "iOS: gcm.message_id and gcm.app_link; Android: google.message_id and the gcm.n.* (or gcm.notification.*) text"
    )
    func model() throws {
        let apple = try decodeExtended(
            #"{"aps":{"alert":"A"},"gcm.message_id":"17","google.c.a.e":"1","google.c.a.c_id":"5","gcm.app_link":"tally://x"}"#
        )
        #expect(apple.messageID == "17")
        #expect(apple.defaultAction == .deepLink("tally://x"))
        let android = try decodeExtended(
            #"{"google.c.a.e":"1","google.c.a.c_id":"5","google.message_id":"0:18","gcm.n.e":"1","gcm.n.title":"T","gcm.notification.body":"B","title":"x"}"#
        )
        #expect(android.messageID == "0:18")
        #expect(android.title == "T")
        #expect(android.body == "B")
    }

    @Test("the marker is not an SDK entry point's rule: Firebase Messaging takes every push")
    func noEntryPoint() {
        #expect(!PushMarker.firebaseAnalytics.isEntryPointRule)
    }
}
