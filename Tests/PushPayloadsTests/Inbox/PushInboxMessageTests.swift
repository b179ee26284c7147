import Foundation
import PushPayloads
import PushPayloadsTestSupport
import Testing

/// The vendors' own inbox test data (`Corpus/inbox/`, origins in its README) read to the model, and the
/// near-misses each vendor's SDK refuses or reads with a fallback.
@Suite("Inbox entries")
struct PushInboxMessageTests {
    static let folder = TestPaths.corpus.appendingPathComponent("inbox")
    static let files = TestPaths.files(below: folder, extensions: ["json"])

    static func page(_ file: String, options: PushInboxReadingOptions = .init()) throws -> PushInboxPage {
        try PushInboxPage(jsonBytes: [UInt8](Data(contentsOf: folder.appendingPathComponent(file))), options: options)
    }

    @Test("every fixture reads without an error entry", arguments: files)
    func fixtureReads(_ file: String) throws {
        let page = try Self.page(file)
        #expect(page.errors.isEmpty, "\(file): \(page.errors)")
        #expect(page.vendor != nil)
    }

    @Test("the Exponea push-type fixture (inbox and vendor fixtures) is an entry holding an Exponea push")
    func exponeaPushType() throws {
        let sources = [
            Self.folder.appendingPathComponent("exponea-ios-appinbox-message-push-type.json"),
            TestPaths.vendorFixtures.appendingPathComponent("exponea/ios-appinbox-message-push-type.json"),
        ]
        for source in sources {
            let entry = try PushInboxMessage(jsonBytes: [UInt8](Data(contentsOf: source)))
            #expect(entry.vendor == .exponea)
            #expect(entry.messageID == "070384247690685160")
            #expect(entry.contentType == .push)
            #expect(!entry.isRead)
            #expect(entry.sentAt == PushTimestamp(millisecondsSince1970: 1_673_346_347_242))
            #expect(entry.sentAt?.iso8601 == "2023-01-10T10:25:47.242Z")
            #expect(entry.expiresAt == PushTimestamp(millisecondsSince1970: 1_704_882_347_220))
            #expect(entry.title == "Title")
            #expect(entry.body == "html here")
            #expect(entry.imageURL?.hasPrefix("https://www.wildlifetrusts.org/") == true)
            #expect(entry.html == nil)
            let notification = try #require(entry.notification)
            #expect(notification.vendor == .exponea)
            #expect(!notification.isSilent)
            #expect(notification.exponea?.attributes?["campaign_id"]?.stringValue == "63bd35be94f72bc9ef8bd151")
            #expect(entry.defaultAction == notification.defaultAction)
            #expect(entry.issues.isEmpty)
            #expect(entry.document.root["content"]?["source"]?.stringValue == "xnpe_platform")
        }
    }

