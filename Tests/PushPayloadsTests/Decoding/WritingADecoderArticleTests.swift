import Foundation
import PushPayloads
import PushPayloadsTestSupport
import Testing

// The code of `Sources/PushPayloads/Docs.docc/WritingADecoder.md`, compiled. Keep the two the same:
// `WritingADecoderArticleTests.snippetsAreThisCode` compares them. In a namespace, because the module
// has an `AcmeDecoder` of its own (`PushDecoderRegistryTests`).
enum WritingADecoderArticle {
    struct AcmeDecoder: PushPayloadDecoder {
        var vendor: PushVendor { PushVendor(name: "acme") }

        func match(_ payload: PushPayload) -> PushMatch? {
            guard let envelope = payload.nestedJSON("acme"), envelope["origin"]?.isString("acme-push") == true,
                envelope["id"]?.kind == .string
            else { return nil }
            return PushMatch(payload, marker: PushMarker(name: "acme.envelope"), reading: envelope)
        }

        var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["acme"]) }

        func isSilent(_ match: PushMatch) -> Bool {
            match.reading?["quiet"]?.boolValue == true
        }

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

    static func registry() -> PushDecoderRegistry {
        var registry = PushDecoderRegistry.standard
        registry.register(AcmeDecoder())  // lowest precedence
        registry.register(AcmeDecoder(), at: 0)  // or: highest
        registry.setPrecedence([PushVendor(name: "acme"), .exponea])
        return registry
    }
}
// End of the article's code.

@Suite("The article \"Writing a decoder for another sender\"")
struct WritingADecoderArticleTests {
    static let article = "Sources/PushPayloads/Docs.docc/WritingADecoder.md"

    @Test("the article's decoder is the code in this file, which compiles")
    func snippetsAreThisCode() throws {
        // The first five blocks; the capabilities after them are compiled by `WritingADecoderCapabilitiesTests`, in a
        // module that sees `PushRouting` and `PushRequests`.
        let blocks = try DocCArticle(Self.article).codeBlocks("swift").prefix(5)
        #expect(blocks.count == 5)
        let thisFile = DocCArticle.normalized(try String(contentsOfFile: #filePath, encoding: .utf8))
        for block in blocks {
            #expect(thisFile.contains(DocCArticle.normalized(block)), "\(block)")
        }
    }

    @Test(
        "the article's decoder matches, silences and decodes from one reading",
        arguments: [PushWireShape.apns, .fcm]
    )
    func decoder(shape: PushWireShape) throws {
        let envelope = #"{"origin":"acme-push","id":"a-1","link":"acme://sale","quiet":true,"campaign":"winter"}"#
        let json =
            shape == .apns
            ? #"{"aps":{"content-available":1},"acme":\#(envelope)}"#
            : #"{"acme":"\#(envelope.replacingOccurrences(of: "\"", with: "\\\""))"}"#
        let payload = try PushPayload(jsonString: json)
        #expect(payload.shape == shape)
        let registry = WritingADecoderArticle.registry()
        #expect(registry.vendors.first == PushVendor(name: "acme"))
        let notification = registry.decode(payload)
        #expect(notification.vendor == PushVendor(name: "acme"))
        #expect(notification.marker == PushMarker(name: "acme.envelope"))
        #expect(notification.isSilent)
        #expect(notification.messageID == "a-1")
        #expect(notification.defaultAction == .deepLink("acme://sale"))
        #expect(notification.extras[WritingADecoderArticle.AcmeExtras.self]?.campaign == "winter")
        #expect(registry.decode(payload, detail: .summary).extras[WritingADecoderArticle.AcmeExtras.self] == nil)
        // Another sender's push, and an envelope from someone else, stay unknown to the decoder.
        let other = try PushPayload(jsonString: #"{"acme":{"origin":"elsewhere","id":"x"}}"#)
        #expect(registry.classify(other).vendor == nil)
    }
}
