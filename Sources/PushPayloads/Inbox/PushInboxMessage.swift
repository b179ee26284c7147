public import PushPayloadsJSON

/// One entry of a vendor's inbox, in one model for every vendor: Exponea's App Inbox (`MessageItem`), Swrve's push
/// inbox (`SwrvePushInboxMessage`) and Cordial's inbox (`InboxMessage`).
///
/// Read from the JSON the vendor's SDK or API stores or returns, as the SDK reads it (`docs/vendor-rules.md`, "Inbox
/// entries"): ``init(jsonBytes:vendor:options:)`` for one entry, ``PushInboxPage`` for a vendor's page or list
/// (<doc:OneInboxForSeveralVendors> shows both).
public struct PushInboxMessage: Sendable {
    /// Whose inbox the entry is from.
    public var vendor: PushVendor
    /// The entry's identity, as the vendor's SDK names it: Exponea `id`, Swrve `message_id` (in decimal), Cordial `_id`
    /// (the `mcID` of the message, as the push that announced it carries it).
    public var messageID: String
    /// What the entry holds.
    public var contentType: ContentType
    /// Whether the user has read it (Exponea `is_read`, Swrve `state` `R`, Cordial `read`).
    public var isRead = false
    /// When it was sent (Exponea `create_time`, Swrve `sent_date`, Cordial `sentAt`); `nil` when absent.
    public var sentAt: PushTimestamp?
    /// When the vendor stops listing it (Exponea `expire_time`, Swrve `end_date`); `nil` when the vendor has none.
    /// Cordial's entries do not expire; their content URL does (``contentURLExpiresAt``).
    public var expiresAt: PushTimestamp?
    /// Whether ``expiresAt`` is before the `now` the entry was read with (see ``PushInboxReadingOptions/now``); `false`
    /// when either is unknown.
    public var isExpired = false

    /// The title the vendor's inbox shows; `nil` where the vendor leaves text to the app (Swrve, Cordial).
    public var title: String?
    /// The body text: an Exponea push's `message`, an HTML message's `pre_header`.
    public var body: String?
    /// The image (Exponea `image`).
    public var imageURL: String?
    /// The HTML an Exponea `html` message shows (its `message`).
    public var html: String?
    /// What opening the entry does, resolved as the vendor's push decoder resolves a push's tap; `nil` where the vendor
    /// defines no action (Swrve, Cordial and Exponea HTML messages leave it to the app or the HTML).
    public var defaultAction: PushAction?
    /// The entry's buttons, as the push's buttons (Exponea `actions`).
    public var buttons: [PushButton] = []
    /// The push the entry holds, decoded by the vendor's push decoder, when the entry is a push (Exponea `type` `push`:
    /// its `content` is the push's payload).
    public var notification: PushNotification?

    /// The content the vendor leaves to the app, as JSON, unread: Swrve `customer_json`, Cordial `metadata`.
    public var customContent: JSONValue?
    /// The custom content's JSON text as sent, when it is JSON (RFC 8259) the library's reader refuses: a number
    /// no SDK holds (2^64, 1e400), a duplicate key, a lone surrogate escape, nesting past the limit. Unread, so it
    /// never fails its entry or page; ``customContent`` is then `nil`, and the app decides what to make of it.
    public var customContentText: String?
    /// Where the content is (Cordial `url`).
    public var contentURL: String?
    /// When ``contentURL`` stops working (Cordial `urlExpireAt`).
    public var contentURLExpiresAt: PushTimestamp?
    /// The campaign variant (Swrve `variant_id`, in decimal).
    public var variantID: String?
    /// Tracking data the vendor forwards in inbox events (Swrve `mg_tracking_data`; `nil` when absent or not a string,
    /// which the SDK reads as empty).
    public var trackingData: String?

    /// What the reading noticed but the vendor's SDK tolerates: a field of the wrong type read with the SDK's fallback,
    /// an unknown Exponea `type`, an expired entry. Empty for a clean entry.
    public var issues: [PushPayloadError] = []
    /// The entry as it was read, so nothing is lost.
    public var document: JSONDocument

    /// Creates an entry with nothing read yet; the readers fill it in.
    public init(vendor: PushVendor, messageID: String, contentType: ContentType, document: JSONDocument) {
        self.vendor = vendor
        self.messageID = messageID
        self.contentType = contentType
        self.document = document
    }

    /// Reads one entry from UTF-8 JSON: whose it is is told by its keys unless `vendor` says (see ``PushInboxPage`` for
    /// pages and lists).
    public init(
        jsonBytes: some JSONBytes,
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    ) throws(PushPayloadError) {
        try self.init(entry: try options.document(jsonBytes: jsonBytes).root, vendor: vendor, options: options)
    }

    /// Reads one entry from JSON text.
    public init(
        jsonString: String,
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    ) throws(PushPayloadError) {
        try self.init(jsonBytes: Array(jsonString.utf8), vendor: vendor, options: options)
    }

