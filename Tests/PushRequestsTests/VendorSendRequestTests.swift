import PushPayloads
import PushRequests
import Testing

/// How one platform's vendor SDK reads its delivery.
struct PlatformReading: Sendable, Equatable, CustomStringConvertible {
    var vendor: String?
    var marker: String?
    var isSilent: Bool
    var buttons: Int

    init(_ vendor: String?, _ marker: String?, silent isSilent: Bool, buttons: Int = 0) {
        self.vendor = vendor
        self.marker = marker
        self.isSilent = isSilent
        self.buttons = buttons
    }

    init(_ delivery: PushInspection.Delivery) {
        let classification = delivery.classification
        self.init(
            classification.vendor?.name,
            classification.marker?.name,
            silent: classification.isSilent,
            buttons: delivery.notification.buttons.count
        )
    }

    var description: String {
        "\(vendor ?? "nobody") (\(marker ?? "-")) \(isSilent ? "silent" : "shown"), \(buttons) button(s)"
    }
}

/// One send request and what each platform's SDK makes of it.
struct SendCase: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var ios: PlatformReading
    /// `nil` for an APNs request, which reaches iOS only.
    var android: PlatformReading?
    /// The error-level rule ids, sorted.
    var errors: [String] = []
    /// The `platform.divergence` message, or `nil` when the platforms agree.
    var divergence: String?

    var testDescription: String { name }
}

