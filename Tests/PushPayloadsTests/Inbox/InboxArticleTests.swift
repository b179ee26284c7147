import Foundation
import PushPayloads
import PushPayloadsTestSupport
import Testing

// The snippets of `Sources/PushPayloads/Docs.docc/OneInboxForSeveralVendors.md`, compiled. Keep the two
// the same: `InboxArticleTests.snippetsAreThisCode` compares them.

/// Everything the three inboxes hold, as one list, and the entries that could not be read.
struct Inboxes {
    var inbox = PushInbox()
    var unreadable: [PushPayloadError] = []

    /// Adds a page as fetched from a vendor's API, or as its SDK caches it. `now` flags the entries
    /// whose expiry has passed, which the vendors' SDKs no longer list.
    mutating func add(page bytes: [UInt8], now: PushTimestamp) {
        do {
            let page = try PushInboxPage(jsonBytes: bytes, options: PushInboxReadingOptions(now: now))
            inbox.merge(page.messages.filter { !$0.isExpired })
            unreadable += page.errors
        } catch {
            // Not JSON, a page that says it failed, more entries than the limits allow.
            unreadable.append(error)
        }
    }

    /// The badge: unread entries of every vendor.
    var badge: Int { inbox.unreadCount }
}

/// The inbox entry a push announced, if the inbox has it: open it instead of the push's own target.
func entry(for payload: [UInt8], in inboxes: Inboxes) throws -> PushInboxMessage? {
    let notification = PushDecoderRegistry.standard.decode(try PushPayload(jsonBytes: payload))
    return inboxes.inbox.message(matching: notification)
}

// End of the snippets.

@Suite("The article \"One inbox for several vendors\"")
struct InboxArticleTests {
    static let articlePath = "Sources/PushPayloads/Docs.docc/OneInboxForSeveralVendors.md"

    static func fixture(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: TestPaths.corpus.appendingPathComponent("inbox/\(name)")))
    }

    @Test("the article's Swift is the code in this file, which compiles")
    func snippetsAreThisCode() throws {
        let blocks = try DocCArticle(Self.articlePath).codeBlocks("swift")
        #expect(blocks.count == 2)
        let thisFile = DocCArticle.normalized(try String(contentsOfFile: #filePath, encoding: .utf8))
        for block in blocks {
            #expect(thisFile.contains(DocCArticle.normalized(block)), "\(block)")
        }
    }

    @Test("the three vendors' pages make one inbox; expired entries are left out; twice is once")
    func threeVendors() throws {
        let now = try #require(PushTimestamp(iso8601: "2026-11-25T00:00:00.000Z"))
        var inboxes = Inboxes()
        inboxes.add(page: try Self.fixture("swrve-android-push_inbox_messages_past_and_future.json"), now: now)
        inboxes.add(page: try Self.fixture("cordial-ios-inbox-messages-page.json"), now: now)
        // Exponea's entry expired in January 2024: not listed.
        inboxes.add(page: try Self.fixture("exponea-ios-appinbox-message-push-type.json"), now: now)
        inboxes.add(
            page: Array(#"{"id":"e2","type":"html","create_time":1764000000,"is_read":false,"content":{}}"#.utf8),
            now: now
        )
        inboxes.add(page: Array("not json".utf8), now: now)
        #expect(inboxes.inbox.messages.map(\.messageID) == ["e2", "test_mc_id", "1", "3", "4"])
        #expect(inboxes.badge == 3)
        #expect(inboxes.inbox.unreadCounts == [.exponea: 1, .swrve: 2, .cordial: 0])
        #expect(inboxes.unreadable.map(\.code.name) == ["invalid_json"])
        let before = inboxes.inbox.messages.map(\.messageID)
        inboxes.add(page: try Self.fixture("swrve-android-push_inbox_messages_past_and_future.json"), now: now)
        #expect(inboxes.inbox.messages.map(\.messageID) == before)
    }

    @Test("a Cordial push finds its entry; a Swrve push finds none")
    func pushToEntry() throws {
        var inboxes = Inboxes()
        let now = PushTimestamp(millisecondsSince1970: 0)
        inboxes.add(page: try Self.fixture("cordial-ios-inbox-messages-page.json"), now: now)
        inboxes.add(page: try Self.fixture("swrve-android-push_inbox_messages.json"), now: now)
        let cordialPush = Array(#"{"aps":{"content-available":1},"system":{"inbox":{}},"mcID":"test_mc_id"}"#.utf8)
        #expect(try entry(for: cordialPush, in: inboxes)?.vendor == .cordial)
        #expect(try entry(for: Array(#"{"aps":{"alert":"x"},"_p":"1"}"#.utf8), in: inboxes) == nil)
    }
}
