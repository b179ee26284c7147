import PushPayloads
import Testing

/// One bad entry loses nothing (issue 37): JSON the reader refuses inside one entry's unread custom content is
/// kept as its text, JSON it refuses elsewhere in an entry makes that entry an error beside the others, and the
/// page's own faults and text that is not JSON stay the page's error.
@Suite struct PushInboxEntryByEntryTests {
    /// Values RFC 8259 allows that no SDK can hold, or that the reader refuses.
    static let refusedJSON = [
        "18446744073709551616",
        "1e400",
        #"{"a":1,"a":2}"#,
        #""\ud800""#,
        String(repeating: "[", count: 130) + String(repeating: "]", count: 130),
    ]

    static func swrveEntry(id: Int, customerJSON: String) -> String {
        #"{"message_id":\#(id),"variant_id":1,"state":"U","sent_date":1,"end_date":2,"customer_json":\#(customerJSON)}"#
    }

    @Test(arguments: refusedJSON)
    func refusedCustomContentIsKeptAsText(_ value: String) throws {
        let custom = #"{"title":"x","n":\#(value)}"#
        let entries = [
            Self.swrveEntry(id: 1, customerJSON: #"{"title":"a"}"#),
            Self.swrveEntry(id: 2, customerJSON: custom),
            Self.swrveEntry(id: 3, customerJSON: #"{"title":"c"}"#),
        ]
        let page = try PushInboxPage(jsonString: #"{"cdn_root":"x","push_inbox":[\#(entries.joined(separator: ","))]}"#)
        #expect(page.vendor == .swrve)
        #expect(page.errors.isEmpty, "\(page.errors)")
        #expect(page.messages.map(\.messageID) == ["1", "2", "3"])
        let kept = try #require(page.messages.dropFirst().first)
        #expect(kept.customContent == nil)
        #expect(kept.customContentText == custom)
        #expect(kept.issues.isEmpty, "\(kept.issues)")
        // The entry's own JSON (its custom content set aside) reads the same again, as FuzzInbox checks.
        let again = try PushInboxMessage(jsonBytes: kept.document.jsonBytes, vendor: kept.vendor)
        #expect(again.issues == kept.issues && again.messageID == kept.messageID)
        #expect(page.messages.first?.customContent?["title"]?.stringValue == "a")
        #expect(page.entries.map(\.keyPath) == ["push_inbox[0]", "push_inbox[1]", "push_inbox[2]"])
    }

    /// In a bare array, and in Cordial's `metadata`, the same.
    @Test func aBareArrayAndCordialMetadata() throws {
        let cordial =
            #"{"_id":"c1","url":"https://x","urlExpireAt":"2024-10-10T12:25:07.123Z","read":false,"#
            + #""sentAt":"2024-10-10T12:25:07.123Z","metadata":{"big":1e400}}"#
        let page = try PushInboxPage(jsonString: "[\(Self.swrveEntry(id: 1, customerJSON: "{}")),\(cordial)]")
        #expect(page.errors.isEmpty, "\(page.errors)")
        #expect(page.messages.map(\.messageID) == ["1", "c1"])
        #expect(page.messages.last?.customContentText == #"{"big":1e400}"#)
    }

    /// Refused JSON outside the custom content makes that entry an error of its own, at its key path.
    @Test(arguments: refusedJSON)
    func refusedJSONElsewhereIsTheEntrysError(_ value: String) throws {
        let bad = #"{"message_id":2,"variant_id":1,"state":"U","sent_date":1,"end_date":2,"extra":\#(value)}"#
        let entries = [Self.swrveEntry(id: 1, customerJSON: "{}"), bad, Self.swrveEntry(id: 3, customerJSON: "{}")]
        let page = try PushInboxPage(jsonString: #"{"push_inbox":[\#(entries.joined(separator: ","))]}"#)
        #expect(page.messages.map(\.messageID) == ["1", "3"])
        #expect(page.errors.count == 1)
        #expect(page.entries[1].keyPath == "push_inbox[1]")
        #expect(page.errors.first?.keyPath?.hasPrefix("push_inbox[1]") == true, "\(page.errors)")
    }

    /// Exponea's and Cordial's `messages` too.
    @Test func anExponeaPage() throws {
        let good = #"{"id":"e1","type":"html","is_read":false,"create_time":1.5,"content":{"message":"<p>"}}"#
        let bad = #"{"id":"e2","type":"html","content":{"message":"x","k":1,"k":2}}"#
        let page = try PushInboxPage(jsonString: #"{"success":true,"messages":[\#(good),\#(bad)],"sync_token":"t"}"#)
        #expect(page.vendor == .exponea)
        #expect(page.syncToken == "t")
        #expect(page.messages.map(\.messageID) == ["e1"])
        #expect(page.entries.last?.keyPath == "messages[1]")
    }

    /// Not JSON at all, a duplicate key of the page's own, a page that failed: the page's error, as before.
    @Test(arguments: [
        (#"{"push_inbox":[{"message_id":1},]}"#, "invalid_json"),
        (#"{"success":true,"success":false,"messages":[{"id":1e400}]}"#, "duplicate_key"),
        (#"{"success":false,"messages":[{"id":1e400}]}"#, "unsuccessful_response"),
    ])
    func thePagesOwnFaultsStayItsError(_ text: String, _ code: String) throws {
        #expect(throws: PushPayloadError.self) { try PushInboxPage(jsonString: text) }
        do {
            _ = try PushInboxPage(jsonString: text)
        } catch {
            #expect(error.code.name == code, "\(error)")
        }
    }

    /// A page with both Swrve's and the others' lists is refused, not read as one of them.
    @Test func bothListsAreRefused() throws {
        do {
            _ = try PushInboxPage(jsonString: #"{"push_inbox":[],"messages":[],"success":true}"#)
            Issue.record("read a page with both push_inbox and messages")
        } catch {
            #expect(error.code == .ambiguousPage)
        }
    }
}
