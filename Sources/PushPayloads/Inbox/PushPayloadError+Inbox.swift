public import PushPayloadsJSON

// An inbox entry or page that could not be read, or an entry read anyway with what is wrong with it, is a
// `PushPayloadError` as any other input is: an open set of codes, the key path of the value at fault, a message a
// person understands. An entry that cannot be read at all throws one; an entry read with a vendor SDK's fallback (an
// Exponea `is_read` that is not a Boolean reads as unread, as the SDK reads it) keeps one in
// `PushInboxMessage.issues`.

extension PushPayloadError.Code {
    /// The entry's identity is absent: Exponea `id`, Swrve `message_id`, Cordial `_id`.
    public static let missingID = Self(name: "missing_id")
    /// A field the vendor's SDK needs is absent (Swrve `state`, `sent_date`; Cordial `read`, …).
    public static let missingField = Self(name: "missing_field")
    /// Exponea's `type` is neither `push` nor `html`: the SDK keeps the entry without content.
    public static let unknownType = Self(name: "unknown_type")
    /// Swrve's `state` is neither `U` nor `R` (any case).
    public static let invalidState = Self(name: "invalid_state")
    /// A time is not in the vendor's form, or lies outside the years 0 to 9999.
    public static let invalidTimestamp = Self(name: "invalid_timestamp")
    /// The entry's expiry is before the reading's `now`: the vendor's SDK no longer lists it.
    public static let expired = Self(name: "expired")
    /// Nothing says whose entry it is, or it carries keys of several vendors, or the vendor has no inbox reader.
    public static let unknownVendor = Self(name: "unknown_vendor")
    /// A page holds more entries than `PushInboxReadingOptions.maximumEntries`.
    public static let tooManyEntries = Self(name: "too_many_entries")
    /// A page with the entry lists of two vendors' pages (Swrve `push_inbox` and `messages`).
    public static let ambiguousPage = Self(name: "ambiguous_page")
    /// The page says it failed (`success` is not `true`).
    public static let unsuccessfulResponse = Self(name: "unsuccessful_response")
}

extension PushPayloadError {
    /// The error of a value found at `prefix`: its key path under it, as a page reports an entry's error.
    package func nested(under prefix: String) -> PushPayloadError {
        var copy = self
        copy.keyPath = prefix + (keyPath.map { $0.hasPrefix("[") ? $0 : "." + $0 } ?? "")
        return copy
    }
}

extension PushPayloadLimits {
    /// The limits for inbox input, which arrives from an API or a cache file nobody vetted: 4 MiB and 128 levels, so
    /// that a Swrve campaigns response with its inbox, or a Cordial page of a hundred messages, fits many times over.
    public static let inbox = PushPayloadLimits(maximumPayloadBytes: 4 << 20, maximumDepth: 128)
}
