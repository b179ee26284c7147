public import PushPayloadsJSON

/// A vendor's inbox as its API or SDK hands it over: a page of entries, or a list, each entry read to a
/// ``PushInboxMessage`` or to the error that stopped it.
///
/// The forms read, each told apart by its keys:
///
/// - Swrve's campaigns response, whose `push_inbox` array the SDKs load (`SwrvePushInboxManager.loadMessages`), or the
///   iOS SDK's cache file, a bare array of the same entries.
/// - Cordial's page (`InboxMessages.parseResponseJSON`): `success`, `currentPage`, `lastPage`, `perPage`, `total` and
///   `messages`.
/// - Cordial's single-message response (`InboxMessageGetter`): `success` and `message`, which lacks the `_id` (the SDK
///   takes it from the request): an error entry unless `_id` is added.
/// - Exponea's App Inbox response (`AppInboxResponse`): `success`, `messages`, `sync_token`.
/// - A bare array of entries, of one vendor or several; or one entry on its own.
///
/// One bad entry does not lose the others: it becomes an ``Entry`` holding its error, with its key path in the page, as
/// the SDKs skip it and keep reading.
public struct PushInboxPage: Sendable {
    /// The vendor whose page this is; `nil` for a bare array or a single entry whose vendor was not given.
    public var vendor: PushVendor?
    /// Every entry, in the page's order.
    public var entries: [Entry]
    /// Where a Cordial page sits in the whole inbox; `nil` for the other forms.
    public var position: Position?
    /// Exponea's `sync_token`, which the SDK sends back to fetch only what changed.
    public var syncToken: String?

    /// One entry of a page: what was read, or why not.
    public struct Entry: Sendable {
        /// The entry's key path in the page, such as `push_inbox[2]`; empty for an entry on its own.
        public var keyPath: String
        /// The entry read, or the error that stopped it (its key path includes ``keyPath``).
        public var result: Result<PushInboxMessage, PushPayloadError>

        /// Creates an entry.
        public init(keyPath: String, result: Result<PushInboxMessage, PushPayloadError>) {
            self.keyPath = keyPath
            self.result = result
        }
    }

    /// A page of `entries` already read (from `userInfo` dictionaries, say).
    public init(vendor: PushVendor?, entries: [Entry]) {
        self.vendor = vendor
        self.entries = entries
    }

    /// A Cordial page's place in the inbox (`InboxPage`): page `current` of `last`, `size` per page, `total` messages.
    public struct Position: Hashable, Sendable {
        /// This page's number (`currentPage`), from 1.
        public var current: Int
        /// The last page's number (`lastPage`).
        public var last: Int
        /// Messages per page (`perPage`).
        public var size: Int
        /// Messages in the whole inbox (`total`).
        public var total: Int
        /// Whether a later page exists, as `InboxPage.hasNext()` says.
        public var hasNext: Bool { current < last }

        /// Creates a position.
        public init(current: Int, last: Int, size: Int, total: Int) {
            self.current = current
            self.last = last
            self.size = size
            self.total = total
        }
    }

    /// The entries read.
    public var messages: [PushInboxMessage] { entries.compactMap { try? $0.result.get() } }
    /// The entries that could not be read.
    public var errors: [PushPayloadError] {
        entries.compactMap { if case .failure(let error) = $0.result { error } else { nil } }
    }

    /// Reads a page, a list or one entry from UTF-8 JSON. Throws when the input is not JSON, not an object or array,
    /// holds too many entries, or is a page that says it failed.
    public init(
        jsonBytes: some JSONBytes,
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    ) throws(PushPayloadError) {
        let document: JSONDocument
        do {
            document = try options.document(jsonBytes: jsonBytes)
        } catch {
            // JSON the reader refuses as a whole (a number past 2^64 in one entry's custom content, a duplicate
            // key, a lone surrogate, nesting past the limit) is read entry by entry, so one bad entry loses
            // only itself.
            let bytes = (try? jsonBytes.withJSONBytes { Array($0) }) ?? []
            guard let page = try Self(entryByEntry: bytes, vendor: vendor, options: options) else { throw error }
            self = page
            return
        }
        try self.init(value: document.root, vendor: vendor, options: options)
    }

    /// Reads a page, a list or one entry from JSON text.
    public init(
        jsonString: String,
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    ) throws(PushPayloadError) {
        try self.init(jsonBytes: Array(jsonString.utf8), vendor: vendor, options: options)
    }

