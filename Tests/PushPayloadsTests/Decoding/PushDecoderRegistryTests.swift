import PushPayloads
import Testing

/// An in-house sender's extras, attached through the same store as the vendors'.
struct AcmeExtras: PushNotificationExtras {
    static let name = "acme"
    var detail: JSONValue?

    static func == (lhs: AcmeExtras, rhs: AcmeExtras) -> Bool { lhs.detail?.jsonString == rhs.detail?.jsonString }
    func hash(into hasher: inout Hasher) { hasher.combine(detail?.jsonString) }
}

extension PushNotification {
    var acme: AcmeExtras? {
        get { extras[AcmeExtras.self] }
        set { extras[AcmeExtras.self] = newValue }
    }
}

/// An in-house sender, to show that vendors are an open set.
struct AcmeDecoder: PushPayloadDecoder {
    var vendor: PushVendor { PushVendor(name: "acme") }
    func match(_ payload: PushPayload) -> PushMatch? {
        payload["acme_id"]?.kind == .string ? PushMatch(payload, marker: PushMarker(name: "acme.id")) : nil
    }
    func isSilent(_ match: PushMatch) -> Bool { match.payload["acme_quiet"]?.boolValue == true }
    func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        notification.messageID = match.payload["acme_id"]?.stringValue
        notification.acme = AcmeExtras(detail: match.payload["acme"])
    }
}

@Suite("PushDecoderRegistry")
struct PushDecoderRegistryTests {
    @Test("the standard order is Exponea, Atomic, Swrve, Cordial")
    func standardOrder() {
        #expect(PushDecoderRegistry.standard.vendors == [.exponea, .atomic, .swrve, .cordial])
    }

    @Test("a custom decoder classifies and decodes its own pushes")
    func customDecoder() throws {
        var registry = PushDecoderRegistry.standard
        registry.register(AcmeDecoder())
        #expect(registry.vendors.last == PushVendor(name: "acme"))
        let payload = try PushPayload(jsonString: #"{"acme_id":"a1","acme_quiet":true,"acme":{"x":1},"mcID":"m"}"#)
        let classification = registry.classify(payload)
        #expect(classification.vendor == .cordial)
        #expect(classification.alsoMatching == [PushVendor(name: "acme")])

        registry.register(AcmeDecoder(), at: 0)
        let notification = registry.decode(payload)
        #expect(notification.vendor?.name == "acme")
        #expect(notification.isSilent)
        #expect(notification.messageID == "a1")
        #expect(notification.acme?.detail?["x"]?.numberValue?.int64Value == 1)
        #expect(notification.extras.all.count == 1)
        #expect(notification.marker == PushMarker(name: "acme.id"))
        let match = registry.match(payload)
        #expect(match.decoder?.vendor.name == "acme")
        #expect(match.decoderMatch?.marker == PushMarker(name: "acme.id"))
        #expect(registry.decode(match) == notification)
        #expect(notification.alsoMatching == [.cordial])
    }

    @Test("register replaces a vendor's decoder in place; remove drops it")
    func replaceAndRemove() throws {
        var registry = PushDecoderRegistry.standard
        registry.register(CordialDecoder())
        #expect(registry.vendors == [.exponea, .atomic, .swrve, .cordial])
        registry.remove(.exponea)
        #expect(registry.vendors == [.atomic, .swrve, .cordial])
        let payload = try PushPayload(jsonString: #"{"source":"xnpe_platform"}"#)
        #expect(registry.classify(payload).vendor == nil)
    }

    @Test("the classifier reuses its parser and reports parse errors")
    func classifier() throws {
        var classifier = PushClassifier()
        for _ in 0..<3 {
            #expect(
                try classifier.classify(Array(#"{"_sp":1}"#.utf8))
                    == PushClassification(vendor: .swrve, marker: .swrveSilentPushID, isSilent: true, shape: .apns)
            )
            #expect(throws: PushPayloadError(.duplicateKey, message: "")) {
                try classifier.classify(Array(#"{"_p":1,"_p":2}"#.utf8))
            }
            #expect(throws: PushPayloadError(.notAnObject, message: "")) { try classifier.classify(Array("[]".utf8)) }
        }
    }

    @Test(
        "wire shape: FCM when there is no aps and every value is a string",
        arguments: [
            (#"{"a":"1","b":"{}"}"#, PushWireShape.fcm),
            (#"{"aps":{"alert":"x"}}"#, .apns),
            (#"{"aps":"x","a":"1"}"#, .apns),
            (#"{"a":"1","b":2}"#, .apns),
            (#"{"a":{"b":"c"}}"#, .apns),
            ("{}", .apns),
        ]
    )
    func shape(_ json: String, _ expected: PushWireShape) throws {
        #expect(try PushPayload(jsonString: json).shape == expected)
    }

    @Test("embedded JSON: in FCM payloads only objects and arrays are decoded, and invalid text gives nil")
    func embedded() throws {
        let fcm = try PushPayload(jsonString: #"{"a":" [1,2]","b":"12","c":"{bad","d":"{\"k\":\"v\"}"}"#)
        #expect(fcm.shape == .fcm)
        #expect(fcm.nestedJSON("a")?.arrayValue?.count == 2)
        #expect(fcm.nestedJSON("b") == nil)
        #expect(fcm.nestedJSON("c") == nil)
        #expect(fcm.nestedJSON("d")?["k"]?.stringValue == "v")
        #expect(fcm.nestedJSON("missing") == nil)

        let apns = try PushPayload(jsonString: #"{"d":"{\"k\":\"v\"}","e":{"k":1}}"#)
        #expect(apns.shape == .apns)
        #expect(apns.nestedJSON("d") == nil)
        #expect(apns.nestedJSON("e")?["k"] != nil)
        #expect(try apns.embeddedJSON(#require(apns["d"]))?["k"]?.stringValue == "v")
    }
}
