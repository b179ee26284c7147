import Foundation
import PushPayloads
import PushPayloadsFoundation
import Testing

/// Inbox entries from the dictionaries apps hold on Apple platforms read as the same entries from bytes.
@Suite("Inbox entries from userInfo")
struct PushInboxUserInfoTests {
    static var swrveEntry: [AnyHashable: Any] {
        [
            "message_id": NSNumber(value: 1), "variant_id": NSNumber(value: 11), "state": "U",
            "sent_date": NSNumber(value: 1_714_555_770), "end_date": NSNumber(value: 1_714_655_770),
            "mg_tracking_data": "test-tracking-data", "customer_json": ["title": "New Arrivals!"],
        ]
    }

    @Test("a Swrve entry dictionary reads as its JSON does")
    func swrveEntry() throws {
        let entry = try PushInboxMessage(userInfo: Self.swrveEntry)
        let data = try JSONSerialization.data(withJSONObject: Self.swrveEntry)
        let fromBytes = try PushInboxMessage(jsonBytes: data)
        #expect(entry.vendor == .swrve)
        #expect(entry.messageID == fromBytes.messageID)
        #expect(entry.sentAt == fromBytes.sentAt)
        #expect(entry.customContent?["title"]?.stringValue == "New Arrivals!")
        #expect(entry.document == fromBytes.document)
    }

    @Test("an Exponea entry's NSNumber Boolean stays a Boolean: is_read true reads as read")
    func exponeaBoolean() throws {
        let entry = try PushInboxMessage(
            userInfo: ["id": "x", "type": "html", "is_read": NSNumber(value: true), "content": ["title": "T"]]
        )
        #expect(entry.isRead)
        #expect(entry.issues.isEmpty)
    }

    @Test("a list of entries keeps a bad one as its error, with its index")
    func entries() throws {
        var bad = Self.swrveEntry
        bad["state"] = "X"
        let page = try PushInboxPage(userInfoEntries: [Self.swrveEntry, bad])
        #expect(page.messages.count == 1)
        #expect(page.errors.map(\.keyPath) == ["[1].state"])
        #expect(page.errors.map(\.code) == [.invalidState])
    }

    @Test("a Cordial page dictionary reads to a page with its position")
    func cordialPage() throws {
        let page = try PushInboxPage(userInfo: [
            "success": NSNumber(value: true), "currentPage": 1, "lastPage": 2, "perPage": 1, "total": 2,
            "messages": [
                [
                    "_id": "m", "url": "https://cordial.example/", "urlExpireAt": "2024-10-10T12:25:07.123Z",
                    "read": NSNumber(value: false), "sentAt": "2024-10-10T12:25:07.123Z",
                ]
            ],
        ])
        #expect(page.vendor == .cordial)
        #expect(page.position?.hasNext == true)
        #expect(page.messages.first?.messageID == "m")
    }

    @Test("a value JSON cannot hold is a type mismatch that names it")
    func unrepresentable() {
        #expect {
            try PushInboxMessage(userInfo: ["id": "x", "type": "html", "create_time": Date()])
        } throws: { error in
            guard let error = error as? PushPayloadError else { return false }
            return error.code.name == "type_mismatch" && error.message.contains("Date")
        }
    }
}
