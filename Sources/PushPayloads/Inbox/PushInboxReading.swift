public import PushPayloadsJSON

/// A capability a decoder adopts beside ``PushPayloadDecoder`` when its vendor keeps an inbox: how its SDK reads one
/// entry of it into a ``PushInboxMessage``, which keys tell its entries from other vendors', and which of its pushes
/// announced an entry.
///
/// ``PushInboxMessage`` and ``PushInboxPage`` ask the decoders of their options' registry
/// (``PushInboxReadingOptions/registry``), never a vendor by name: an entry goes to the reader of the vendor given, or
/// else to the one reader whose ``isInboxEntry(_:)`` claims it. A decoder that does not adopt this has no inbox:
/// reading an entry for its vendor is `PushPayloadError.Code.unknownVendor`.
///
/// ```swift
/// extension AcmeDecoder: PushInboxReading {
///     func isInboxEntry(_ entry: JSONObject) -> Bool { entry["acme_entry_id"] != nil }
///     func readInboxEntry(_ entry: PushInboxEntry) throws(PushPayloadError) -> PushInboxMessage {
///         guard let id = entry.object["acme_entry_id"]?.stringValue else {
///             throw PushPayloadError(.missingID, message: "acme_entry_id is absent", keyPath: "acme_entry_id")
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
    func readInboxEntry(_ entry: PushInboxEntry) throws(PushPayloadError) -> PushInboxMessage

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

    /// The key of the list of entries in this vendor's page (`push_inbox`, `messages`); `nil`, the default, when the
    /// vendor has no page form. A page holding the list keys of two readers is refused as ambiguous.
    var inboxPageListKey: String? { get }

    /// How strongly `object`'s keys say it is this vendor's page or response, or `nil` when they do not; `given` is
    /// whether the caller named this vendor. When several readers claim an object, the strongest wins (see
    /// ``PushInboxPageClaim``). The default claims an object with ``inboxPageListKey``.
    func inboxPageClaim(_ object: JSONObject, given: Bool) -> PushInboxPageClaim?

    /// Reads what a page this reader claimed says besides its entries (`success`, a position, a sync token) into
    /// `page`. Its entries are then read from ``inboxPageListKey``, unless this fills in ``PushInboxPage/entries``
    /// itself (a response holding one entry). The default reads nothing.
    func readInboxPage(
        _ object: JSONObject,
        into page: inout PushInboxPage,
        options: PushInboxReadingOptions
    )
        throws(PushPayloadError)
}

/// How strongly an object's keys say it is one vendor's inbox page: of several readers that claim it, the strongest
/// wins, and between equals the earlier in the registry.
public struct PushInboxPageClaim: Hashable, Comparable, Sendable {
    /// The strength; the named ones leave room between them.
    public var strength: Int

    /// A claim of `strength`.
    public init(strength: Int) { self.strength = strength }

    /// Keys another vendor's page may carry too, such as a `messages` list: any more specific claim wins.
    public static let shape = PushInboxPageClaim(strength: 100)
    /// A key only this vendor's pages carry, such as a page position.
    public static let marker = PushInboxPageClaim(strength: 200)
    /// The list key only this vendor's pages carry.
    public static let listKey = PushInboxPageClaim(strength: 300)
    /// A response holding one entry, which any page form beats.
    public static let singleEntry = PushInboxPageClaim(strength: 50)

    /// Weaker: a lower strength.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.strength < rhs.strength }
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
    /// `nil`: no page form.
    public var inboxPageListKey: String? { nil }
    /// ``PushInboxPageClaim/listKey`` when `object` has ``inboxPageListKey``.
    public func inboxPageClaim(_ object: JSONObject, given: Bool) -> PushInboxPageClaim? {
        guard let key = inboxPageListKey, object[key] != nil else { return nil }
        return .listKey
    }
    /// Reads nothing.
    public func readInboxPage(
        _ object: JSONObject,
        into page: inout PushInboxPage,
        options: PushInboxReadingOptions
    )
        throws(PushPayloadError)
    {}
}

extension PushDecoderRegistry {
    /// The decoder that reads `vendor`'s inbox entries, if registered and adopting ``PushInboxReading``.
    public func inboxReader(for vendor: PushVendor) -> (any PushInboxReading)? {
        decoder(for: vendor) as? any PushInboxReading
    }

    /// The decoders that read inbox entries, in precedence order.
    public var inboxReaders: [any PushInboxReading] { decoders.compactMap { $0 as? any PushInboxReading } }
}
