import PushPayloads
import Testing

/// Pushes from other senders never carry our vendors' markers, whatever generic keys they share.
@Suite("Other senders")
struct OtherSendersTests {
    @Test(
        "come out unknown",
        arguments: [
            (
                "Braze",
                #"{"aps":{"alert":{"title":"Hi","body":"There"}},"ab":{"c":"campaign","t":"deeplink"},"ab_uri":"app://x"}"#
            ),
            (
                "OneSignal",
                #"{"aps":{"alert":"Hello","mutable-content":1},"custom":{"i":"b2f7f966-d8cc","u":"https://o.example"}}"#
            ),
            ("Airship", #"{"aps":{"alert":"Hi"},"com.urbanairship.metadata":"eyJ2ZXJzaW9u","_":"a8a1c1f0"}"#),
            (
                "Iterable",
                #"{"aps":{"alert":"Hi"},"itbl":{"campaignId":1,"templateId":2,"messageId":"m","isGhostPush":false}}"#
            ),
            (
                "Customer.io",
                #"{"aps":{"alert":"Hi"},"CIO-Delivery-ID":"RPILAgUBcRhIBqSfeiIwdIYJKxTY","CIO-Delivery-Token":"tok"}"#
            ),
            (
                "Firebase",
                #"{"aps":{"alert":{"title":"T","body":"B"}},"gcm.message_id":"1700000000","google.c.a.e":"1","google.c.sender.id":"123"}"#
            ),
            ("Firebase data", #"{"gcm.message_id":"1","title":"T","body":"B","url":"https://x.example"}"#),
            (
                "generic keys",
                #"{"url":"https://x.example","actions":[{"title":"a"}],"title":"t","deepLink":{"url":"app://x"},"image":"i"}"#
            ),
            ("plain alert", #"{"aps":{"alert":"Hi","badge":1,"sound":"default"}}"#),
        ]
    )
    func unknown(_ sender: String, _ json: String) throws {
        let classification = try classify(json)
        #expect(classification.vendor == nil, "\(sender)")
        #expect(classification.alsoMatching.isEmpty)
        #expect(!classification.isSilent)
    }

    @Test("an unknown background push is silent by the APNs rule")
    func unknownSilent() throws {
        #expect(try classify(#"{"aps":{"content-available":1},"ab":{"c":"x"}}"#).isSilent)
    }

    @Test("unknown pushes still get the vendor-neutral reading")
    func neutralModel() throws {
        let notification = try decode(
            #"{"aps":{"alert":{"title":"T","subtitle":"S","body":"B"},"badge":4,"sound":{"critical":1,"name":"alarm.caf","volume":0.5},"category":"MSG","thread-id":"th","interruption-level":"time-sensitive","relevance-score":0.75,"mutable-content":1}}"#
        )
        #expect(notification.vendor == nil)
        #expect(notification.title == "T")
        #expect(notification.subtitle == "S")
        #expect(notification.body == "B")
        #expect(notification.badge == 4)
        #expect(notification.sound == "alarm.caf")
        #expect(notification.category == "MSG")
        #expect(notification.threadID == "th")
        #expect(notification.interruptionLevel == .timeSensitive)
        #expect(notification.relevanceScore == 0.75)
        #expect(notification.isMutableContent)
        #expect(notification.defaultAction == .openApp)
        #expect(notification.document.rootObject.isEmpty == false)
    }
}