    @Test("an Exponea HTML entry shows pre_header as its text and message as HTML, with no action of its own")
    func exponeaHTML() throws {
        let entry = try PushInboxMessage(
            jsonString: #"""
                {"id":"id1","type":"html","is_read":true,"create_time":1700000000,
                 "content":{"title":"Sale","pre_header":"Up to 50%","message":"<html><body>Hi</body></html>",
                            "image":"https://img.example/a.png"}}
                """#
        )
        #expect(entry.contentType == .html)
        #expect(entry.isRead)
        #expect(entry.title == "Sale")
        #expect(entry.body == "Up to 50%")
        #expect(entry.html == "<html><body>Hi</body></html>")
        #expect(entry.imageURL == "https://img.example/a.png")
        #expect(entry.defaultAction == nil)
        #expect(entry.notification == nil)
        #expect(entry.sentAt?.iso8601 == "2023-11-14T22:13:20.000Z")
    }

    @Test("an Exponea push entry's tap and buttons resolve as the push decoder resolves them")
    func exponeaActions() throws {
        let entry = try PushInboxMessage(
            jsonString: #"""
                {"id":"a","type":"push","create_time":1.5,"is_read":false,
                 "content":{"source":"xnpe_platform","title":"T","message":"M","action":"deeplink",
                            "url":"app://sale","actions":[{"action":"browser","title":"Web","url":"https://shop.example"}]}}
                """#
        )
        let notification = try #require(entry.notification)
        #expect(entry.defaultAction == notification.defaultAction)
        #expect(entry.defaultAction?.kind == .deepLink)
        #expect(entry.defaultAction?.url == "app://sale")
        #expect(entry.buttons == notification.buttons)
        #expect(entry.buttons.first?.action == .openURL("https://shop.example"))
        #expect(entry.sentAt == PushTimestamp(millisecondsSince1970: 1500))
    }

    @Test("Swrve's Android fixture: eight entries, ids, variants, states, times in milliseconds, customer_json kept")
    func swrveFixture() throws {
        let page = try Self.page("swrve-android-push_inbox_messages.json")
        #expect(page.vendor == .swrve)
        let messages = page.messages
        #expect(messages.count == 8)
        let first = try #require(messages.first)
        #expect(first.messageID == "1")
        #expect(first.variantID == "11")
        #expect(!first.isRead)
        #expect(first.sentAt == PushTimestamp(millisecondsSince1970: 1_714_555_770))
        #expect(first.expiresAt == PushTimestamp(millisecondsSince1970: 1_714_655_770))
        #expect(first.trackingData == "test-tracking-data")
        #expect(first.customContent?["title"]?.stringValue == "New Arrivals!")
        #expect(first.title == nil, "customer_json is the app's: not read as a title")
        #expect(first.contentType == .custom)
        #expect(first.defaultAction == nil)
        #expect(messages[1].isRead)
        #expect(messages[1].trackingData == nil)
        #expect(page.entries[3].keyPath == "push_inbox[3]")
    }

    @Test("Swrve's past-and-future fixture: with now given, entry 2 is expired, as the SDK's filter says")
    func swrveExpiry() throws {
        let now = try #require(PushTimestamp(iso8601: "2026-11-25T00:00:00.000Z"))
        let page = try Self.page("swrve-android-push_inbox_messages_past_and_future.json", options: .init(now: now))
        #expect(page.messages.filter { !$0.isExpired }.map(\.messageID) == ["1", "3", "4"])
        let expired = try #require(page.messages.first { $0.messageID == "2" })
        #expect(expired.isExpired)
        #expect(expired.issues.map(\.code) == [.expired])
        #expect(expired.expiresAt?.iso8601 == "2000-05-20T15:59:56.000Z")
        // Without a clock nothing is judged.
        #expect(
            try Self.page("swrve-android-push_inbox_messages_past_and_future.json").messages.allSatisfy {
                !$0.isExpired
            }
        )
    }

    @Test("Cordial's page: position, mcID, read, times to the millisecond, metadata kept unread")
    func cordialFixture() throws {
        let page = try Self.page("cordial-ios-inbox-messages-page.json")
        #expect(page.vendor == .cordial)
        #expect(page.position == PushInboxPage.Position(current: 1, last: 1, size: 10, total: 1))
        #expect(page.position?.hasNext == false)
        let entry = try #require(page.messages.first)
        #expect(entry.messageID == "test_mc_id")
        #expect(entry.isRead)
        #expect(entry.sentAt?.iso8601 == "2024-10-10T12:25:07.123Z")
        #expect(entry.expiresAt == nil)
        #expect(entry.contentURL == "https://cordial.com/")
        #expect(entry.contentURLExpiresAt?.iso8601 == "2024-10-10T12:25:07.123Z")
        #expect(entry.customContent?["deepLink"]?.stringValue == "https://tjs.cordialdev.com/prep-tj1.html")
        #expect(entry.title == nil)
        #expect(entry.defaultAction == nil)
    }

    @Test("Exponea's empty response: a page with a sync token and no entries")
    func exponeaEmptyResponse() throws {
        let page = try Self.page("exponea-android-appinbox-response-empty.json")
        #expect(page.vendor == .exponea)
        #expect(page.syncToken == "CqIBDA...dxWvPKg")
        #expect(page.entries.isEmpty)
    }

    struct NearMiss: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        var vendor: PushVendor?
        var code: PushPayloadError.Code
        var keyPath: String?
        var testDescription: String { name }
    }

    static let nearMisses: [NearMiss] = [
        NearMiss(
            name: "Exponea without id",
            json: #"{"type":"push","is_read":false,"content":{}}"#,
            code: .missingID,
            keyPath: "id"
        ),
        NearMiss(
            name: "Exponea empty id",
            json: #"{"id":"","type":"push","content":{}}"#,
            code: .missingID,
            keyPath: "id"
        ),
        NearMiss(
            name: "Exponea numeric id",
            json: #"{"id":7,"type":"push","content":{}}"#,
            code: .typeMismatch,
            keyPath: "id"
        ),
        NearMiss(
            name: "Swrve without message_id",
            json: #"{"variant_id":1,"state":"U","sent_date":1,"end_date":2}"#,
            code: .missingID,
            keyPath: "message_id"
        ),
        NearMiss(
            name: "Swrve string message_id",
            json: #"{"message_id":"1","variant_id":1,"state":"U","sent_date":1,"end_date":2}"#,
            code: .typeMismatch,
            keyPath: "message_id"
        ),
        NearMiss(
            name: "Swrve negative id",
            json: #"{"message_id":-1,"variant_id":1,"state":"U","sent_date":1,"end_date":2}"#,
            code: .typeMismatch,
            keyPath: "message_id"
        ),
        NearMiss(
            name: "Swrve fractional date",
            json: #"{"message_id":1,"variant_id":1,"state":"U","sent_date":1.5,"end_date":2}"#,
            code: .typeMismatch,
            keyPath: "sent_date"
        ),
        NearMiss(
            name: "Swrve state D",
            json: #"{"message_id":1,"variant_id":1,"state":"D","sent_date":1,"end_date":2}"#,
            code: .invalidState,
            keyPath: "state"
        ),
        NearMiss(
            name: "Swrve without state",
            json: #"{"message_id":1,"variant_id":1,"sent_date":1,"end_date":2}"#,
            code: .missingField,
            keyPath: "state"
        ),
        NearMiss(
            name: "Swrve without end_date",
            json: #"{"message_id":1,"variant_id":1,"state":"r","sent_date":1}"#,
            code: .missingField,
            keyPath: "end_date"
        ),
        NearMiss(
            name: "Cordial without _id",
            json:
                #"{"url":"u","urlExpireAt":"2024-01-01T00:00:00.000Z","read":true,"sentAt":"2024-01-01T00:00:00.000Z"}"#,
            code: .missingID,
            keyPath: "_id"
        ),
        NearMiss(
            name: "Cordial time without fraction",
            json:
                #"{"_id":"m","url":"u","urlExpireAt":"2024-01-01T00:00:00.000Z","read":true,"sentAt":"2024-01-01T00:00:00Z"}"#,
            code: .invalidTimestamp,
            keyPath: "sentAt"
        ),
        NearMiss(
            name: "Cordial 30 February",
            json:
                #"{"_id":"m","url":"u","urlExpireAt":"2024-02-30T00:00:00.000Z","read":true,"sentAt":"2024-01-01T00:00:00.000Z"}"#,
            code: .invalidTimestamp,
            keyPath: "urlExpireAt"
        ),
        NearMiss(
            name: "Cordial read as number",
            json:
                #"{"_id":"m","url":"u","urlExpireAt":"2024-01-01T00:00:00.000Z","read":1,"sentAt":"2024-01-01T00:00:00.000Z"}"#,
            code: .typeMismatch,
            keyPath: "read"
        ),
        NearMiss(name: "nobody's keys", json: #"{"hello":"world"}"#, code: .unknownVendor),
        NearMiss(name: "two vendors' keys", json: #"{"message_id":1,"_id":"x"}"#, code: .unknownVendor),
        NearMiss(name: "an array is not an entry", json: #"[1]"#, code: .notAnObject),
        NearMiss(name: "not JSON", json: #"{"id":"#, code: PushPayloadError.Code(name: "invalid_json")),
        NearMiss(name: "a vendor without an inbox reader", json: #"{"id":"x"}"#, vendor: .atomic, code: .unknownVendor),
    ]

    @Test("near-misses are clear errors with a code and key path", arguments: nearMisses)
    func nearMiss(_ nearMiss: NearMiss) {
        #expect {
            _ = try PushInboxMessage(jsonString: nearMiss.json, vendor: nearMiss.vendor)
        } throws: { error in
            guard let error = error as? PushPayloadError else { return false }
            return error.code == nearMiss.code && error.keyPath == nearMiss.keyPath && !error.message.isEmpty
        }
    }

    @Test("what an SDK reads with a fallback is kept, with an issue")
    func keptWithIssues() throws {
        let unknownType = try PushInboxMessage(
            jsonString: #"{"id":"x","type":"banner","is_read":"yes","create_time":"soon"}"#
        )
        #expect(unknownType.contentType == .unknown)
        #expect(!unknownType.isRead)
        #expect(unknownType.sentAt == nil)
        #expect(unknownType.issues.map(\.code) == [.unknownType, .typeMismatch, .typeMismatch])
        #expect(unknownType.issues.map(\.keyPath) == ["type", "is_read", "create_time"])

        let noCustomerJSON = try PushInboxMessage(
            jsonString:
                #"{"message_id":9,"variant_id":99,"state":"u","sent_date":1,"end_date":2,"mg_tracking_data":null}"#
        )
        #expect(noCustomerJSON.vendor == .swrve)
        #expect(noCustomerJSON.trackingData == nil)
        #expect(noCustomerJSON.issues.map(\.code) == [.missingField])
    }

    @Test("one bad entry in a page does not lose the others; its key path says where it is")
    func pageWithBadEntry() throws {
        let page = try PushInboxPage(
            jsonString:
                #"{"push_inbox":[{"message_id":1,"variant_id":1,"state":"U","sent_date":1,"end_date":2,"customer_json":{}},{"message_id":"2"}]}"#
        )
        #expect(page.messages.count == 1)
        #expect(page.errors.map(\.keyPath) == ["push_inbox[1].message_id"])
    }

    @Test("pages that are not pages: unsuccessful responses, wrong types, too many entries")
    func pageErrors() {
        #expect(throws: PushPayloadError.self) { try PushInboxPage(jsonString: #"{"success":false,"messages":[]}"#) }
        #expect(throws: PushPayloadError.self) { try PushInboxPage(jsonString: #"{"push_inbox":{}}"#) }
        #expect(throws: PushPayloadError.self) {
            try PushInboxPage(jsonString: #"{"success":true,"currentPage":1,"messages":[]}"#)
        }
        #expect(throws: PushPayloadError.self) { try PushInboxPage(jsonString: "42") }
        let options = PushInboxReadingOptions(maximumEntries: 2)
        #expect {
            try PushInboxPage(jsonString: "[{},{},{}]", options: options)
        } throws: { ($0 as? PushPayloadError)?.code == .tooManyEntries }
        #expect {
            try PushInboxPage(jsonString: String(repeating: "[", count: 200), options: .init())
        } throws: { ($0 as? PushPayloadError)?.code.name == "too_deep" }
    }

    @Test("Cordial's single-message response: an error without _id, an entry with it")
    func cordialSingleMessage() throws {
        let message =
            #"{"url":"u","urlExpireAt":"2024-01-01T00:00:00.000Z","read":true,"sentAt":"2024-01-01T00:00:00.000Z"}"#
        let without = try PushInboxPage(jsonString: #"{"success":true,"message":\#(message)}"#)
        #expect(without.vendor == .cordial)
        #expect(without.errors.map(\.code) == [.missingID])
        #expect(without.errors.map(\.keyPath) == ["message._id"])
        let withID = try PushInboxPage(jsonString: #"{"success":true,"message":{"_id":"m",\#(message.dropFirst())}"#)
        #expect(withID.messages.map(\.messageID) == ["m"])
        #expect(withID.entries.map(\.keyPath) == ["message"])
        let notObject = try PushInboxPage(jsonString: #"{"success":true,"message":[]}"#)
        #expect(notObject.errors.map(\.code) == [.notAnObject])
        #expect(notObject.errors.map(\.keyPath) == ["message"])
    }

    @Test("an unknown Exponea type reads no content, as the SDKs give none")
    func unknownTypeHasNoContent() throws {
        let entry = try PushInboxMessage(jsonString: #"{"id":"x","type":"banner","content":{"title":"T","image":"i"}}"#)
        #expect(entry.title == nil)
        #expect(entry.imageURL == nil)
        #expect(entry.customContent == nil)
        #expect(entry.document.root["content"]?["title"]?.stringValue == "T")
    }

    @Test("a bare array mixes vendors, each entry told by its keys")
    func mixedArray() throws {
        let page = try PushInboxPage(
            jsonString: #"""
                [{"id":"e1","type":"html","content":{}},
                 {"message_id":5,"variant_id":6,"state":"R","sent_date":1,"end_date":2,"customer_json":{}},
                 {"_id":"c1","url":"u","urlExpireAt":"2024-01-01T00:00:00.000Z","read":false,"sentAt":"2024-01-01T00:00:00.5+01:00"}]
                """#
        )
        #expect(page.vendor == nil)
        #expect(page.messages.map(\.vendor) == [.exponea, .swrve, .cordial])
        #expect(page.messages.last?.sentAt?.iso8601 == "2023-12-31T23:00:00.500Z")
    }

    @Test("the entry's JSON names every field, null when absent")
    func encoding() throws {
        let entry = try PushInboxMessage(
            jsonString:
                #"{"_id":"c1","url":"u","urlExpireAt":"2024-01-01T00:00:00.000Z","read":false,"sentAt":"2024-01-01T00:00:00.000Z"}"#
        )
        let json = String(decoding: try JSONBytesEncoder().encode(entry), as: UTF8.self)
        #expect(
            json.hasPrefix(
                #"{"vendor":"cordial","message_id":"c1","content_type":"custom","read":false,"sent_at":"2024-01-01T00:00:00.000Z","expires_at":null"#
            )
        )
        #expect(json.contains(#""issues":[],"notification":null,"entry":{"_id":"c1""#))
    }
}
