import PushPayloads
import PushPayloadsJSON
import Testing

/// `PushNotification` keeps its presentation fields in one box shared until written (every summary starts
/// with the same empty one) and its text as references into the payload: it must still behave as a plain
/// value.
@Suite("PushNotification as a value")
struct PushNotificationTests {
    static let payload = #"""
        {"aps":{"alert":{"title":"T","body":"B"},"badge":3,"sound":"ping","category":"C"},"mcID":"m-1"}
        """#

    @Test("writing a summary's presentation fields changes that notification only, never the next summary")
    func summariesShareNothingWritable() throws {
        let registry = PushDecoderRegistry.standard
        var first = try registry.decode(PushPayload(jsonString: Self.payload), detail: .summary)
        #expect(first.badge == nil && first.buttons.isEmpty && first.extras.isEmpty)
        first.badge = 9
        first.sound = "bell"
        first.buttons.append(PushButton(title: "Open", actionIdentifier: "open", action: .openApp))
        first.images.append(PushImage(url: "https://example.com/a.png"))
        first.vendorText = PushText(title: "V", body: nil)
        first.isContentAvailable = true
        let second = try registry.decode(PushPayload(jsonString: Self.payload), detail: .summary)
        #expect(second.badge == nil && second.sound == nil && second.vendorText == nil)
        #expect(second.buttons.isEmpty && second.images.isEmpty && !second.isContentAvailable)
        #expect(first.badge == 9 && first.buttons.count == 1 && first.images.count == 1)
    }

    @Test("a copy is independent of the notification it was copied from")
    func copiesAreIndependent() throws {
        let original = try PushDecoderRegistry.standard.decode(PushPayload(jsonString: Self.payload))
        #expect(original.badge == 3 && original.sound == "ping" && original.category == "C")
        var copy = original
        copy.badge = 4
        copy.category = nil
        copy.buttons.append(PushButton(title: "Later", actionIdentifier: "later", action: .dismiss))
        copy.extras[CordialExtras.self] = nil
        #expect(original.badge == 3 && original.category == "C" && original.buttons.isEmpty)
        #expect(original.cordial?.mcID == "m-1" && copy.cordial == nil)
        #expect(copy != original)
        var again = original
        #expect(again == original)
        again.relevanceScore = 0.5
        #expect(again != original && original.relevanceScore == nil)
    }

    @Test("text read from the payload and text set by hand read and compare alike")
    func textReferencesReadAsStrings() throws {
        let escaped = #"{"aps":{"alert":{"title":"Line\none \"q\"","body":"caf\u00e9"}},"mcID":"m-1"}"#
        var notification = try PushDecoderRegistry.standard.decode(PushPayload(jsonString: escaped), detail: .summary)
        #expect(notification.title == "Line\none \"q\"")
        #expect(notification.body == "café")
        #expect(notification.messageID == "m-1")
        var byHand = notification
        byHand.title = "Line\none \"q\""
        byHand.body = "café"
        byHand.messageID = "m-1"
        #expect(byHand == notification)
        notification.messageID = nil
        #expect(notification.messageID == nil && byHand.messageID == "m-1")
    }
}