let sendCases: [SendCase] = [
    // Cordial: a string `mcID` on both platforms; silence by the APNs rule.
    SendCase(
        name: "Cordial, FCM v1, shown",
        json: #"""
            {"message":{"token":"t","notification":{"title":"Your order shipped","body":"Arrives Thursday"},
             "data":{"mcID":"31:66a1:ot:66b2:1"},"apns":{"headers":{"apns-push-type":"alert"}}}}
            """#,
        ios: PlatformReading("cordial", "cordial.mc_id", silent: false),
        android: PlatformReading("cordial", "cordial.mc_id", silent: false)
    ),
    SendCase(
        name: "Cordial, APNs, shown",
        json: #"""
            {"headers":{"apns-push-type":"alert","apns-topic":"com.example.shop"},
             "payload":{"aps":{"alert":{"title":"Your order shipped","body":"Arrives Thursday"}},
                        "mcID":"31:66a1:ot:66b2:1","deepLink":{"url":"https://shop.example/orders/1"}}}
            """#,
        ios: PlatformReading("cordial", "cordial.mc_id", silent: false)
    ),
    SendCase(
        name: "Cordial, APNs, silent (content-available only)",
        json: #"""
            {"headers":{"apns-push-type":"background","apns-priority":"5"},
             "payload":{"aps":{"content-available":1},"mcID":"31:66a1:ot:66b2:1","system":{"inbox":{}}}}
            """#,
        ios: PlatformReading("cordial", "cordial.mc_id", silent: true)
    ),
    SendCase(
        name: "Cordial, legacy FCM, shown",
        json: #"""
            {"to":"tok","notification":{"title":"Your order shipped","body":"Arrives Thursday"},
             "data":{"mcID":"31:66a1:ot:66b2:1"}}
            """#,
        ios: PlatformReading("cordial", "cordial.mc_id", silent: false),
        android: PlatformReading("cordial", "cordial.mc_id", silent: false),
        errors: ["fcm.legacy.api"]
    ),
    // A background push on iOS; on Android Cordial's rule sees no `aps`, so the push is shown there.
    SendCase(
        name: "Cordial, legacy FCM, content_available without a notification",
        json: #"{"to":"tok","content_available":true,"data":{"mcID":"31:66a1:ot:66b2:1"}}"#,
        ios: PlatformReading("cordial", "cordial.mc_id", silent: true),
        android: PlatformReading("cordial", "cordial.mc_id", silent: false),
        errors: ["fcm.legacy.api"],
        divergence: "it is silent on iOS and shown on Android"
    ),

    // Exponea: `source` on both; iOS reads arrays and `silent as? Int == 1`, Android JSON strings and
    // `silent == "true"`.
    SendCase(
        name: "Exponea, FCM v1, shown, one button on each platform",
        json: #"""
            {"message":{"token":"t","notification":{"title":"Sale","body":"Today only"},
             "data":{"source":"xnpe_platform","title":"Sale","message":"Today only","action":"deeplink",
                     "url":"shop://sale","actions":"[{\"title\":\"Shop\",\"action\":\"deeplink\",\"url\":\"shop://sale\"}]"},
             "apns":{"headers":{"apns-push-type":"alert"},
                     "payload":{"actions":[{"title":"Shop","action":"deeplink","url":"shop://sale"}]}}}}
            """#,
        ios: PlatformReading("exponea", "exponea.source", silent: false, buttons: 1),
        android: PlatformReading("exponea", "exponea.source", silent: false, buttons: 1)
    ),
    SendCase(
        name: "Exponea, FCM v1, silent on each platform by its own flag",
        json: #"""
            {"message":{"token":"t","data":{"source":"xnpe_platform","silent":"true","attributes":"{\"campaign_id\":\"c1\"}"},
             "apns":{"headers":{"apns-push-type":"background","apns-priority":"5"},
                     "payload":{"aps":{"content-available":1},"silent":1,"attributes":{"campaign_id":"c1"}}}}}
            """#,
        ios: PlatformReading("exponea", "exponea.source", silent: true),
        android: PlatformReading("exponea", "exponea.source", silent: true)
    ),
    // The issue's case. iOS: the notification becomes the alert; `silent` "true" is not `as? Int == 1`, and
    // `actions` is a string, which iOS never decodes: shown, no button. Android: `silent == "true"`, so not
    // shown, and `actions` parses to one button.
    SendCase(
        name: "Exponea, FCM v1, data only: actions as a JSON string and silent \"true\"",
        json: #"""
            {"message":{"token":"t","notification":{"title":"Sale","body":"Today only"},
             "data":{"source":"xnpe_platform","title":"Sale","message":"Today only","silent":"true",
                     "actions":"[{\"title\":\"Shop\",\"action\":\"app\"}]"}}}
            """#,
        ios: PlatformReading("exponea", "exponea.source", silent: false, buttons: 0),
        android: PlatformReading("exponea", "exponea.source", silent: true, buttons: 1),
        divergence: "it is shown on iOS and silent on Android; iOS has 0 button(s), Android 1"
    ),
    // `silent: 1` only in apns.payload: silent on iOS, shown on Android.
    SendCase(
        name: "Exponea, FCM v1, silent on iOS only",
        json: #"""
            {"message":{"token":"t","notification":{"title":"Sale","body":"Today only"},
             "data":{"source":"xnpe_platform","title":"Sale","message":"Today only"},
             "apns":{"headers":{"apns-push-type":"alert"},"payload":{"silent":1}}}}
            """#,
        ios: PlatformReading("exponea", "exponea.source", silent: true),
        android: PlatformReading("exponea", "exponea.source", silent: false),
        divergence: "it is silent on iOS and shown on Android"
    ),
    SendCase(
        name: "Exponea, APNs, shown with a button",
        json: #"""
            {"headers":{"apns-push-type":"alert"},
             "payload":{"aps":{"alert":{"title":"Sale","body":"Today only"},"mutable-content":1},
                        "source":"xnpe_platform","title":"Sale","message":"Today only",
                        "actions":[{"title":"Shop","action":"deeplink","url":"shop://sale"}]}}
            """#,
        ios: PlatformReading("exponea", "exponea.source", silent: false, buttons: 1)
    ),
    SendCase(
        name: "Exponea, APNs, silent",
        json: #"""
            {"headers":{"apns-push-type":"background","apns-priority":"5"},
             "payload":{"aps":{"content-available":1},"source":"xnpe_platform","silent":1}}
            """#,
        ios: PlatformReading("exponea", "exponea.source", silent: true)
    ),

    // Swrve: `_p` shown, `_sp` silent, on both; `_sw` an object on iOS and a JSON string on Android.
    SendCase(
        name: "Swrve, FCM v1, shown, one button on each platform",
        json: #"""
            {"message":{"token":"t",
             "data":{"_p":"123","text":"Half price today",
                     "_sw":"{\"version\":1,\"buttons\":[{\"title\":\"Shop\",\"action_type\":\"open_app\",\"action\":\"\"}]}"},
             "apns":{"headers":{"apns-push-type":"alert"},
                     "payload":{"aps":{"alert":"Half price today","mutable-content":1},
                                "_sw":{"version":1,"buttons":[{"title":"Shop","action_type":"open_app","action":""}]}}}}}
            """#,
        ios: PlatformReading("swrve", "swrve.push_id", silent: false, buttons: 1),
        android: PlatformReading("swrve", "swrve.push_id", silent: false, buttons: 1)
    ),
    SendCase(
        name: "Swrve, FCM v1, silent",
        json: #"""
            {"message":{"token":"t","data":{"_sp":"456","_s.SilentPayload":"{\"k\":\"v\"}"},
             "apns":{"headers":{"apns-push-type":"background","apns-priority":"5"},
                     "payload":{"aps":{"content-available":1},"_s.SilentPayload":{"k":"v"}}}}}
            """#,
        ios: PlatformReading("swrve", "swrve.silent_push_id", silent: true),
        android: PlatformReading("swrve", "swrve.silent_push_id", silent: true)
    ),
    SendCase(
        name: "Swrve, APNs, numeric _p",
        json: #"""
            {"headers":{"apns-push-type":"alert"},"payload":{"aps":{"alert":"Half price today"},"_p":123,"_sd":"shop://deals"}}
            """#,
        ios: PlatformReading("swrve", "swrve.push_id", silent: false)
    ),
    SendCase(
        name: "Swrve, legacy FCM",
        json: #"""
            {"to":"tok","priority":"high","notification":{"title":"Deals","body":"Half price today"},
             "data":{"_p":"123","text":"Half price today"}}
            """#,
        ios: PlatformReading("swrve", "swrve.push_id", silent: false),
        android: PlatformReading("swrve", "swrve.push_id", silent: false),
        errors: ["fcm.legacy.api"]
    ),

    // Atomic: an `atomic` object on iOS, a JSON string holding one in FCM data; never silent.
    SendCase(
        name: "Atomic, FCM v1, the envelope for each platform",
        json: #"""
            {"message":{"token":"t","notification":{"title":"New card","body":"You have a new card"},
             "data":{"title":"New card","body":"You have a new card",
                     "atomic":"{\"source\":\"io.atomic\",\"cardInstanceId\":\"c-1\",\"streamContainerId\":\"1234\"}"},
             "apns":{"headers":{"apns-push-type":"alert"},
                     "payload":{"atomic":{"source":"io.atomic","cardInstanceId":"c-1","streamContainerId":"1234"}}}}}
            """#,
        ios: PlatformReading("atomic", "atomic.envelope", silent: false),
        android: PlatformReading("atomic", "atomic.envelope", silent: false)
    ),
    // The string reaches iOS beside `aps`, where no SDK decodes it.
    SendCase(
        name: "Atomic, FCM v1, the envelope only as a data string",
        json: #"""
            {"message":{"token":"t","notification":{"title":"New card","body":"You have a new card"},
             "data":{"atomic":"{\"source\":\"io.atomic\",\"cardInstanceId\":\"c-1\",\"streamContainerId\":\"1234\"}"},
             "apns":{"headers":{"apns-push-type":"alert"}}}}
            """#,
        ios: PlatformReading(nil, nil, silent: false),
        android: PlatformReading("atomic", "atomic.envelope", silent: false),
        divergence: "iOS gives it to nobody, Android to atomic"
    ),
    SendCase(
        name: "Atomic, APNs, numeric container id",
        json: #"""
            {"headers":{"apns-push-type":"alert"},
             "payload":{"aps":{"alert":{"title":"New card","body":"You have a new card"}},
                        "atomic":{"source":"io.atomic","cardInstanceId":"c-1","streamContainerId":1234,
                                  "detail":{"businessId":"B1"}}}}
            """#,
        ios: PlatformReading("atomic", "atomic.envelope", silent: false)
    ),
]

@Suite("Send requests for each vendor, per platform")
struct VendorSendRequestTests {
    @Test("each platform's SDK reads its delivery as expected", arguments: sendCases)
    func perPlatform(_ sendCase: SendCase) throws {
        let request = try PushSendRequest(jsonString: sendCase.json)
        let inspection = PushInspector().inspect(request)
        let expected: [(PushPlatform, PlatformReading)] =
            [(.ios, sendCase.ios)] + (sendCase.android.map { [(.android, $0)] } ?? [])
        #expect(inspection.deliveries.map(\.platform) == expected.map(\.0))
        for (delivery, (_, reading)) in zip(inspection.deliveries, expected) {
            #expect(PlatformReading(delivery) == reading, "\(delivery.platform)")
        }
        #expect(inspection.findings == PushChecker().check(request))
    }

    @Test("errors and divergence are reported as expected", arguments: sendCases)
    func findings(_ sendCase: SendCase) throws {
        let findings = PushChecker().check(try PushSendRequest(jsonString: sendCase.json))
        #expect(findings.filter { $0.severity == .error }.map(\.rule.id).sorted() == sendCase.errors)
        let divergence = findings.filter { $0.rule.id == "platform.divergence" }
        // Without both platforms' blocks, the divergence holds only if both receive the request, and says so.
        let uncertainty = #/ \(only if [A-Za-z ]+ devices receive the request, which does not say it goes to them\)$/#
        #expect(
            divergence.map { $0.message.replacing(uncertainty, with: "") } == (sendCase.divergence.map { [$0] } ?? [])
        )
        for finding in divergence {
            #expect(finding.platform == nil && finding.path == "$")
        }
    }
}
