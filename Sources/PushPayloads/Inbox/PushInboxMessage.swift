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
    public var issues: [PushInboxError] = []
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
    ) throws(PushInboxError) {
        try self.init(entry: try options.document(jsonBytes: jsonBytes).root, vendor: vendor, options: options)
    }

    /// Reads one entry from JSON text.
    public init(
        jsonString: String,
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    ) throws(PushInboxError) {
        try self.init(jsonBytes: Array(jsonString.utf8), vendor: vendor, options: options)
    }

    /// Reads one entry from a parsed value (an element of a page, say).
    public init(
        entry: JSONValue,
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    ) throws(PushInboxError) {
        guard let object = entry.objectValue else {
            throw PushInboxError(.notAnObject, message: "an inbox entry is a JSON object, not \(entry.kind)")
        }
        let reader = try Self.reader(ofEntry: object, vendor: vendor, registry: options.registry)
        self = try reader.readInboxEntry(PushInboxEntry(value: entry, object: object, options: options))
        if let now = options.now, let expiresAt, expiresAt < now {
            isExpired = true
            issues.append(
                PushInboxError(
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
    ) throws(PushInboxError) -> any PushInboxReading {
        let readers = registry.inboxReaders
        if let vendor {
            guard let reader = registry.inboxReader(for: vendor) else {
                let names = readers.map(\.vendor.name)
                let list =
                    names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.joined()
                throw PushInboxError(
                    .unknownVendor,
                    message: "no inbox reader for \(vendor.name); inboxes are read for \(list)"
                )
            }
            return reader
        }
        let claiming = readers.filter { $0.isInboxEntry(object) }
        guard claiming.count == 1, let reader = claiming.first else {
            throw PushInboxError(
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

/// How inbox entries are read: the bounds on untrusted input, the push decoders, and the moment that decides whether an
/// entry has expired.
public struct PushInboxReadingOptions: Sendable {
    /// Bounds on the input.
    public var limits: PushInboxLimits
    /// The decoders that read an entry's push (Exponea `push` entries).
    public var registry: PushDecoderRegistry
    /// The moment to judge expiry against; `nil`, the default, judges nothing (the library has no clock: pass the
    /// current time to flag entries the vendor's SDK would no longer list).
    public var now: PushTimestamp?

    /// Creates options.
    public init(
        limits: PushInboxLimits = .default,
        registry: PushDecoderRegistry = .standard,
        now: PushTimestamp? = nil
    ) {
        self.limits = limits
        self.registry = registry
        self.now = now
    }

    /// Parses input as an entry or page is parsed: any JSON value, within ``limits``; the engine's error kept as a
    /// ``PushInboxError`` with its code, offset and message.
    public func document(jsonBytes: some JSONBytes) throws(PushInboxError) -> JSONDocument {
        do {
            return try JSONDocument(jsonValueBytes: jsonBytes, limits: limits.payloadLimits)
        } catch {
            throw PushInboxError(error)
        }
    }
}

/// Bounds on inbox input, which arrives from an API or a cache file nobody vetted.
public struct PushInboxLimits: Hashable, Sendable {
    /// The largest input, in bytes, parsed as one entry or page.
    public var maximumInputBytes: Int
    /// The most entries one page may hold.
    public var maximumEntries: Int
    /// The deepest nesting accepted.
    public var maximumDepth: Int

    /// Creates limits.
    public init(maximumInputBytes: Int = 4 << 20, maximumEntries: Int = 10_000, maximumDepth: Int = 128) {
        precondition(maximumInputBytes >= 0 && maximumInputBytes < Int(UInt32.max), "input limit out of range")
        precondition(maximumEntries >= 0, "entry limit out of range")
        precondition(maximumDepth >= 1 && maximumDepth <= 100_000, "depth limit out of range")
        self.maximumInputBytes = maximumInputBytes
        self.maximumEntries = maximumEntries
        self.maximumDepth = maximumDepth
    }

    /// 4 MiB, 10,000 entries, 128 levels: a Swrve campaigns response with its inbox, or a Cordial page of a hundred
    /// messages, fits many times over.
    public static let `default` = PushInboxLimits()

    /// The engine's limits for input of this size and depth.
    public var payloadLimits: PushPayloadLimits {
        PushPayloadLimits(maximumPayloadBytes: maximumInputBytes, maximumDepth: maximumDepth)
    }
}
