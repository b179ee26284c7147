import Foundation
import PushPayloads
import PushPayloadsTestSupport
import Testing

/// The registry's one pass over the top-level keys (`PushMarkerKeys`) only skips decoders that could not
/// match: it never changes an answer.
@Suite("Marker key index")
struct MarkerKeyIndexTests {
    /// A decoder that hides its marker keys, so the registry asks it about every payload.
    struct Unindexed: PushPayloadDecoder {
        let base: any PushPayloadDecoder
        var vendor: PushVendor { base.vendor }
        func match(_ payload: PushPayload) -> PushMatch? { base.match(payload) }
        func isSilent(_ match: PushMatch) -> Bool { base.isSilent(match) }
        func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
            base.decode(match, into: &notification, detail: detail)
        }
    }

    /// A decoder that recognises `key` and declares it, or not.
    struct KeyDecoder: PushPayloadDecoder {
        let name: String
        let key: String
        let declares: Bool
        var vendor: PushVendor { PushVendor(name: name) }
        var markerKeys: PushMarkerKeys? { declares ? PushMarkerKeys(keys: [key]) : nil }
        func match(_ payload: PushPayload) -> PushMatch? {
            payload.object.contains(key) ? PushMatch(payload, marker: PushMarker(name: name)) : nil
        }
    }

    static let unindexed = PushDecoderRegistry(PushDecoderRegistry.extended.decoders.map { Unindexed(base: $0) })

    static let corpusFiles: [String] = {
        let rows = (try? ExpectedResult.load(TestPaths.corpus.appendingPathComponent("EXPECTED.tsv"))) ?? []
        return rows.filter { $0.status == "ok" }.map(\.file)
    }()

    @Test("every corpus payload classifies alike with and without the index")
    func corpus() throws {
        #expect(!Self.corpusFiles.isEmpty)
        for file in Self.corpusFiles {
            let bytes = try [UInt8](Data(contentsOf: TestPaths.corpus.appendingPathComponent(file)))
            let payload = try PushPayload(jsonBytes: bytes)
            #expect(PushDecoderRegistry.extended.classify(payload) == Self.unindexed.classify(payload), "\(file)")
        }
    }

    /// The vendor fixtures (real payloads from the vendors' SDK tests), relative to their folder.
    static let fixtureFiles: [String] = TestPaths.files(below: TestPaths.vendorFixtures, extensions: ["json"])

    @Test("every vendor fixture classifies and decodes alike with and without the index")
    func fixtures() throws {
        let folder = TestPaths.vendorFixtures
        #expect(!Self.fixtureFiles.isEmpty)
        let standardUnindexed = PushDecoderRegistry(PushDecoderRegistry.standard.decoders.map { Unindexed(base: $0) })
        for file in Self.fixtureFiles {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            guard let payload = try? PushPayload(jsonBytes: bytes) else { continue }
            #expect(PushDecoderRegistry.extended.classify(payload) == Self.unindexed.classify(payload), "\(file)")
            #expect(PushDecoderRegistry.standard.classify(payload) == standardUnindexed.classify(payload), "\(file)")
            let indexed = PushDecoderRegistry.standard.decode(payload, detail: .summary)
            let plain = standardUnindexed.decode(payload, detail: .summary)
            #expect(indexed.messageID == plain.messageID && indexed.title == plain.title, "\(file)")
            #expect(indexed.defaultAction == plain.defaultAction, "\(file)")
        }
    }

    @Test(
        "every corpus payload decodes alike with and without the index (and the readings it shares)",
        arguments: [PushDecodingDetail.full, .summary]
    )
    func corpusModels(_ detail: PushDecodingDetail) throws {
        for file in Self.corpusFiles {
            let bytes = try [UInt8](Data(contentsOf: TestPaths.corpus.appendingPathComponent(file)))
            let payload = try PushPayload(jsonBytes: bytes)
            let indexed = PushDecoderRegistry.extended.decode(payload, detail: detail)
            let plain = Self.unindexed.decode(payload, detail: detail)
            #expect(indexed.classification == plain.classification, "\(file)")
            #expect(indexed.messageID == plain.messageID, "\(file)")
            #expect(indexed.title == plain.title, "\(file)")
            #expect(indexed.subtitle == plain.subtitle, "\(file)")
            #expect(indexed.body == plain.body, "\(file)")
            #expect(indexed.defaultAction == plain.defaultAction, "\(file)")
        }
    }

    @Test("every pair of markers classifies alike with and without the index", arguments: ExtendedPrecedenceTests.pairs)
    func pairs(_ pair: ExtendedPrecedenceTests.Pair) throws {
        let json = try #require(ExtendedPrecedenceTests.payload([pair.first, pair.second], pair.shape))
        let payload = try PushPayload(jsonString: json)
        #expect(PushDecoderRegistry.extended.classify(payload) == Self.unindexed.classify(payload))
    }

    @Test("keys are compared decoded, whole, and case-sensitively; prefixes as prefixes")
    func comparisons() throws {
        let cases: [(String, PushVendor?)] = [
            (#"{"\u0070w_msg":"1"}"#, .pushwoosh),  // an escaped key
            (#"{"pw_msg2":"1"}"#, nil),  // longer than the key
            (#"{"pw_ms":"1"}"#, nil),  // shorter
            (#"{"PW_MSG":"1"}"#, nil),
            (#"{"aps":{},"wzrk_":"1"}"#, .clevertap),  // exactly the prefix
            (#"{"aps":{},"wzrk":"1"}"#, nil),  // shorter than the prefix
            (#"{"aps":{},"":"1","_":"2"}"#, .airship),  // an empty key, then Airship's `_`
            (#"{"aps":{},"é":"1","\u00e8":"2"}"#, nil),  // first bytes above 0x7F
        ]
        for (json, vendor) in cases {
            let payload = try PushPayload(jsonString: json)
            #expect(PushDecoderRegistry.extended.classify(payload).vendor == vendor, "\(json)")
            #expect(Self.unindexed.classify(payload).vendor == vendor, "\(json)")
        }
    }

    /// Keys the decoders ask for, keys that share their first and last bytes or length, and keys written with escapes.
    static let filterKeys = [
        "aps", "title", "subtitle", "body", "text", "source", "atomic", "_sp", "_p", "mcID", "system", "_sw", "_sd",
        "attributes", "a", "ab", "_ab", "pw_msg", "itbl", "custom", "sound", "tps", "axs", "text_0", "text_1",
        "metrics_1", "ctx_3", "", "title2", "tItle",
    ]

    @Test("top-level lookups and the marker index agree with a search, whatever the key filter holds")
    func keyFilter() throws {
        var generator = SystemRandomNumberGenerator()
        let standardUnindexed = PushDecoderRegistry(PushDecoderRegistry.standard.decoders.map { Unindexed(base: $0) })
        // From 1 to 30 members: objects with a filter (up to 12) and without one.
        for round in 0..<600 {
            let count = 1 + round % 30
            var keys = Set<String>()
            while keys.count < count {
                let key = Self.filterKeys.randomElement(using: &generator)!
                let suffix = Int.random(in: 0..<50, using: &generator)
                keys.insert(Bool.random(using: &generator) ? key : key + "_\(suffix)")
            }
            let members = keys.map { key -> String in
                // Some keys written with an escape: the filter holds decoded keys.
                let written =
                    key.first == "s" && Bool.random(using: &generator) ? "\\u0073" + key.dropFirst() : key
                let value = ["\"1\"", "\"x\"", "1", "{}", "{\"alert\":\"Hi\"}"].randomElement(using: &generator)!
                return "\"\(written)\":\(value)"
            }
            let json = "{" + members.joined(separator: ",") + "}"
            let payload = try PushPayload(jsonString: json)
            for key in Self.filterKeys + keys.sorted() {
                #expect(payload[key] == payload.object[key], "\(key) in \(json)")
            }
            #expect(PushDecoderRegistry.standard.classify(payload) == standardUnindexed.classify(payload), "\(json)")
            #expect(PushDecoderRegistry.extended.classify(payload) == Self.unindexed.classify(payload), "\(json)")
        }
    }

    @Test("decoders without keys are always asked; past the 64th, every decoder is")
    func positions() throws {
        var decoders: [any PushPayloadDecoder] = [KeyDecoder(name: "plain", key: "plain", declares: false)]
        for index in 1..<70 { decoders.append(KeyDecoder(name: "k\(index)", key: "k\(index)", declares: true)) }
        let registry = PushDecoderRegistry(decoders)
        for (json, vendors) in [
            (#"{"plain":1}"#, ["plain"]),
            (#"{"k3":1,"k65":1,"plain":1}"#, ["plain", "k3", "k65"]),
            (#"{"k69":1,"k1":1}"#, ["k1", "k69"]),
            (#"{"k70":1}"#, []),
        ] {
            let classification = registry.classify(try PushPayload(jsonString: json))
            let names = [classification.vendor].compactMap { $0?.name } + classification.alsoMatching.map(\.name)
            #expect(names == vendors, "\(json)")
        }
    }

    @Test("registering, removing and reordering keep the index in step with the decoders")
    func mutations() throws {
        var registry = PushDecoderRegistry.standard
        let payload = try PushPayload(jsonString: #"{"acme":1,"pw_msg":"1"}"#)
        registry.register(KeyDecoder(name: "acme", key: "acme", declares: true))
        #expect(registry.classify(payload).vendor?.name == "acme")
        registry.register(PushwooshDecoder(), at: 0)
        #expect(registry.classify(payload).vendor == .pushwoosh)
        #expect(registry.classify(payload).alsoMatching.map(\.name) == ["acme"])
        registry.setPrecedence([PushVendor(name: "acme")])
        #expect(registry.classify(payload).vendor?.name == "acme")
        registry.remove(PushVendor(name: "acme"))
        #expect(registry.classify(payload).vendor == .pushwoosh)
        #expect(registry.classify(payload).alsoMatching.isEmpty)
    }
}
