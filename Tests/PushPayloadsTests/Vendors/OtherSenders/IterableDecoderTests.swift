import PushPayloads
import Testing

/// Iterable: `NotificationHelper.inspect(notification:)` on iOS, the presence of `itbl` on Android.
@Suite("Iterable")
struct IterableDecoderTests {
    @Test(
        "iOS, NotificationHelper.inspect(notification:) — itbl dictionary, isGhostPush as? Bool, typed ids",
        arguments: [
            RuleCase(
                "campaign push",
                #"{"aps":{"alert":"Hi"},"itbl":{"isGhostPush":false,"campaignId":123,"templateId":456,"messageId":"m1"}}"#,
                .iterableMetadata
            ),
            RuleCase(
                "proof without campaignId",
                #"{"aps":{"alert":"Hi"},"itbl":{"isGhostPush":false,"templateId":456,"messageId":"m1"}}"#,
                .iterableMetadata
            ),
            RuleCase(
                "isGhostPush 0 bridges to Bool",
                #"{"aps":{"alert":"Hi"},"itbl":{"isGhostPush":0,"templateId":456,"messageId":"m1"}}"#,
                .iterableMetadata
            ),
            RuleCase(
                "a Boolean templateId is an NSNumber",
                #"{"aps":{"alert":"Hi"},"itbl":{"isGhostPush":false,"templateId":true,"messageId":"m1"}}"#,
                .iterableMetadata
            ),
            RuleCase(
                "ghost push with a notificationType",
                #"{"aps":{"content-available":1},"itbl":{"isGhostPush":true},"notificationType":"UpdateEmbedded"}"#,
                .iterableMetadata
            ),
            RuleCase(
                "ghost push, unknown notificationType, no ids",
                #"{"aps":{"content-available":1},"itbl":{"isGhostPush":true},"notificationType":"Other"}"#,
                nil
            ),
            RuleCase(
                "no isGhostPush",
                #"{"aps":{"alert":"Hi"},"itbl":{"campaignId":1,"templateId":2,"messageId":"m"}}"#,
                nil
            ),
            RuleCase(
                "isGhostPush as a string",
                #"{"aps":{"alert":"Hi"},"itbl":{"isGhostPush":"false","templateId":2,"messageId":"m"}}"#,
                nil
            ),
            RuleCase(
                "isGhostPush 2",
                #"{"aps":{"alert":"Hi"},"itbl":{"isGhostPush":2,"templateId":2,"messageId":"m"}}"#,
                nil
            ),
            RuleCase(
                "templateId as a string",
                #"{"aps":{"alert":"Hi"},"itbl":{"isGhostPush":false,"templateId":"456","messageId":"m"}}"#,
                nil
            ),
            RuleCase(
                "numeric messageId",
                #"{"aps":{"alert":"Hi"},"itbl":{"isGhostPush":false,"templateId":2,"messageId":7}}"#,
                nil
            ),
            RuleCase(
                "null campaignId",
                #"{"aps":{"alert":"Hi"},"itbl":{"isGhostPush":false,"campaignId":null,"templateId":2,"messageId":"m"}}"#,
                nil
            ),
            RuleCase(
                "itbl as a JSON string",
                #"{"aps":{"alert":"Hi"},"itbl":"{\"isGhostPush\":false,\"templateId\":2,\"messageId\":\"m\"}"}"#,
                nil
            ),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(IterableDecoder(), shape: .apns)
    }

    @Test(
        "Android, IterableNotificationHelper.isIterablePush — extras.containsKey(\"itbl\")",
        arguments: [
            RuleCase(
                "itbl JSON",
                #"{"itbl":"{\"isGhostPush\":false,\"messageId\":\"m1\"}","title":"T","body":"B"}"#,
                .iterableKey
            ),
            RuleCase("any itbl value", #"{"itbl":"x","body":"B"}"#, .iterableKey),
            RuleCase("no itbl", #"{"title":"T","body":"B","messageId":"m1"}"#, nil),
            RuleCase("upper case", #"{"ITBL":"{}","body":"B"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(IterableDecoder(), shape: .fcm)
    }

    @Test(
        "silent: iOS inspect answers .silentPush; Android a ghost push (optBoolean) or an empty body",
        arguments: [
            SilenceCase(
                "iOS silent push",
                #"{"aps":{"content-available":1},"itbl":{"isGhostPush":true},"notificationType":"InAppUpdate"}"#,
                silent: true
            ),
            SilenceCase(
                "iOS ghost push with ids but no notificationType",
                #"{"aps":{"content-available":1},"itbl":{"isGhostPush":true,"templateId":1,"messageId":"m"}}"#,
                silent: false
            ),
            SilenceCase(
                "iOS campaign push",
                #"{"aps":{"alert":"A"},"itbl":{"isGhostPush":false,"templateId":1,"messageId":"m"}}"#,
                silent: false
            ),
            SilenceCase("Android ghost, Boolean", #"{"itbl":"{\"isGhostPush\":true}","body":"B"}"#, silent: true),
            SilenceCase("Android ghost, string", #"{"itbl":"{\"isGhostPush\":\"TRUE\"}","body":"B"}"#, silent: true),
            SilenceCase("Android campaign", #"{"itbl":"{\"isGhostPush\":false}","body":"B"}"#, silent: false),
            SilenceCase(
                "Android empty body",
                #"{"itbl":"{\"isGhostPush\":false}","title":"T","body":""}"#,
                silent: true
            ),
        ]
    )
    func silence(_ silence: SilenceCase) throws {
        try silence.check(.iterable)
    }

    @Test("messageId, the openUrl default action (iOS legacy url), Android's title and body")
    func model() throws {
        let apple = try decodeExtended(
            #"{"aps":{"alert":"A"},"itbl":{"isGhostPush":false,"templateId":1,"messageId":"m-1","defaultAction":{"type":"openUrl","data":"https://m.example/box"}}}"#
        )
        #expect(apple.messageID == "m-1")
        #expect(apple.defaultAction == .deepLink("https://m.example/box"))
        let legacy = try decodeExtended(
            #"{"aps":{"alert":"A"},"itbl":{"isGhostPush":false,"templateId":1,"messageId":"m-2"},"url":"meal://box"}"#
        )
        #expect(legacy.defaultAction == .deepLink("meal://box"))
        let custom = try decodeExtended(
            #"{"aps":{"alert":"A"},"itbl":{"isGhostPush":false,"templateId":1,"messageId":"m-3","defaultAction":{"type":"shareRecipe","data":"x"}}}"#
        )
        #expect(custom.defaultAction == .openApp)
        let ghost = try decodeExtended(
            #"{"aps":{"content-available":1},"itbl":{"isGhostPush":true},"notificationType":"InAppRemove","messageId":"g-1"}"#
        )
        #expect(ghost.messageID == "g-1")
        let android = try decodeExtended(
            #"{"itbl":"{\"messageId\":\"m-4\",\"defaultAction\":{\"type\":\"openUrl\",\"data\":\"meal://swap\"}}","title":"T","body":"B"}"#
        )
        #expect(android.messageID == "m-4")
        #expect(android.title == "T")
        #expect(android.body == "B")
        #expect(android.defaultAction == .deepLink("meal://swap"))
    }
}