    /// Reads one entry from a parsed value (an element of a page, say).
    public init(
        entry: JSONValue,
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    ) throws(PushPayloadError) {
        guard let object = entry.objectValue else {
            throw PushPayloadError(.notAnObject, message: "an inbox entry is a JSON object, not \(entry.kind)")
        }
        let reader = try Self.reader(ofEntry: object, vendor: vendor, registry: options.registry)
        self = try reader.readInboxEntry(PushInboxEntry(value: entry, object: object, options: options))
        if let now = options.now, let expiresAt, expiresAt < now {
            isExpired = true
            issues.append(
                PushPayloadError(
                    .expired,
                    message: "expired at \(expiresAt.iso8601), before \(now.iso8601): the SDK no longer lists it",
                    keyPath: reader.inboxExpiryKey
                )
            )
        }
    }

    /// Whether `notification` is the push this entry came from, as the ids say and the vendor's reader tells
    /// (``PushInboxReading/isInboxEntry(_:announcedBy:)``): of the standard vendors, a Cordial push whose `mcID` is the
    /// entry's `_id`. The other vendors' pushes carry no id of their inbox entries, so they never match.
    public func isSameMessage(as notification: PushNotification, registry: PushDecoderRegistry = .standard) -> Bool {
        guard notification.vendor == vendor, let reader = registry.inboxReader(for: vendor) else { return false }
        return reader.isInboxEntry(self, announcedBy: notification)
    }

    /// The reader for an entry: `vendor`'s when given, else the one reader whose keys the entry has.
    static func reader(
        ofEntry object: JSONObject,
        vendor: PushVendor?,
        registry: PushDecoderRegistry
    ) throws(PushPayloadError) -> any PushInboxReading {
        let readers = registry.inboxReaders
        if let vendor {
            guard let reader = registry.inboxReader(for: vendor) else {
                let names = readers.map(\.vendor.name)
                let list =
                    names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.joined()
                throw PushPayloadError(
                    .unknownVendor,
                    message: "no inbox reader for \(vendor.name); inboxes are read for \(list)"
                )
            }
            return reader
        }
        let claiming = readers.filter { $0.isInboxEntry(object) }
        guard claiming.count == 1, let reader = claiming.first else {
            throw PushPayloadError(
                .unknownVendor,
                message: claiming.isEmpty
                    ? "no key says whose inbox entry this is (Exponea id/type/content, Swrve message_id, "
                        + "Cordial _id/sentAt); give the vendor"
                    : "the entry has keys of several vendors' entries; give the vendor"
            )
        }
        return reader
    }

    /// What an entry holds: an open set.
    public struct ContentType: Hashable, Sendable, PushNamedValue {
        /// A stable snake_case name.
        public let name: String
        /// Creates a content type.
        public init(name: String) { self.name = name }

        /// A push kept for later: its content is a push payload (Exponea `push`).
        public static let push = ContentType(name: "push")
        /// HTML the inbox shows (Exponea `html`).
        public static let html = ContentType(name: "html")
        /// Content the app defines and reads itself (Swrve `customer_json`, Cordial `metadata` and `url`).
        public static let custom = ContentType(name: "custom")
        /// A type the vendor's SDK does not know (an Exponea `type` other than `push` and `html`).
        public static let unknown = ContentType(name: "unknown")
    }
}

/// How inbox entries are read: the bounds on untrusted input, the push decoders (and with them the inbox readers), and
/// the moment that decides whether an entry has expired.
public struct PushInboxReadingOptions: Sendable {
    /// Bounds on the input, parsed as one entry or page; `PushPayloadLimits.inbox` (4 MiB, 128 levels) by default.
    public var limits: PushPayloadLimits
    /// The most entries one page may hold: a page with more is refused (`PushPayloadError.Code.tooManyEntries`).
    public var maximumEntries: Int
    /// The decoders whose inbox readers read the entries (``PushInboxReading``), and which read an entry's push
    /// (Exponea `push` entries).
    public var registry: PushDecoderRegistry
    /// The moment to judge expiry against; `nil`, the default, judges nothing (the library has no clock: pass the
    /// current time to flag entries the vendor's SDK would no longer list).
    public var now: PushTimestamp?

    /// Options with `limits` and `maximumEntries` on untrusted input (10,000 entries by default: a Swrve campaigns
    /// response or a Cordial page of a hundred messages fits many times over), the readers of `registry`, and `now`.
    public init(
        limits: PushPayloadLimits = .inbox,
        maximumEntries: Int = 10_000,
        registry: PushDecoderRegistry = .standard,
        now: PushTimestamp? = nil
    ) {
        precondition(maximumEntries >= 0, "entry limit out of range")
        self.limits = limits
        self.maximumEntries = maximumEntries
        self.registry = registry
        self.now = now
    }

    /// Parses input as an entry or page is parsed: any JSON value, within ``limits``.
    public func document(jsonBytes: some JSONBytes) throws(PushPayloadError) -> JSONDocument {
        try JSONDocument(jsonValueBytes: jsonBytes, limits: limits)
    }
}
