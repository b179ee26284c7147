import PushPayloads
import Testing

/// Customer.io: string `CIO-Delivery-ID` and `CIO-Delivery-Token`, on both platforms.
@Suite("Customer.io")
struct CustomerIODecoderTests {
    @Test(
        "iOS, PushNotification.isPushSentFromCio — both delivery keys as? String",
        arguments: [
            RuleCase(
                "both strings",
                #"{"aps":{"alert":"Hi"},"CIO-Delivery-ID":"dlv_1","CIO-Delivery-Token":"tok"}"#,
                .customerIODelivery
            ),
            RuleCase(
                "empty strings count",
                #"{"aps":{"alert":"Hi"},"CIO-Delivery-ID":"","CIO-Delivery-Token":""}"#,
                .customerIODelivery
            ),
            RuleCase("no token", #"{"aps":{"alert":"Hi"},"CIO-Delivery-ID":"dlv_1"}"#, nil),
            RuleCase("no id", #"{"aps":{"alert":"Hi"},"CIO-Delivery-Token":"tok"}"#, nil),
            RuleCase("numeric id", #"{"aps":{"alert":"Hi"},"CIO-Delivery-ID":123,"CIO-Delivery-Token":"tok"}"#, nil),
            RuleCase("null token", #"{"aps":{"alert":"Hi"},"CIO-Delivery-ID":"dlv_1","CIO-Delivery-Token":null}"#, nil),
            RuleCase(
                "lower-case keys",
                #"{"aps":{"alert":"Hi"},"cio-delivery-id":"dlv_1","cio-delivery-token":"tok"}"#,
                nil
            ),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(CustomerIODecoder(), shape: .apns)
    }

    @Test(
        "Android, CustomerIOPushNotificationHandler.handleMessage — getString of both delivery keys non-null",
        arguments: [
            RuleCase(
                "both",
                #"{"CIO-Delivery-ID":"dlv_1","CIO-Delivery-Token":"tok","title":"T","body":"B"}"#,
                .customerIODelivery
            ),
            RuleCase("token only", #"{"CIO-Delivery-Token":"tok","title":"T"}"#, nil),
            RuleCase("id only", #"{"CIO-Delivery-ID":"dlv_1","title":"T"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(CustomerIODecoder(), shape: .fcm)
    }

    @Test(
        "silent: no rule in either SDK, so the APNs rule (never on FCM)",
        arguments: [
            SilenceCase(
                "iOS background",
                #"{"aps":{"content-available":1},"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t"}"#,
                silent: true
            ),
            SilenceCase(
                "iOS alert",
                #"{"aps":{"alert":"A"},"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t"}"#,
                silent: false
            ),
            SilenceCase("Android without text", #"{"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t"}"#, silent: false),
        ]
    )
    func silence(_ silence: SilenceCase) throws {
        try silence.check(.customerio)
    }

    @Test("the delivery id; the deep link CIO.push.link (iOS) or link (Android); Android's title and body")
    func model() throws {
        let apple = try decodeExtended(
            #"{"aps":{"alert":"A"},"CIO-Delivery-ID":"d-1","CIO-Delivery-Token":"t","CIO":{"push":{"link":"bill://x"}}}"#
        )
        #expect(apple.messageID == "d-1")
        #expect(apple.defaultAction == .deepLink("bill://x"))
        let android = try decodeExtended(
            #"{"CIO-Delivery-ID":"d-2","CIO-Delivery-Token":"t","title":"T","body":"B","subtitle":"S","link":"bill://y"}"#
        )
        #expect(android.messageID == "d-2")
        #expect(android.title == "T")
        #expect(android.subtitle == nil)
        #expect(android.body == "B")
        #expect(android.defaultAction == .deepLink("bill://y"))
    }
}
