public import PushPayloadsJSON

/// A capability a decoder adopts beside ``PushPayloadDecoder`` when its vendor keeps an inbox: how its SDK reads one
/// entry of it into a ``PushInboxMessage``, which keys tell its entries from other vendors', and which of its pushes
/// announced an entry.
///
/// ``PushInboxMessage`` and ``PushInboxPage`` ask the decoders of their options' registry
/// (``PushInboxReadingOptions/registry``), never a vendor by name: an entry goes to the reader of the vendor given, or
/// else to the one reader whose ``isInboxEntry(_:)`` claims it. A decoder that does not adopt this has no inbox:
/// reading an entry for its vendor is ``PushInboxError/Code/unknownVendor``.
///
/// ```swift
/// extension AcmeDecoder: PushInboxReading {
///     func isInboxEntry(_ entry: JSONObject) -> Bool { entry["acme_entry_id"] != nil }
///     func readInboxEntry(_ entry: PushInboxEntry) throws(PushInboxError) -> PushInboxMessage {
///         guard let id = entry.object["acme_entry_id"]?.stringValue else {
///             throw PushInboxError(.missingID, message: "acme_entry_id is absent", keyPath: "acme_entry_id")
///         }
///         var message = PushInboxMessage(vendor: vendor, messageID: id, contentType: .custom, document: entry.document)
///         message.isRead = entry.object["seen"]?.boolValue ?? false
///         return message
///     }
/// }
/// ```
public protocol PushInboxReading: PushPayloadDecoder {
    /// Whether `entry` has a key only this vendor's entries carry, so that an entry read without a vendor is this
    /// vendor's. The default claims nothing: such a decoder's entries are read only when the vendor is given.
    func isInboxEntry(_ entry: JSONObject) -> Bool

    /// Reads one entry as the vendor's SDK reads it: what the SDK refuses throws, what it reads with a fallback is read
    /// the same way and noted in ``PushInboxMessage/issues``.
    func readInboxEntry(_ entry: PushInboxEntry) throws(PushInboxError) -> PushInboxMessage

    /// The key an entry's expiry is read from, the key path of the issue an expired entry gets. The default is
    /// `expire_time`.
    var inboxExpiryKey: String { get }

    /// The key of the content the vendor's SDK hands to the app unread (``PushInboxMessage/customContent``), which a
    /// page the reader refuses as a whole sets aside as text (``PushInboxMessage/customContentText``); `nil`, the
    /// default, when the vendor has none.
    var inboxCustomContentKey: String? { get }

    /// Whether `notification`, a push of this vendor's, is the one that announced `entry`, as the ids say. The default
    /// is `false`: the vendor's pushes carry no id of its entries.
    func isInboxEntry(_ entry: PushInboxMessage, announcedBy notification: PushNotification) -> Bool
}

extension PushInboxReading {
    /// Claims nothing.
    public func isInboxEntry(_ entry: JSONObject) -> Bool { false }
    /// `expire_time`.
    public var inboxExpiryKey: String { "expire_time" }
    /// `nil`: no custom content.
    public var inboxCustomContentKey: String? { nil }
    /// `false`.
    public func isInboxEntry(_ entry: PushInboxMessage, announcedBy notification: PushNotification) -> Bool { false }
}

extension PushDecoderRegistry {
    /// The decoder that reads `vendor`'s inbox entries, if registered and adopting ``PushInboxReading``.
    public func inboxReader(for vendor: PushVendor) -> (any PushInboxReading)? {
        decoder(for: vendor) as? any PushInboxReading
    }

    /// The decoders that read inbox entries, in precedence order.
    public var inboxReaders: [any PushInboxReading] { decoders.compactMap { $0 as? any PushInboxReading } }
}
