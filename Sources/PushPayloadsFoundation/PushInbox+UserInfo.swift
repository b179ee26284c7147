public import PushPayloads

// Inbox entries as apps hold them on Apple platforms: the dictionaries the vendors' SDKs keep (Swrve's
// `updatePushInbox` takes an `NSArray` of `NSDictionary` entries and caches it; Exponea's `MessageItem`
// encodes to the same keys; Cordial's page is the API's JSON object), converted as `userInfo` is
// (`JSONDocument.init(userInfo:limits:)`: `NSNumber` Booleans stay Booleans) and read as bytes are.

extension PushInboxMessage {
    /// Reads one entry from a dictionary: whose it is is told by its keys unless `vendor` says.
    ///
    /// A value JSON cannot hold (a `Date`, `Data`) is `type_mismatch` with its key path: the vendors'
    /// entries hold none.
    public init(
        userInfo: [AnyHashable: Any],
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    ) throws(PushPayloadError) {
        try self.init(entry: try options.document(userInfo: userInfo).root, vendor: vendor, options: options)
    }
}

extension PushInboxPage {
    /// Reads a vendor's page from a dictionary (a Swrve campaigns response, a Cordial page, an Exponea
    /// response), or one entry.
    public init(
        userInfo: [AnyHashable: Any],
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    ) throws(PushPayloadError) {
        try self.init(value: try options.document(userInfo: userInfo).root, vendor: vendor, options: options)
    }

    /// Reads a list of entry dictionaries, such as the array Swrve's iOS SDK caches; a bad entry is kept
    /// as its error, with its index as key path (`[2].state`), as a page's are.
    public init(
        userInfoEntries: [[AnyHashable: Any]],
        vendor: PushVendor? = nil,
        options: PushInboxReadingOptions = .init()
    ) throws(PushPayloadError) {
        guard userInfoEntries.count <= options.maximumEntries else {
            throw PushPayloadError(
                .tooManyEntries,
                message: "\(userInfoEntries.count) entries; the limit is \(options.maximumEntries)"
            )
        }
        var entries: [Entry] = []
        entries.reserveCapacity(userInfoEntries.count)
        for (index, dictionary) in userInfoEntries.enumerated() {
            let keyPath = "[\(index)]"
            let result = Result { () throws(PushPayloadError) in
                try PushInboxMessage(userInfo: dictionary, vendor: vendor, options: options)
            }
            entries.append(Entry(keyPath: keyPath, result: result.mapError { $0.nested(under: keyPath) }))
        }
        self.init(vendor: vendor, entries: entries)
    }
}

extension PushInboxReadingOptions {
    /// Converts `userInfo` as a push's is converted, within ``limits``.
    func document(userInfo: [AnyHashable: Any]) throws(PushPayloadError) -> JSONDocument {
        do {
            return try JSONDocument(userInfo: userInfo, limits: limits)
        } catch {
            throw error
        }
    }
}
