import PushPayloads
import Testing

/// The merged inbox: order, unread counts, duplicates, and a push matched to its entry.
@Suite("Merged inbox")
struct PushInboxTests {
    static func swrve(_ id: Int, sent: Int64, state: String = "U", end: Int64 = 9_000_000_000_000) -> PushInboxMessage {
        // swift-format-ignore
        try! PushInboxMessage(
            jsonString: #"{"message_id":\#(id),"variant_id":1,"state":"\#(state)","sent_date":\#(sent),"end_date":\#(end),"customer_json":{}}"#
        )
    }

    static func exponea(_ id: String, seconds: Double?, read: Bool = false) -> PushInboxMessage {
        let time = seconds.map { #","create_time":\#($0)"# } ?? ""
        return try! PushInboxMessage(
            jsonString: #"{"id":"\#(id)","type":"html","is_read":\#(read)\#(time),"content":{}}"#
        )
    }

    static func cordial(_ id: String, sent: String, read: Bool = false) -> PushInboxMessage {
        try! PushInboxMessage(
            jsonString: #"{"_id":"\#(id)","url":"u","urlExpireAt":"\#(sent)","read":\#(read),"sentAt":"\#(sent)"}"#
        )
    }

    @Test("entries of three vendors come out newest first, undated last, ties by vendor then id")
    func ordering() {
        let inbox = PushInbox([
            Self.swrve(1, sent: 1_000_000),  // 1970-01-01T00:16:40Z
            Self.exponea("old", seconds: 10),
            Self.cordial("c", sent: "2024-01-01T00:00:00.000Z"),
            Self.exponea("undated", seconds: nil),
            Self.swrve(2, sent: 10_000),  // the same moment as "old"
            Self.exponea("new", seconds: 1_800_000_000),
        ])
        #expect(inbox.messages.map(\.messageID) == ["new", "c", "1", "old", "2", "undated"])
        // The order does not depend on the order of merging.
        #expect(PushInbox(inbox.messages.reversed()).messages.map(\.messageID) == inbox.messages.map(\.messageID))
    }

    @Test("unread counts per vendor and in all; read and expired entries are not unread")
    func unreadCounts() throws {
        let now = try #require(PushTimestamp(iso8601: "2026-01-01T00:00:00.000Z"))
        let expired = try PushInboxMessage(
            jsonString: #"{"message_id":3,"variant_id":1,"state":"U","sent_date":1,"end_date":2,"customer_json":{}}"#,
            options: .init(now: now)
        )
        let inbox = PushInbox([
            Self.swrve(1, sent: 5), Self.swrve(2, sent: 6, state: "R"), expired,
            Self.exponea("a", seconds: 1), Self.exponea("b", seconds: 2, read: true),
            Self.cordial("c", sent: "2024-01-01T00:00:00.000Z"),
        ])
        #expect(inbox.unreadCount == 3)
        #expect(inbox.unreadCount(for: .swrve) == 1)
        #expect(inbox.unreadCount(for: .exponea) == 1)
        #expect(inbox.unreadCount(for: .cordial) == 1)
        #expect(inbox.unreadCount(for: .atomic) == 0)
        #expect(inbox.unreadCounts == [.swrve: 1, .exponea: 1, .cordial: 1])
        #expect(inbox.messages.count == 6)
    }

    @Test("an entry merged again replaces the one before; ids of different vendors never collide")
    func duplicates() {
        var inbox = PushInbox([Self.swrve(1, sent: 5), Self.exponea("1", seconds: 1)])
        #expect(inbox.unreadCount == 2)
        inbox.merge([Self.swrve(1, sent: 5, state: "R")])
        #expect(inbox.messages.count == 2)
        #expect(inbox.unreadCount == 1)
        #expect(inbox.message(vendor: .swrve, messageID: "1")?.isRead == true)
        // The same entry twice in one merge: one entry, the later one.
        let twice = PushInbox([
            Self.cordial("m", sent: "2024-01-01T00:00:00.000Z"),
            Self.cordial("m", sent: "2024-01-01T00:00:00.000Z", read: true),
        ])
        #expect(twice.messages.count == 1)
        #expect(twice.unreadCount == 0)
    }

    @Test("a Cordial push and its inbox entry are the same message by mcID; other vendors' never match")
    func pushMatchesEntry() throws {
        let push = PushDecoderRegistry.standard.decode(
            try PushPayload(jsonString: #"{"aps":{"alert":"New message"},"system":{"inbox":{}},"mcID":"m1"}"#)
        )
        let other = PushDecoderRegistry.standard.decode(
            try PushPayload(jsonString: #"{"aps":{"alert":"Hi"},"mcID":"m2"}"#)
        )
        let swrvePush = PushDecoderRegistry.standard.decode(
            try PushPayload(jsonString: #"{"aps":{"alert":"Hi"},"_p":"1"}"#)
        )
        let inbox = PushInbox([Self.cordial("m1", sent: "2024-01-01T00:00:00.000Z"), Self.swrve(1, sent: 1)])
        #expect(inbox.message(matching: push)?.messageID == "m1")
        #expect(inbox.message(matching: other) == nil)
        #expect(inbox.message(matching: swrvePush) == nil)
        #expect(Self.cordial("m1", sent: "2024-01-01T00:00:00.000Z").isSameMessage(as: push))
    }
}
