import PushPayloadsJSON

/// Cordial's page (`InboxMessages.parseResponseJSON`): `success`, `currentPage`, `lastPage`, `perPage`, `total` and
/// `messages`; and its single-message response (`InboxMessageGetter`): `success` and `message`, which lacks the `_id`
/// (the SDK takes it from the request), an error entry unless `_id` is added.
extension CordialDecoder {
    /// `messages`.
    public var inboxPageListKey: String? { "messages" }

    /// ``PushInboxPageClaim/marker`` for a page with `currentPage` (or any page with `messages` when the vendor is
    /// given), ``PushInboxPageClaim/singleEntry`` for a response with `message` and `success`.
    public func inboxPageClaim(_ object: JSONObject, given: Bool) -> PushInboxPageClaim? {
        if Self.isPage(object) { return given || object["currentPage"] != nil ? .marker : nil }
        if object["message"] != nil, object["success"] != nil { return .singleEntry }
        return nil
    }

    /// A page's `success` (only `true` is read) and position; a single-message response's `success` and its entry.
    public func readInboxPage(
        _ object: JSONObject,
        into page: inout PushInboxPage,
        options: PushInboxReadingOptions
    )
        throws(PushPayloadError)
    {
        try PushInboxPage.requireSuccess(object)
        if Self.isPage(object) {
            page.position = try Self.position(object)
            return
        }
        guard let single = object["message"] else { return }
        let result = Result { () throws(PushPayloadError) in
            guard single.kind != .object || single.objectValue?["_id"] != nil else {
                throw PushPayloadError(
                    .missingID,
                    message: "Cordial's single-message response carries no _id: the SDK takes the mcID from "
                        + "the request; add it as _id to read the entry",
                    keyPath: "_id"
                )
            }
            return try PushInboxMessage(entry: single, vendor: vendor, options: options)
        }
        page.entries = [
            PushInboxPage.Entry(keyPath: "message", result: result.mapError { $0.nested(under: "message") })
        ]
    }

    private static func isPage(_ object: JSONObject) -> Bool {
        (object["messages"] != nil || object["sync_token"] != nil) && object["type"] == nil
    }

    /// `currentPage`, `lastPage`, `perPage` and `total`, which Cordial's SDK requires as integers.
    private static func position(_ object: JSONObject) throws(PushPayloadError) -> PushInboxPage.Position {
        func integer(_ key: String) throws(PushPayloadError) -> Int {
            guard let value = object[key] else {
                throw PushPayloadError(.missingField, message: "\(key) is absent; the SDK needs it", keyPath: key)
            }
            guard let number = value.numberValue?.intValue else {
                throw PushPayloadError(
                    .typeMismatch,
                    message: "\(key) is \(PushInboxEntry.phrase(value)), not an integer",
                    keyPath: key
                )
            }
            return number
        }
        return PushInboxPage.Position(
            current: try integer("currentPage"),
            last: try integer("lastPage"),
            size: try integer("perPage"),
            total: try integer("total")
        )
    }
}
