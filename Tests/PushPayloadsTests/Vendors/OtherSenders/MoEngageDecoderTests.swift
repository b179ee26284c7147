import PushPayloads
import Testing

/// MoEngage: Android only, from a decompiled PushBase 6.6.0; the iOS check could not be read.
@Suite("MoEngage")
struct MoEngageDecoderTests {
    @Test(
        "Android, MoEPushHelper.isFromMoEngagePlatform (decompiled 6.6.0) — getString(\"push_from\") == \"moengage\"",
        arguments: [
            RuleCase(
                "moengage",
                #"{"push_from":"moengage","gcm_alert":"B","gcm_campaign_id":"c1"}"#,
                .moEngagePushFrom
            ),
            RuleCase("capitalised", #"{"push_from":"MoEngage","gcm_alert":"B"}"#, nil),
            RuleCase("another sender", #"{"push_from":"crm","gcm_alert":"B"}"#, nil),
            RuleCase(
                "MoEngage's keys without push_from",
                #"{"gcm_title":"T","gcm_alert":"B","gcm_campaign_id":"c1"}"#,
                nil
            ),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(MoEngageDecoder(), shape: .fcm)
    }

    @Test(
        "iOS: MoEngageSDKMessaging.isPushFromMoEngage(withPayload:) is closed, so no APNs payload is MoEngage's",
        arguments: [
            RuleCase("integrators' moengage dictionary", #"{"aps":{"alert":"Hi"},"moengage":{"cid":"c1"}}"#, nil),
            RuleCase("Android's marker on APNs", #"{"aps":{"alert":"Hi"},"push_from":"moengage"}"#, nil),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(MoEngageDecoder(), shape: .apns)
    }

    @Test("the campaign id gcm_campaign_id; never silent (no rule was confirmed)")
    func model() throws {
        let push = try decodeExtended(#"{"push_from":"moengage","gcm_campaign_id":"c-9"}"#)
        #expect(push.vendor == .moengage)
        #expect(push.messageID == "c-9")
        #expect(!push.isSilent)
    }
}
