import PushPayloads
import Testing

/// Salesforce Marketing Cloud: `_sid` is SFMC (Android: decompiled, ignoring case; iOS: a wrapper's check).
@Suite("Salesforce Marketing Cloud")
struct SalesforceDecoderTests {
    @Test(
        "Android, PushMessageManager.isMarketingCloudPush (decompiled) — \"SFMC\".equalsIgnoreCase(_sid)",
        arguments: [
            RuleCase("SFMC", #"{"_sid":"SFMC","_m":"m1","alert":"B"}"#, .salesforceSID),
            RuleCase("lower case", #"{"_sid":"sfmc","alert":"B"}"#, .salesforceSID),
            RuleCase("mixed case", #"{"_sid":"SfMc","alert":"B"}"#, .salesforceSID),
            RuleCase("the long s, which Java upper-cases to S", #"{"_sid":"ſfmc","alert":"B"}"#, .salesforceSID),
            RuleCase("another value", #"{"_sid":"SFMC2","alert":"B"}"#, nil),
            RuleCase("no _sid", #"{"_m":"m1","alert":"B"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(SalesforceDecoder(), shape: .fcm)
    }

    @Test(
        "iOS, a third-party wrapper's isMarketingCloudNotification — _sid as? String == \"SFMC\"",
        arguments: [
            RuleCase("SFMC", #"{"aps":{"alert":"Hi"},"_sid":"SFMC"}"#, .salesforceSIDWrapper),
            RuleCase("lower case", #"{"aps":{"alert":"Hi"},"_sid":"sfmc"}"#, nil),
            RuleCase("not a string", #"{"aps":{"alert":"Hi"},"_sid":["SFMC"]}"#, nil),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(SalesforceDecoder(), shape: .apns)
    }

    @Test("the iOS marker is not an SDK entry point's rule")
    func wrapperMarker() {
        #expect(!PushMarker.salesforceSIDWrapper.isEntryPointRule)
        #expect(PushMarker.salesforceSID.isEntryPointRule)
    }

    @Test("Android: _m, title, subtitle, alert and the open-direct URL _od; iOS: the APNs alert only")
    func model() throws {
        let android = try decodeExtended(
            #"{"_sid":"SFMC","_m":"m-1","title":"T","subtitle":"S","alert":"B","_od":"clinic://a"}"#
        )
        #expect(android.messageID == "m-1")
        #expect(android.title == "T")
        #expect(android.subtitle == "S")
        #expect(android.body == "B")
        #expect(android.defaultAction == .deepLink("clinic://a"))
        let apple = try decodeExtended(#"{"aps":{"alert":"A"},"_sid":"SFMC","_m":"m-2","_od":"clinic://b"}"#)
        #expect(apple.messageID == nil)
        #expect(apple.body == "A")
        #expect(apple.defaultAction == .openApp)
    }
}
