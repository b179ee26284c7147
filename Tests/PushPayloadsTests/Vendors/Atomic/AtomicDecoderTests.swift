import Foundation
import PushPayloads
import Testing

@Suite("Atomic")
struct AtomicDecoderTests {
    static let valid = #"{"source":"io.atomic","cardInstanceId":"c-1","streamContainerId":"1234","detail":{"k":"v"}}"#

    @Test(
        "the envelope: an object, source io.atomic, string card id, string or number container id",
        arguments: [
            (#"{"atomic":\#(valid)}"#, "atomic"),
            (#"{"atomic":{"source":"io.atomic","cardInstanceId":"c","streamContainerId":77}}"#, "atomic"),
            (#"{"atomic":{"source":"io.atomic","cardInstanceId":"","streamContainerId":""}}"#, "atomic"),
            (#"{"atomic":{"source":"io.atomic","cardInstanceId":"c","streamContainerId":1,"detail":[1]}}"#, "atomic"),
            (#"{"atomic":{"source":"io.atomic","cardInstanceId":1,"streamContainerId":1}}"#, "unknown"),
            (#"{"atomic":{"source":"io.atomic","cardInstanceId":"c","streamContainerId":true}}"#, "unknown"),
            (#"{"atomic":{"source":"io.atomic","cardInstanceId":"c","streamContainerId":null}}"#, "unknown"),
            (#"{"atomic":{"source":"io.atomic","cardInstanceId":"c"}}"#, "unknown"),
            (#"{"atomic":{"source":"com.atomic","cardInstanceId":"c","streamContainerId":1}}"#, "unknown"),
            (#"{"atomic":{"cardInstanceId":"c","streamContainerId":1}}"#, "unknown"),
            (#"{"atomic":[{"source":"io.atomic","cardInstanceId":"c","streamContainerId":1}]}"#, "unknown"),
            (#"{"atomic":"io.atomic"}"#, "unknown"),
            (#"{"source":"io.atomic","cardInstanceId":"c","streamContainerId":1}"#, "unknown"),
        ]
    )
    func detection(_ json: String, _ expected: String) throws {
        #expect(try vendorName(json) == expected)
    }

    @Test("FCM: the envelope arrives as a JSON string")
    func fcmString() throws {
        let escaped = Self.valid.replacingOccurrences(of: "\"", with: "\\\"")
        let notification = try decode(#"{"title":"New card","body":"Open it","atomic":"\#(escaped)"}"#)
        #expect(notification.shape == .fcm)
        #expect(notification.vendor == .atomic)
        #expect(notification.title == "New card")
        #expect(notification.atomic?.detail["k"]?.stringValue == "v")
        // A string that is not a valid envelope is not Atomic.
        #expect(try vendorName(#"{"atomic":"{not json"}"#) == "unknown")
    }

    @Test("never silent; a tap opens the card; container id is a string; non-object detail is empty")
    func model() throws {
        let notification = try decode(
            #"{"aps":{"content-available":1},"atomic":{"source":"io.atomic","cardInstanceId":"c-9","streamContainerId":1234,"detail":"x"}}"#
        )
        #expect(!notification.isSilent)
        #expect(notification.defaultAction.kind == .openCard)
        #expect(notification.messageID == "c-9")
        let card = try #require(notification.atomic)
        #expect(card.cardInstanceID == "c-9")
        #expect(card.containerID == "1234")
        #expect(card.detail.objectValue?.isEmpty == true)
    }
}
