import PushPayloads
import Testing

/// Airship: the send id or metadata keys, exactly (never a `com.urbanairship` prefix, never `_` as a prefix).
@Suite("Airship")
struct AirshipDecoderTests {
    @Test(
        "iOS, UNNotificationRequest.isAirship (service extension) — _, metadata or media_attachment present",
        arguments: [
            RuleCase("send id", #"{"aps":{"alert":"Hi"},"_":"e68c9ab6"}"#, .airshipNotificationKeys),
            RuleCase("send id of another type", #"{"aps":{"alert":"Hi"},"_":42}"#, .airshipNotificationKeys),
            RuleCase(
                "metadata",
                #"{"aps":{"alert":"Hi"},"com.urbanairship.metadata":"eyJ2Ijox"}"#,
                .airshipNotificationKeys
            ),
            RuleCase(
                "media attachment",
                #"{"aps":{"alert":"Hi"},"com.urbanairship.media_attachment":{"url":["https://m.example/a.png"]}}"#,
                .airshipNotificationKeys
            ),
            RuleCase("actions only", #"{"aps":{"alert":"Hi"},"^d":"air://x"}"#, nil),
            RuleCase("keys that start with _", #"{"aps":{"alert":"Hi"},"_id":"x","__":"y"}"#, nil),
            RuleCase("another com.urbanairship key", #"{"aps":{"alert":"Hi"},"com.urbanairship.other":"x"}"#, nil),
            RuleCase("Android's push id on APNs", #"{"aps":{"alert":"Hi"},"com.urbanairship.push.PUSH_ID":"x"}"#, nil),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(AirshipDecoder(), shape: .apns)
    }

    @Test(
        "Android, PushMessage.isAirshipPush — PUSH_ID, CANONICAL_PUSH_ID or metadata present",
        arguments: [
            RuleCase(
                "push id",
                #"{"com.urbanairship.push.PUSH_ID":"e68c","com.urbanairship.push.ALERT":"Hi"}"#,
                .airshipPushID
            ),
            RuleCase("canonical push id", #"{"com.urbanairship.push.CANONICAL_PUSH_ID":"e68c"}"#, .airshipPushID),
            RuleCase(
                "metadata",
                #"{"com.urbanairship.metadata":"eyJ2Ijox","com.urbanairship.push.ALERT":"Hi"}"#,
                .airshipPushID
            ),
            RuleCase("prefixed keys only", #"{"com.urbanairship.push.ALERT":"Hi","com.urbanairship.title":"T"}"#, nil),
            RuleCase("lower-case push id", #"{"com.urbanairship.push.push_id":"e68c"}"#, nil),
            RuleCase("iOS's send id on FCM", #"{"_":"e68c","com.urbanairship.push.ALERT":"Hi"}"#, nil),
            RuleCase("Accengage's a4sid (not PushMessage.isAirshipPush)", #"{"a4sid":"123","title":"T"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(AirshipDecoder(), shape: .fcm)
    }

    @Test(
        "silent: Android PING, or no ALERT (AirshipNotificationProvider); iOS the APNs rule",
        arguments: [
            SilenceCase(
                "Android alert",
                #"{"com.urbanairship.push.PUSH_ID":"x","com.urbanairship.push.ALERT":"A"}"#,
                silent: false
            ),
            SilenceCase(
                "Android empty alert",
                #"{"com.urbanairship.push.PUSH_ID":"x","com.urbanairship.push.ALERT":""}"#,
                silent: true
            ),
            SilenceCase(
                "Android ping",
                #"{"com.urbanairship.push.PUSH_ID":"x","com.urbanairship.push.ALERT":"A","com.urbanairship.push.PING":"1"}"#,
                silent: true
            ),
            SilenceCase("iOS background", #"{"aps":{"content-available":1},"_":"x"}"#, silent: true),
            SilenceCase("iOS alert", #"{"aps":{"alert":"A","content-available":1},"_":"x"}"#, silent: false),
        ]
    )
    func silence(_ silence: SilenceCase) throws {
        try silence.check(.airship)
    }

    @Test("the send id; Android's title, alert and ^d deep-link action")
    func model() throws {
        #expect(try decodeExtended(#"{"aps":{"alert":"A"},"_":"send-1"}"#).messageID == "send-1")
        let android = try decodeExtended(
            #"{"com.urbanairship.push.PUSH_ID":"send-2","com.urbanairship.push.ALERT":"B","com.urbanairship.title":"T","com.urbanairship.actions":"{\"^d\":\"air://gate\"}"}"#
        )
        #expect(android.messageID == "send-2")
        #expect(android.title == "T")
        #expect(android.body == "B")
        #expect(android.defaultAction == .deepLink("air://gate"))
        let named = try decodeExtended(
            #"{"com.urbanairship.push.CANONICAL_PUSH_ID":"c-3","com.urbanairship.push.ALERT":"B","com.urbanairship.actions":"{\"deep_link_action\":\"air://x\"}"}"#
        )
        #expect(named.messageID == "c-3")
        #expect(named.defaultAction == .deepLink("air://x"))
    }
}
