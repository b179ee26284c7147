import PushPayloads
import Testing

/// Which vendor wins when several markers are present, and what else is reported.
@Suite("Precedence and ambiguity")
struct PrecedenceTests {
    static let markers: [String: String] = [
        "exponea": #""source":"xnpe_platform""#,
        "atomic": #""atomic":{"source":"io.atomic","cardInstanceId":"c","streamContainerId":"1"}"#,
        "swrve": #""_p":"42""#,
        "cordial": #""mcID":"m""#,
    ]
    static let order = ["exponea", "atomic", "swrve", "cordial"]

    /// Every non-empty subset of the four vendors.
    static let subsets: [[String]] = (1..<16).map { mask in
        order.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
    }

    @Test("the strongest marker wins and the rest are listed in order", arguments: subsets)
    func subset(_ vendors: [String]) throws {
        // Members in reverse order, so input order can't be what decides.
        let json = "{" + vendors.reversed().map { Self.markers[$0]! }.joined(separator: ",") + "}"
        let classification = try classify(json)
        #expect(classification.vendor?.name == vendors.first)
        #expect(classification.alsoMatching.map(\.name) == Array(vendors.dropFirst()))
        #expect(classification.isAmbiguous == (vendors.count > 1))
    }

    @Test("the winner decides silence: an Atomic push with Swrve's _sp is visible")
    func winnerDecidesSilence() throws {
        let json = "{" + Self.markers["atomic"]! + #","_sp":"1"}"#
        let classification = try classify(json)
        #expect(classification.vendor == .atomic)
        #expect(!classification.isSilent)
    }

    @Test("callers can change the order")
    func customOrder() throws {
        var registry = PushDecoderRegistry.standard
        registry.setPrecedence([.cordial])
        #expect(registry.vendors == [.cordial, .exponea, .atomic, .swrve])
        let payload = try PushPayload(jsonString: "{" + Self.markers["exponea"]! + "," + Self.markers["cordial"]! + "}")
        let classification = registry.classify(payload)
        #expect(classification.vendor == .cordial)
        #expect(classification.alsoMatching == [.exponea])
    }
}
