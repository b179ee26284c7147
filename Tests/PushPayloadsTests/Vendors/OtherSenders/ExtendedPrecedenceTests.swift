import PushPayloads
import Testing

/// The extended registry's precedence: the four vendors first, then the other senders from the strictest
/// rule to the broadest, on both wire shapes.
@Suite("Extended registry precedence")
struct ExtendedPrecedenceTests {
    /// Each sender's marker as top-level members, by shape.
    static func members(_ vendor: PushVendor, _ shape: PushWireShape) -> String? {
        let apns = shape == .apns
        switch vendor.name {
        case "exponea": return #""source":"xnpe_platform""#
        case "atomic":
            let envelope = #"{"source":"io.atomic","cardInstanceId":"c","streamContainerId":"1"}"#
            return apns
                ? #""atomic":"# + envelope
                : #""atomic":"{\"source\":\"io.atomic\",\"cardInstanceId\":\"c\",\"streamContainerId\":\"1\"}""#
        case "swrve": return #""_p":"42""#
        case "cordial": return #""mcID":"m""#
        case "customerio": return #""CIO-Delivery-ID":"d","CIO-Delivery-Token":"t""#
        case "iterable": return apns ? #""itbl":{"isGhostPush":false,"templateId":1,"messageId":"m"}"# : #""itbl":"{}""#
        case "braze": return apns ? #""ab":{"c":"x"}"# : #""_ab":"true""#
        case "onesignal": return apns ? #""custom":{"i":"x"}"# : #""custom":"{\"i\":\"x\"}""#
        case "batch": return apns ? #""com.batch":{"i":"x"}"# : #""com.batch":"{}""#
        case "adobe": return apns ? #""_xdm":{"a":1}"# : #""adb_title":"T""#
        case "airship": return apns ? #""_":"s""# : #""com.urbanairship.push.PUSH_ID":"p""#
        case "leanplum": return apns ? #""_lpm":"1""# : #""lp_message":"B""#
        case "pushwoosh": return #""pw_msg":"1""#
        case "klaviyo": return apns ? #""body":{"_k":1}"# : #""_k":"x""#
        case "expo":
            return #""experienceId":"@o/app","scopeKey":"@o/app""#
        case "clevertap": return apns ? #""wzrk_id":"1""# : #""wzrk_pn":"1""#
        case "firebase": return #""google.c.a.e":"1""#
        default: return nil
        }
    }

    /// A payload of `shape` carrying the markers of `vendors`, in reverse order (input order must not decide).
    static func payload(_ vendors: [PushVendor], _ shape: PushWireShape) -> String? {
        var parts: [String] = shape == .apns ? [#""aps":{"alert":"x"}"#] : []
        for vendor in vendors.reversed() {
            guard let member = members(vendor, shape) else { return nil }
            parts.append(member)
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    struct Pair: Sendable, CustomTestStringConvertible {
        var first: PushVendor
        var second: PushVendor
        var shape: PushWireShape
        var testDescription: String { "\(first) over \(second) (\(shape))" }
    }

    /// Every pair of senders of the extended registry, higher precedence first, on each shape both support.
    static let pairs: [Pair] = {
        let vendors = PushDecoderRegistry.extended.vendors
        var pairs: [Pair] = []
        for shape in [PushWireShape.apns, .fcm] {
            for (index, first) in vendors.enumerated() {
                for second in vendors[(index + 1)...] where payload([first, second], shape) != nil {
                    // The standard pairs are PrecedenceTests' subject.
                    guard PushVendor.otherSenders.contains(second) else { continue }
                    pairs.append(Pair(first: first, second: second, shape: shape))
                }
            }
        }
        return pairs
    }()

    @Test("the extended registry is the four vendors, then the other senders in the documented order")
    func order() {
        #expect(
            PushDecoderRegistry.extended.vendors.map(\.name) == [
                "exponea", "atomic", "swrve", "cordial", "customerio", "iterable", "braze", "onesignal", "batch",
                "adobe", "airship", "leanplum", "pushwoosh", "klaviyo", "expo", "clevertap", "firebase",
            ]
        )
        #expect(PushVendor.otherSenders == Array(PushDecoderRegistry.extended.vendors.dropFirst(4)))
        #expect(PushDecoderRegistry.standard.vendors == [.exponea, .atomic, .swrve, .cordial])
        // Every built-in decoder declares the keys its rule reads, so both registries take the indexed path.
        #expect(PushDecoderRegistry.extended.decoders.allSatisfy { $0.markerKeys != nil })
    }

    @Test("of two markers, the higher-precedence one wins and the other is listed", arguments: pairs)
    func pair(_ pair: Pair) throws {
        let json = try #require(Self.payload([pair.first, pair.second], pair.shape))
        let payload = try PushPayload(jsonString: json)
        #expect(payload.shape == pair.shape)
        let classification = PushDecoderRegistry.extended.classify(payload)
        #expect(classification.vendor == pair.first, "\(json)")
        #expect(classification.alsoMatching == [pair.second], "\(json)")
        #expect(PushDecoderRegistry.extended.decode(payload).vendor == pair.first)
        // The standard registry sees only the four vendors.
        let standard = PushDecoderRegistry.standard.classify(payload)
        let isStandard = [PushVendor.exponea, .atomic, .swrve, .cordial].contains(pair.first)
        #expect(standard.vendor == (isStandard ? pair.first : nil))
        #expect(standard.alsoMatching.isEmpty)
    }

    @Test(
        "every other sender on its own is recognised on each shape its SDK covers",
        arguments: PushVendor.otherSenders
    )
    func alone(_ vendor: PushVendor) throws {
        for shape in [PushWireShape.apns, .fcm] {
            let json = try #require(Self.payload([vendor], shape))
            let classification = PushDecoderRegistry.extended.classify(try PushPayload(jsonString: json))
            #expect(classification.vendor == vendor, "\(json)")
            #expect(classification.alsoMatching.isEmpty, "\(json)")
        }
    }

    @Test("the four vendors win over every other sender, and silence is theirs")
    func fourVendorsWin() throws {
        // An Exponea push with OneSignal's markers: OneSignal would call it silent (no alert), Exponea doesn't.
        let json = #"{"source":"xnpe_platform","custom":{"i":"x"},"aps":{"content-available":1},"title":"T"}"#
        let classification = PushDecoderRegistry.extended.classify(try PushPayload(jsonString: json))
        #expect(classification.vendor == .exponea)
        #expect(classification.alsoMatching == [.onesignal])
        #expect(!classification.isSilent)
        let all = Self.payload(PushDecoderRegistry.extended.vendors, .fcm)!
        let fcm = PushDecoderRegistry.extended.classify(try PushPayload(jsonString: all))
        #expect(fcm.vendor == .exponea)
        #expect(fcm.alsoMatching == Array(PushDecoderRegistry.extended.vendors.dropFirst()))
    }

    @Test("the registry can reorder other senders like any vendor")
    func reorder() throws {
        var registry = PushDecoderRegistry.extended
        registry.setPrecedence([.firebase])
        let json = Self.payload([.customerio, .firebase], .apns)!
        let classification = registry.classify(try PushPayload(jsonString: json))
        #expect(classification.vendor == .firebase)
        #expect(classification.alsoMatching == [.customerio])
    }
}
