/// One inbox of several vendors' entries: newest first, each entry once, with unread counts per vendor.
///
/// An app that uses Exponea, Swrve and Cordial gets three inboxes, each from its own SDK in its own types. Read each
/// into ``PushInboxMessage``s (``PushInboxPage``), then merge them here (<doc:OneInboxForSeveralVendors>).
///
/// Entries are ordered by ``PushInboxMessage/sentAt``, newest first; entries without one come last; equal times by
/// vendor name, then message id, so the order never depends on the order of merging. An entry merged again (the same
/// vendor and message id, from a refreshed page, say) replaces the one before. Expired entries
/// (``PushInboxMessage/isExpired``) stay listed but are not counted as unread: their vendor's SDK no longer lists them.
public struct PushInbox: Sendable {
    /// The entries, newest first.
    public private(set) var messages: [PushInboxMessage]

    /// An inbox of `messages`, merged as ``merge(_:)`` merges them.
    public init(_ messages: some Sequence<PushInboxMessage> = [PushInboxMessage]()) {
        self.messages = []
        merge(messages)
    }

    /// Adds entries; an entry with the vendor and message id of one already here replaces it.
    public mutating func merge(_ newMessages: some Sequence<PushInboxMessage>) {
        var byKey: [Key: Int] = [:]
        for (index, message) in messages.enumerated() { byKey[Key(message)] = index }
        for message in newMessages {
            let key = Key(message)
            if let index = byKey[key] {
                messages[index] = message
            } else {
                byKey[key] = messages.count
                messages.append(message)
            }
        }
        messages.sort(by: Self.isOrderedBefore)
    }

    /// Unread entries that have not expired, of every vendor.
    public var unreadCount: Int { messages.reduce(0) { $0 + (Self.countsAsUnread($1) ? 1 : 0) } }

    /// Unread entries of `vendor` that have not expired.
    public func unreadCount(for vendor: PushVendor) -> Int {
        messages.reduce(0) { $0 + ($1.vendor == vendor && Self.countsAsUnread($1) ? 1 : 0) }
    }

    /// ``unreadCount(for:)`` of every vendor with an entry here (0 for a vendor whose entries are all read).
    public var unreadCounts: [PushVendor: Int] {
        var counts: [PushVendor: Int] = [:]
        for message in messages { counts[message.vendor, default: 0] += Self.countsAsUnread(message) ? 1 : 0 }
        return counts
    }

    /// The entry of `vendor` with `messageID`.
    public func message(vendor: PushVendor, messageID: String) -> PushInboxMessage? {
        messages.first { $0.vendor == vendor && $0.messageID == messageID }
    }

    /// The entry `notification` announced, where the ids say so (``PushInboxMessage/isSameMessage(as:registry:)``), by
    /// the readers of `registry`: so a push and its inbox entry are shown, counted and marked read as one message.
    public func message(
        matching notification: PushNotification,
        registry: PushDecoderRegistry = .standard
    ) -> PushInboxMessage? {
        messages.first { $0.isSameMessage(as: notification, registry: registry) }
    }

    private static func countsAsUnread(_ message: PushInboxMessage) -> Bool { !message.isRead && !message.isExpired }

    private static func isOrderedBefore(_ lhs: PushInboxMessage, _ rhs: PushInboxMessage) -> Bool {
        switch (lhs.sentAt, rhs.sentAt) {
        case (let left?, let right?) where left != right: return left > right
        case (.some, nil): return true
        case (nil, .some): return false
        default:
            if lhs.vendor.name != rhs.vendor.name { return lhs.vendor.name < rhs.vendor.name }
            return lhs.messageID < rhs.messageID
        }
    }

    private struct Key: Hashable {
        var vendor: String
        var messageID: String
        init(_ message: PushInboxMessage) {
            vendor = message.vendor.name
            messageID = message.messageID
        }
    }
}
