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
        public var result: Result<PushInboxMessage, PushInboxError>

        /// Creates an entry.
        public init(keyPath: String, result: Result<PushInboxMessage, PushInboxError>) {
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
    public var errors: [PushInboxError] {
        entries.compactMap { if case .failure(let error) = $0.result { error } else { nil } }
    }

    /// Reads a page, a list or one entry from UTF-8 JSON. Throws when the input is not JSON, not an object or array,
    /// holds too many entries, or is a page that says it failed.
    public init(
        jsonBytes: some JSONBytes,
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    ) throws(PushInboxError) {
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
    ) throws(PushInboxError) {
        try self.init(jsonBytes: Array(jsonString.utf8), vendor: vendor, options: options)
    }

    /// Reads a page, a list or one entry from a parsed value.
    public init(
        value: JSONValue,
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    )
        throws(PushInboxError)
    {
        self.vendor = vendor
        entries = []
        if let array = value.arrayValue {
            try readEntries(array, under: "", vendor: vendor, options: options)
            return
        }
        guard let object = value.objectValue else {
            throw PushInboxError(
                .notAnObject,
                message: "an inbox page or entry is a JSON object or array, not \(value.kind)"
            )
        }
        if object["push_inbox"] != nil && object["messages"] != nil {
            // Swrve's response has no `messages` and Exponea's and Cordial's no `push_inbox`: a page with both is
            // neither, and keeping one list would silently drop the other's entries.
            throw PushInboxError(
                .ambiguousPage,
                message: "the page has both push_inbox (Swrve) and messages (Exponea, Cordial); send one page a line",
                keyPath: "messages"
            )
        }
        if let inbox = object["push_inbox"], vendor == nil || vendor == .swrve {
            self.vendor = .swrve
            guard let array = inbox.arrayValue else {
                throw PushInboxError(.typeMismatch, message: "push_inbox is not an array", keyPath: "push_inbox")
            }
            try readEntries(array, under: "push_inbox", vendor: .swrve, options: options)
        } else if object["messages"] != nil || object["sync_token"] != nil, object["type"] == nil {
            let isCordial = vendor == .cordial || (vendor == nil && object["currentPage"] != nil)
            self.vendor = isCordial ? .cordial : (vendor ?? .exponea)
            try Self.requireSuccess(object)
            if isCordial {
                position = try Self.cordialPosition(object)
            } else {
                syncToken = object["sync_token"]?.stringValue
            }
            // Exponea's `messages` is optional (`decodeIfPresent`); Cordial's page reads it when present.
            guard let messages = object["messages"], !messages.isNull else { return }
            guard let array = messages.arrayValue else {
                throw PushInboxError(.typeMismatch, message: "messages is not an array", keyPath: "messages")
            }
            try readEntries(array, under: "messages", vendor: self.vendor, options: options)
        } else if let single = object["message"], object["success"] != nil, vendor == nil || vendor == .cordial {
            // Cordial's single-message response (`InboxMessageGetter`): the entry without its `_id`, which the SDK
            // takes from the request.
            self.vendor = .cordial
            try Self.requireSuccess(object)
            let result = Result { () throws(PushInboxError) in
                guard single.kind != .object || single.objectValue?["_id"] != nil else {
                    throw PushInboxError(
                        .missingID,
                        message: "Cordial's single-message response carries no _id: the SDK takes the mcID from "
                            + "the request; add it as _id to read the entry",
                        keyPath: "_id"
                    )
                }
                return try PushInboxMessage(entry: single, vendor: .cordial, options: options)
            }
            entries = [Entry(keyPath: "message", result: result.mapError { $0.nested(under: "message") })]
        } else {
            let result = Result { () throws(PushInboxError) in
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
    ) throws(PushInboxError) {
        try appendEntries(array, count: array.count, under: prefix, options: options) {
            element throws(PushInboxError) in
            try PushInboxMessage(entry: element, vendor: vendor, options: options)
        }
    }

    /// Appends an entry for each element of a page's list, at `prefix[index]`, read by `read`: one it refuses is
    /// an error entry beside the others. Refuses the page past ``PushInboxLimits/maximumEntries``.
    mutating func appendEntries<Elements: Sequence>(
        _ elements: Elements,
        count: Int,
        under prefix: String,
        options: PushInboxReadingOptions,
        _ read: (Elements.Element) throws(PushInboxError) -> PushInboxMessage
    ) throws(PushInboxError) {
        guard count <= options.limits.maximumEntries else {
            throw PushInboxError(
                .tooManyEntries,
                message: "\(count) entries; the limit is \(options.limits.maximumEntries)",
                keyPath: prefix.isEmpty ? nil : prefix
            )
        }
        entries.reserveCapacity(count)
        for (index, element) in elements.enumerated() {
            let keyPath = "\(prefix)[\(index)]"
            let result = Result { () throws(PushInboxError) in try read(element) }
            entries.append(Entry(keyPath: keyPath, result: result.mapError { $0.nested(under: keyPath) }))
        }
    }

    /// Exponea's `AppInboxResponse` decodes `success` as a required Boolean; Cordial's page reads only a `success` that
    /// is `true`.
    private static func requireSuccess(_ object: JSONObject) throws(PushInboxError) {
        guard let success = object["success"]?.boolValue else {
            throw PushInboxError(.missingField, message: "success is absent or not a Boolean", keyPath: "success")
        }
        guard success else {
            throw PushInboxError(.unsuccessfulResponse, message: "the response says success: false", keyPath: "success")
        }
    }

    /// `currentPage`, `lastPage`, `perPage` and `total`, which Cordial's SDK requires as integers.
    private static func cordialPosition(_ object: JSONObject) throws(PushInboxError) -> Position {
        func integer(_ key: String) throws(PushInboxError) -> Int {
            guard let value = object[key] else {
                throw PushInboxError(.missingField, message: "\(key) is absent; the SDK needs it", keyPath: key)
            }
            guard let number = value.numberValue?.intValue else {
                throw PushInboxError(
                    .typeMismatch,
                    message: "\(key) is \(PushInboxEntry.phrase(value)), not an integer",
                    keyPath: key
                )
            }
            return number
        }
        return Position(
            current: try integer("currentPage"),
            last: try integer("lastPage"),
            size: try integer("perPage"),
            total: try integer("total")
        )
    }
}
