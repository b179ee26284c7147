import Foundation
import PushPayloads
import PushPayloadsFoundation
import Testing

@Suite("Vendor-compatible entry points")
struct VendorEntryPointTests {
    func bytes(_ json: String) -> [UInt8] { Array(json.utf8) }

    @Test("each predicate applies its vendor's rule to userInfo and to bytes")
    func predicates() {
        let cordial: [AnyHashable: Any] = ["mcID": "m", "aps": ["alert": "x"]]
        #expect(isCordialMessage(userInfo: cordial) == true)
        #expect(!isCordialMessage(userInfo: ["mcID": 5]))
        #expect(isExponeaNotification(userInfo: ["source": "xnpe_platform"]))
        #expect(!isExponeaNotification(userInfo: ["source": "xnpe"]))
        #expect(isSwrvePush(userInfo: ["_p": 7]))
        #expect(!isSwrvePush(userInfo: ["_p": ""]))
        // iOS receives JSON true as an NSNumber, which Swrve reads as "1".
        #expect(isSwrvePush(userInfo: ["_p": true]))
        #expect(!isSwrvePush(userInfo: ["_p": NSNull()]))
        // The userInfo form of Cordial's entry point reads the top-level mcID only, as the SDK does.
        #expect(!isCordialMessage(userInfo: ["system": ["messageAttribution": ["mcID": "m"]]]))

        #expect(isCordialMessage(jsonBytes: bytes(#"{"mcID":""}"#)))
        #expect(isExponeaNotification(jsonBytes: bytes(#"{"source":"xnpe_platform"}"#)))
        #expect(isSwrvePush(jsonBytes: bytes(#"{"_sp":"1"}"#)))
        // Invalid JSON belongs to no one.
        #expect(!isCordialMessage(jsonBytes: bytes(#"{"mcID":"m","mcID":"n"}"#)))
    }

    @Test("notificationFromPushPayload returns card, container as a string and detail, or nil")
    func atomic() throws {
        let userInfo: [AnyHashable: Any] = [
            "aps": ["alert": ["title": "Card"]],
            "atomic": ["source": "io.atomic", "cardInstanceId": "c1", "streamContainerId": 55, "detail": ["a": "b"]],
        ]
        let card = try #require(notificationFromPushPayload(userInfo))
        #expect(card.cardInstanceID == "c1")
        #expect(card.containerID == "55")
        #expect(card.detail["a"]?.stringValue == "b")
        #expect(notificationFromPushPayload(["atomic": ["source": "io.atomic"]]) == nil)

        let json = #"{"atomic":{"source":"io.atomic","cardInstanceId":"c2","streamContainerId":"9"}}"#
        let fromBytes = notificationFromPushPayload(jsonBytes: bytes(json))
        #expect(fromBytes?.containerID == "9")
        #expect(fromBytes?.detail.objectValue?.isEmpty == true)
    }
}
