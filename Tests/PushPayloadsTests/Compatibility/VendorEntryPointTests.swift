import PushPayloads
import PushPayloadsTestSupport
import Testing

/// The vendors' entry points for bytes (`Compatibility/VendorEntryPoints.swift`): each SDK's own rule,
/// whatever form the bytes come in.
@Suite("Vendor entry points")
struct VendorEntryPointTests {
    static let payloads = [
        #"{"aps":{"alert":"Hi"},"mcID":"m"}"#,
        #"{"aps":{"alert":"Hi"},"system":{"messageAttribution":{"mcID":"m"}}}"#,
        #"{"aps":{"alert":"Hi"},"source":"xnpe_platform","silent":1}"#,
        #"{"_p":"12","_sw":"{\"version\":1}"}"#,
        #"{"atomic":{"source":"io.atomic","cardInstanceId":"c","streamContainerId":55}}"#,
        #"{"mcID":"m","mcID":"n"}"#,
        "[1]",
        #"{"unterminated":"#,
    ]

    // Cordial `CordialPushNotificationHandler.isCordialMessage(userInfo:)` → `getMcID` →
    // `getMcIdCurrentPayloadType`: `userInfo["mcID"] as? String`.
    @Test("isCordialMessage: top-level String mcID only; the extension layout is recognised under its own marker")
    func cordialEntryPoint() throws {
        let attribution = #"{"aps":{"alert":"Hi"},"system":{"messageAttribution":{"mcID":"m"}}}"#
        let topLevel = #"{"aps":{"alert":"Hi"},"mcID":"m"}"#
        let both = #"{"mcID":"top","system":{"messageAttribution":{"mcID":"nested"}}}"#
        #expect(!isCordialMessage(jsonBytes: attribution))
        #expect(isCordialMessage(jsonBytes: Array(topLevel.utf8)))
        #expect(isCordialMessage(jsonBytes: #"{"mcID":""}"#))

        let extensionRule = try classify(attribution)
        #expect(extensionRule.vendor == .cordial)
        #expect(extensionRule.marker == .cordialMessageAttribution)
        #expect(extensionRule.marker?.isEntryPointRule == false)
        #expect(try classify(topLevel).marker == .cordialMessageID)
        #expect(try classify(topLevel).marker?.isEntryPointRule == true)
        // The main SDK attributes by the top-level id.
        #expect(try decode(both).messageID == "top")
        #expect(try classify(both).marker == .cordialMessageID)
    }

    @Test("a slice, a string and a substring give what [UInt8] gives", arguments: payloads)
    func sameAsBytes(_ json: String) {
        let bytes = Array(json.utf8)
        let slice = OffsetInputs.slice(bytes)
        let substring = OffsetInputs.substring(json)
        #expect(isCordialMessage(jsonBytes: slice) == isCordialMessage(jsonBytes: bytes))
        #expect(isCordialMessage(jsonBytes: substring) == isCordialMessage(jsonBytes: bytes))
        #expect(isExponeaNotification(jsonBytes: slice) == isExponeaNotification(jsonBytes: bytes))
        #expect(isExponeaNotification(jsonBytes: json) == isExponeaNotification(jsonBytes: bytes))
        #expect(isSwrvePush(jsonBytes: substring) == isSwrvePush(jsonBytes: bytes))
        #expect(notificationFromPushPayload(jsonBytes: slice) == notificationFromPushPayload(jsonBytes: bytes))
    }

    #if compiler(>=6.2)
    @Test("a RawSpan gives what [UInt8] gives", arguments: payloads)
    func spansSameAsBytes(_ json: String) {
        let bytes = Array(json.utf8)
        #expect(isCordialMessage(jsonBytes: bytes.span.bytes) == isCordialMessage(jsonBytes: bytes))
        #expect(isExponeaNotification(jsonBytes: bytes.span.bytes) == isExponeaNotification(jsonBytes: bytes))
        #expect(isSwrvePush(jsonBytes: bytes.span.bytes) == isSwrvePush(jsonBytes: bytes))
        let card = notificationFromPushPayload(jsonBytes: bytes)
        #expect(notificationFromPushPayload(jsonBytes: bytes.span.bytes) == card)
    }
    #endif

    @Test("the payloads hold each vendor's push, so the comparisons above compare answers that differ")
    func payloadsCoverEveryVendor() {
        #expect(Self.payloads.contains { isCordialMessage(jsonBytes: $0) })
        #expect(Self.payloads.contains { isExponeaNotification(jsonBytes: $0) })
        #expect(Self.payloads.contains { isSwrvePush(jsonBytes: $0) })
        #expect(Self.payloads.contains { notificationFromPushPayload(jsonBytes: $0) != nil })
    }
}