    /// Reads a page, a list or one entry from a parsed value.
    public init(
        value: JSONValue,
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    )
        throws(PushPayloadError)
    {
        self.vendor = vendor
        entries = []
        if let array = value.arrayValue {
            try readEntries(array, under: "", vendor: vendor, options: options)
            return
        }
        guard let object = value.objectValue else {
            throw PushPayloadError(
                .notAnObject,
                message: "an inbox page or entry is a JSON object or array, not \(value.kind)"
            )
        }
        let readers = options.registry.inboxReaders
        let listKeys = Set(readers.compactMap(\.inboxPageListKey).filter { object[$0] != nil })
        if listKeys.count > 1 {
            // Each vendor's page has one list: a page with two is none of them, and keeping one list would silently
            // drop the other's entries.
            throw PushPayloadError(
                .ambiguousPage,
                message: "the page has both push_inbox (Swrve) and messages (Exponea, Cordial); send one page a line",
                keyPath: "messages"
            )
        }
        // The strongest claim wins; between equals, the earlier reader.
        var owner: (reader: any PushInboxReading, claim: PushInboxPageClaim)?
        for reader in readers where vendor == nil || reader.vendor == vendor {
            guard let claim = reader.inboxPageClaim(object, given: vendor != nil) else { continue }
            if owner == nil || claim > owner!.claim { owner = (reader, claim) }
        }
        if let reader = owner?.reader {
            self.vendor = reader.vendor
            try reader.readInboxPage(object, into: &self, options: options)
            guard entries.isEmpty, let listKey = reader.inboxPageListKey else { return }
            // A page's list may be absent or null (Exponea's `messages` is `decodeIfPresent`).
            guard let list = object[listKey], !list.isNull else { return }
            guard let array = list.arrayValue else {
                throw PushPayloadError(.typeMismatch, message: "\(listKey) is not an array", keyPath: listKey)
            }
            try readEntries(array, under: listKey, vendor: reader.vendor, options: options)
        } else {
            let result = Result { () throws(PushPayloadError) in
                try PushInboxMessage(entry: value, vendor: vendor, options: options)
            }
            entries = [Entry(keyPath: "", result: result)]
            if case .success(let message) = result { self.vendor = message.vendor }
        }
    }

    private mutating func readEntries(
        _ array: JSONArray,
        under prefix: String,
        vendor: PushVendor?,
        options: PushInboxReadingOptions
    ) throws(PushPayloadError) {
        try appendEntries(array, count: array.count, under: prefix, options: options) {
            element throws(PushPayloadError) in
            try PushInboxMessage(entry: element, vendor: vendor, options: options)
        }
    }

    /// Appends an entry for each element of a page's list, at `prefix[index]`, read by `read`: one it refuses is
    /// an error entry beside the others. Refuses the page past ``PushInboxReadingOptions/maximumEntries``.
    mutating func appendEntries<Elements: Sequence>(
        _ elements: Elements,
        count: Int,
        under prefix: String,
        options: PushInboxReadingOptions,
        _ read: (Elements.Element) throws(PushPayloadError) -> PushInboxMessage
    ) throws(PushPayloadError) {
        guard count <= options.maximumEntries else {
            throw PushPayloadError(
                .tooManyEntries,
                message: "\(count) entries; the limit is \(options.maximumEntries)",
                keyPath: prefix.isEmpty ? nil : prefix
            )
        }
        entries.reserveCapacity(count)
        for (index, element) in elements.enumerated() {
            let keyPath = "\(prefix)[\(index)]"
            let result = Result { () throws(PushPayloadError) in try read(element) }
            entries.append(Entry(keyPath: keyPath, result: result.mapError { $0.nested(under: keyPath) }))
        }
    }

    /// Exponea's `AppInboxResponse` decodes `success` as a required Boolean; Cordial's page reads only a `success` that
    /// is `true`.
    static func requireSuccess(_ object: JSONObject) throws(PushPayloadError) {
        guard let success = object["success"]?.boolValue else {
            throw PushPayloadError(.missingField, message: "success is absent or not a Boolean", keyPath: "success")
        }
        guard success else {
            throw PushPayloadError(
                .unsuccessfulResponse,
                message: "the response says success: false",
                keyPath: "success"
            )
        }
    }
}
