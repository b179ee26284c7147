import Foundation
import PushPayloads
import PushPayloadsTestSupport
import PushRequests
import PushRouting
import PushRoutingTesting
import Testing

// The fifth vendor of `Sources/PushPayloads/Docs.docc/WritingADecoder.md`: its decoder (the article's first blocks,
// compiled as they are by `WritingADecoderArticleTests` in `PushPayloadsTests`), then every capability the article
// gives it, compiled here, where `PushRouting` and `PushRequests` are seen. Keep the capabilities the same as the
// article's blocks: `snippetsAreThisCode` compares them.

struct AcmeDecoder: PushPayloadDecoder {
    var vendor: PushVendor { PushVendor(name: "acme") }

    func match(_ payload: PushPayload) -> PushMatch? {
        guard let envelope = payload.nestedJSON("acme"), envelope["origin"]?.isString("acme-push") == true,
            envelope["id"]?.kind == .string
        else { return nil }
        return PushMatch(payload, marker: PushMarker(name: "acme.envelope"), reading: envelope)
    }

    var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["acme"]) }

    func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        guard let envelope = match.reading else { return }
        notification.messageID = envelope["id"]?.stringValue
        if let link = envelope["link"]?.stringValue {
            notification.defaultAction = .deepLink(link)
        }
        if detail == .full {
            notification.extras[AcmeExtras.self] = AcmeExtras(campaign: envelope["campaign"]?.stringValue)
        }
    }
}

struct AcmeExtras: PushNotificationExtras {
    static let name = "acme"
    var campaign: String?
}

// The article's capabilities.

extension AcmeDecoder: PushMessageIdentifying {
    func messageKey(for notification: PushNotification) -> String? {
        notification.messageID.map { "acme:\($0)" }
    }
}

extension AcmeDecoder: PushInboxReading {
    func isInboxEntry(_ entry: JSONObject) -> Bool { entry["acme_entry"] != nil }

    func readInboxEntry(_ entry: PushInboxEntry) throws(PushPayloadError) -> PushInboxMessage {
        guard let id = entry.object["acme_entry"]?.stringValue, !id.isEmpty else {
            throw PushPayloadError(.missingID, message: "acme_entry is absent or not a string", keyPath: "acme_entry")
        }
        var message = PushInboxMessage(vendor: vendor, messageID: id, contentType: .custom, document: entry.document)
        message.isRead = entry.object["seen"]?.boolValue ?? false
        message.title = entry.object["headline"]?.stringValue
        return message
    }
}

extension AcmeDecoder: PushTapHandling {
    func resolveTap(actionIdentifier: String, on notification: PushNotification) -> PushTapResolution {
        let prefix = "acme.button."
        guard actionIdentifier.hasPrefix(prefix) else {
            return .unresolved(actionIdentifier: actionIdentifier, reason: .unknownIdentifier)
        }
        let index = actionIdentifier.utf8.dropFirst(prefix.utf8.count)
        return PushTapResolver.button(atIndex: index, of: actionIdentifier, on: notification)
    }

    var opensTapTarget: Bool { true }
}

extension AcmeDecoder: PushVendorChecking {
    static let envelopeID = PushCheckRule(
        id: "vendor.acme.id",
        severity: .error,
        summary: "Acme's envelope has a string `id`; without one Acme's SDK ignores the push.",
        source: "Acme SDK AcmePush.isAcmePush",
        scope: .device
    )

    var checkRules: [PushCheckRule] { [Self.envelopeID] }

    func checkPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport) {
        guard let envelope = delivery.payload.nestedJSON("acme"), envelope["origin"]?.isString("acme-push") == true,
            envelope["id"]?.kind != .string
        else { return }
        report(Self.envelopeID, "acme") { "the Acme envelope has no string `id`: Acme's SDK ignores the push" }
    }
}

extension AcmeExtras: PushInspectionExtras {
    func writeInspection(to object: inout PushInspectionObject) throws {
        object.member("campaign", campaign)
    }
}

// End of the article's code.

@Suite("The article \"Writing a decoder for another sender\": every capability, through the library")
struct WritingADecoderCapabilitiesTests {
    static let acme = PushVendor(name: "acme")
    static let push =
        #"{"aps":{"alert":"Sale"},"acme":{"origin":"acme-push","id":"a-1","link":"acme://sale","campaign":"winter"}}"#

