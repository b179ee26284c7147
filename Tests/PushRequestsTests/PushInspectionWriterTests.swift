import Foundation
import PushPayloads
import PushPayloadsTestSupport
import PushRequests
import Testing

/// `PushInspectionWriter` writes exactly the bytes `JSONBytesEncoder` writes through `Encodable`, on every
/// input of the corpus and the vendors' fixtures, with both registries.
@Suite("The inspection writer")
struct PushInspectionWriterTests {
    /// One input: a file of `Corpus/` or of the vendors' fixtures, or one line of a capture.
    struct Input: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }
    }

    /// Every `.json` file below `Corpus/` (the invalid ones too: those that do not parse are skipped by
    /// the test, and counted), every line of its captures, and every vendor fixture.
    static let inputs: [Input] = {
        var inputs: [Input] = []
        for file in TestPaths.files(below: TestPaths.corpus, extensions: ["json", "jsonl"]) {
            guard let data = try? Data(contentsOf: TestPaths.corpus.appendingPathComponent(file)) else { continue }
            let bytes = [UInt8](data)
            if file.hasSuffix(".jsonl") {
                for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
                where !line.isEmpty {
                    inputs.append(Input(name: "Corpus/\(file):\(index + 1)", bytes: Array(line)))
                }
            } else {
                inputs.append(Input(name: "Corpus/\(file)", bytes: bytes))
            }
        }
        return inputs
    }()

    static let inspectors: [PushInspector] = [
        PushInspector(),
        PushInspector(registry: .extended),
        PushInspector(platforms: [.android]),
    ]

    @Test("the inputs cover the corpus and the vendors' fixtures")
    func coverage() throws {
        let readable = Self.inputs.filter { (try? PushSendRequest(jsonBytes: $0.bytes)) != nil }
        #expect(readable.count > 400)
        #expect(readable.contains { $0.name.hasPrefix("Corpus/captures/send-requests.jsonl") })
        #expect(readable.contains { $0.name.hasPrefix("Corpus/vendor-fixtures/") })
    }

    @Test("writes the Encodable bytes", arguments: inputs)
    func sameBytes(_ input: Input) throws {
        guard let request = try? PushSendRequest(jsonBytes: input.bytes) else { return }
        // One writer for every inspector: what a previous value left in its buffer must not show.
        var writer = PushInspectionWriter(capacity: 16)
        for inspector in Self.inspectors {
            let inspection = inspector.inspect(request)
            let expected = try JSONBytesEncoder().encode(inspection)
            writer.removeAll()
            try writer.write(inspection)
            #expect(writer.bytes == expected, "\(String(decoding: writer.bytes, as: UTF8.self))")
        }
    }

    @Test("the parts write the Encodable bytes too")
    func parts() throws {
        let request = try PushSendRequest(
            jsonString: #"{"message":{"token":"t","data":{"source":"xnpe_platform","silent":"true"}}}"#
        )
        let inspection = PushInspector().inspect(request)
        var writer = PushInspectionWriter()
        for finding in inspection.findings {
            writer.removeAll()
            writer.write(finding)
            #expect(writer.bytes == (try JSONBytesEncoder().encode(finding)))
        }
        for delivery in inspection.deliveries {
            writer.removeAll()
            try writer.write(delivery)
            #expect(writer.bytes == (try JSONBytesEncoder().encode(delivery)))
            writer.removeAll()
            writer.write(delivery.classification)
            #expect(writer.bytes == (try JSONBytesEncoder().encode(delivery.classification)))
        }
    }

    /// Text a sender may put anywhere: quotes, backslashes, every control character, text beyond ASCII,
    /// and numbers at the ends of `Int`.
    @Test("escapes, text beyond ASCII, extreme numbers and many headers")
    func edges() throws {
        let controls = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
        var notification = PushDecoderRegistry.standard.decode(
            try PushPayload(jsonString: #"{"aps":{"alert":{"title":"x"},"badge":-3,"relevance-score":1e-7}}"#)
        )
        notification.title = "\"quoted\" \\ back \(controls) Café 😀 \u{7F}"
        notification.subtitle = ""
        notification.body = String(repeating: "plain text, then a quote\" ", count: 40)
        notification.badge = Int.min
        notification.vendorText = PushText(title: "\u{2028}", body: "\n")
        notification.buttons = [
            PushButton(
                title: "Go",
                actionIdentifier: "go",
                action: .openURL("https://e.x/?a=\"b\""),
                options: ["a", "b"]
            )
        ]
        notification.images = [PushImage(url: "https://e.x/i.png", deepLink: "app://i")]
        let delivery = PushInspection.Delivery(
            platform: .ios,
            headers: ["apns-topic": "t", "apns-push-type": "alert", "apns-priority": "5", "Apns-Expiration": "0"],
            systemText: PushText(title: "T"),
            notification: notification
        )
        let finding = PushFinding(
            PushCheckRule.all[0],
            path: "$.a\"b",
            message: "tab\there",
            isCertain: false
        )
        var writer = PushInspectionWriter()
        for badge in [Int.min, -1, 0, 9, 10, 99, 100, Int.max] {
            var inspection = PushInspection(kind: .apnsRequest, deliveries: [delivery], findings: [finding])
            inspection.deliveries[0].notification.badge = badge
            writer.removeAll()
            try writer.write(inspection)
            let expected = try JSONBytesEncoder().encode(inspection)
            #expect(writer.bytes == expected, "\(String(decoding: writer.bytes, as: UTF8.self))")
        }
    }

    /// The writer is a value over a buffer it shares with its copies until one of them writes.
    @Test("a copy keeps what was written, whichever of the two writes next")
    func copies() throws {
        let inspection = PushInspector().inspect(try PushSendRequest(jsonString: #"{"aps":{"alert":"Hi"},"_p":"1"}"#))
        let expected = try JSONBytesEncoder().encode(inspection)
        var writer = PushInspectionWriter(capacity: 16)
        try writer.write(inspection)
        var copy = writer
        copy.removeAll()
        #expect(writer.bytes == expected)
        #expect(copy.bytes.isEmpty)
        try copy.write(inspection)
        let snapshot = writer
        try writer.write(inspection)
        #expect(copy.bytes == expected)
        #expect(snapshot.bytes == expected)
        #expect(writer.bytes == expected + expected)
        #expect(writer.byteCount == 2 * expected.count)
        #expect(writer.capacity >= writer.byteCount)
        #expect(writer.withBytes { Array($0) } == writer.bytes)
    }

    @Test("a relevance score that is not finite is refused, as Encodable refuses it")
    func nonFinite() throws {
        var notification = PushDecoderRegistry.standard.decode(try PushPayload(jsonString: #"{"aps":{}}"#))
        notification.relevanceScore = .infinity
        #expect(throws: EncodingError.self) { try JSONBytesEncoder().encode(notification) }
        var writer = PushInspectionWriter()
        #expect(throws: EncodingError.self) { try writer.write(notification) }
    }

    /// Extras of a custom decoder, and two types under one name, which `Encodable`'s keyed containers
    /// merge into one member.
    @Test("extras of any type, through their Encodable")
    func extras() throws {
        struct First: PushNotificationExtras {
            static let name = "acme"
            var campaign: String
            var weights: [Double]
        }
        struct Second: PushNotificationExtras {
            static let name = "acme"
            var other: Int?
        }
        struct Third: PushNotificationExtras {
            static let name = "zed\""
            var flag = true
        }
        var notification = PushDecoderRegistry.standard.decode(try PushPayload(jsonString: #"{"_p":"1"}"#))
        notification.extras[First.self] = First(campaign: "c", weights: [0.5, 2])
        notification.extras[Third.self] = Third()
        notification.extras[Second.self] = Second(other: nil)
        var writer = PushInspectionWriter()
        try writer.write(notification)
        #expect(writer.bytes == (try JSONBytesEncoder().encode(notification)))
        #expect(String(decoding: writer.bytes, as: UTF8.self).contains(#""extras":{"swrve":"#))
    }

    /// The library's own extras with every member set, and with none: the members `Encodable` leaves out
    /// when absent are left out here too.
    @Test("the vendors' extras, full and empty")
    func vendorExtras() throws {
        let detail = try JSONDocument(jsonString: #"{"n":1.50,"t":"\u00e9","a":[true,null]}"#).root
        var cordial = CordialExtras(mcID: "m\"1")
        cordial.usesMessageAttributionLayout = true
        cordial.deepLinkURL = "app://d"
        cordial.fallbackURL = "https://f"
        cordial.vanityURL = "https://v"
        cordial.inAppMessage = CordialExtras.InAppMessage(expirationTime: "2026-01-01T00:00:00Z")
        cordial.hasInboxMessage = true
        cordial.imageURL = "https://i"
        cordial.carousel = [
            CordialExtras.CarouselItem(imageURL: "https://c1", deepLink: nil),
            CordialExtras.CarouselItem(imageURL: "https://c2", deepLink: "app://c2"),
        ]
        var exponea = ExponeaExtras()
        exponea.action = "deeplink"
        exponea.url = "app://x"
        exponea.imageURL = "https://i"
        exponea.attributes = detail
        exponea.campaignID = "c"
        exponea.campaignName = "Sale"
        exponea.actionID = Int64.min
        exponea.actionType = "t"
        exponea.actionName = "n"
        exponea.eventType = "campaign"
        exponea.customEventType = "custom"
        exponea.sentTimestamp = 1_700_000_000.125
        exponea.consentCategory = "cc"
        exponea.urlParameters = ["b": "2", "a": "1\n", "é": "3"]
        exponea.hasTrackingConsent = false
        exponea.consentCategoryTracking = "ct"
        exponea.isTrackingForced = true
        exponea.buttonTrackingForced = [true, false]
        exponea.notificationID = Int64.max
        var swrve = SwrveExtras()
        swrve.pushID = "1"
        swrve.silentPushID = "2"
        swrve.uniqueMessageID = "u"
        swrve.authenticatedUserID = "a"
        swrve.silentPayload = detail
        swrve.campaignID = "c"
        swrve.deepLink = "app://d"
        swrve.mediaFallbackDeepLink = "app://m"
        swrve.influenceWindowMinutes = -5
        swrve.trackingData = "td"
        swrve.platform = "ios"
        swrve.campaignType = "geo"
        swrve.richVersion = 2
        let atomic = AtomicPushNotification(cardInstanceID: "card", containerID: "1234", detail: detail)
        let full: [any PushNotificationExtras] = [cordial, exponea, swrve, atomic]
        let empty: [any PushNotificationExtras] = [
            CordialExtras(mcID: ""), ExponeaExtras(), SwrveExtras(),
            AtomicPushNotification(cardInstanceID: "", containerID: "", detail: JSONObject.empty.value),
        ]
        var writer = PushInspectionWriter()
        for extras in full + empty {
            var notification = PushDecoderRegistry.standard.decode(try PushPayload(jsonString: #"{"aps":{}}"#))
            notification.extras = PushExtras()
            Self.set(extras, in: &notification.extras)
            writer.removeAll()
            try writer.write(notification)
            let expected = try JSONBytesEncoder().encode(notification)
            #expect(writer.bytes == expected, "\(String(decoding: writer.bytes, as: UTF8.self))")
        }

        exponea.sentTimestamp = .nan
        var notification = PushDecoderRegistry.standard.decode(try PushPayload(jsonString: #"{"aps":{}}"#))
        notification.exponea = exponea
        #expect(throws: EncodingError.self) { try JSONBytesEncoder().encode(notification) }
        #expect(throws: EncodingError.self) { try writer.write(notification) }
    }

    private static func set<Extras: PushNotificationExtras>(_ value: Extras, in extras: inout PushExtras) {
        extras[Extras.self] = value
    }
}