    static var registry: PushDecoderRegistry {
        var registry = PushDecoderRegistry.standard
        registry.register(AcmeDecoder())
        return registry
    }

    @Test("the article's capabilities are the code in this file, which compiles")
    func snippetsAreThisCode() throws {
        let blocks = try DocCArticle("Sources/PushPayloads/Docs.docc/WritingADecoder.md").codeBlocks("swift")
        #expect(blocks.count == 10)
        let thisFile = DocCArticle.normalized(try String(contentsOfFile: #filePath, encoding: .utf8))
        for block in blocks.dropFirst(5) { #expect(thisFile.contains(DocCArticle.normalized(block)), "\(block)") }
    }

    @Test(
        "the router resolves the vendor's taps by its rules, lets its SDK open the target, and drops repeats by its id"
    )
    func router() async throws {
        var configuration = PushRouterConfiguration(registry: .standard)
        let delegate = RecordingPushDelegate()
        configuration.register(AcmeDecoder(), delegate: delegate)
        // A manual clock: on a loaded machine more than a real window can pass between the two taps.
        configuration.duplicateGuard = PushDuplicateGuard(window: .seconds(60), clock: ManualClock())
        #expect(configuration.vendorsOpeningTapTargets.contains(Self.acme))
        let router = PushRouter(configuration: configuration)
        let payload = try PushPayload(jsonString: Self.push)

        let tap = await router.routeTap(on: payload)
        #expect(tap.outcome == .handled)
        #expect(tap.tap?.resolution == .defaultAction(.deepLink("acme://sale")))
        #expect(tap.tap?.vendorSDKOpensTarget == true)
        #expect(await router.routeTap(on: payload).outcome == .duplicate)
        #expect(delegate.taps.count == 1)

        let button = await router.routeTap(on: payload, actionIdentifier: "acme.button.0")
        #expect(button.tap?.resolution == .unresolved(actionIdentifier: "acme.button.0", reason: .indexOutOfRange))
        let other = await router.routeTap(on: payload, actionIdentifier: "buy")
        #expect(other.tap?.resolution == .unresolved(actionIdentifier: "buy", reason: .unknownIdentifier))
        #expect(configuration.registry.messageKey(for: configuration.registry.decode(payload)) == "acme:a-1")
    }

    @Test("the checker runs the vendor's rule on each platform's payload, and lists it")
    func checker() throws {
        let request = try PushSendRequest(jsonString: #"{"aps":{"alert":"Sale"},"acme":{"origin":"acme-push","id":7}}"#)
        let findings = PushChecker(registry: Self.registry).check(request)
        #expect(findings.map(\.rule.id) == ["vendor.acme.id"])
        #expect(findings.first?.path == "$.acme")
        #expect(PushChecker().check(request).isEmpty)
        #expect(PushCheckRule.rules(for: Self.registry).contains(AcmeDecoder.envelopeID))
        #expect(!PushCheckRule.all.contains(AcmeDecoder.envelopeID))
    }

    @Test("the inspection writer writes the vendor's extras itself, the bytes Encodable writes")
    func inspection() throws {
        let inspection = PushInspector(registry: Self.registry).inspect(try PushSendRequest(jsonString: Self.push))
        var writer = PushInspectionWriter()
        try writer.write(inspection)
        #expect(writer.bytes == (try JSONBytesEncoder().encode(inspection)))
        #expect(String(decoding: writer.bytes, as: UTF8.self).contains(#""extras":{"acme":{"campaign":"winter"}}"#))
    }

    @Test("the inbox reads the vendor's entries, told by their keys or by the vendor given")
    func inbox() throws {
        let options = PushInboxReadingOptions(registry: Self.registry)
        let page = try PushInboxPage(
            jsonString: #"[{"acme_entry":"e-1","seen":true,"headline":"Winter sale"},{"acme_entry":""}]"#,
            options: options
        )
        let message = try #require(page.messages.first)
        #expect(message.vendor == Self.acme && message.messageID == "e-1" && message.isRead)
        #expect(message.title == "Winter sale")
        #expect(page.errors.map(\.code) == [.missingID])
        let given = try PushInboxMessage(jsonString: #"{"acme_entry":"e-2"}"#, vendor: Self.acme, options: options)
        #expect(given.messageID == "e-2" && !given.isRead)
        // Without the decoder, the entry is nobody's.
        #expect(throws: PushPayloadError.self) { try PushInboxMessage(jsonString: #"{"acme_entry":"e-2"}"#) }
    }
}
