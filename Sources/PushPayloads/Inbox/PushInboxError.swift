public import PushPayloadsJSON

/// Why an inbox entry or page could not be read, or what is wrong with an entry that was read anyway.
///
/// Like `PushPayloadError`: an open set of codes, the key path of the value at fault, and a message a person
/// understands. An entry that cannot be read at all throws one; an entry read with a vendor SDK's fallback (an Exponea
/// `is_read` that is not a Boolean reads as unread, as the SDK reads it) keeps one in ``PushInboxMessage/issues``.
public struct PushInboxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var code: Code
    /// The key path of the value at fault, such as `push_inbox[3].message_id`; `nil` for the input as a whole.
    public var keyPath: String?
    /// What went wrong, for a person.
    public var message: String
    /// The byte offset, for input that is not JSON.
    public var byteOffset: Int?

    /// Creates an error.
    public init(_ code: Code, message: String, keyPath: String? = nil, byteOffset: Int? = nil) {
        self.code = code
        self.message = message
        self.keyPath = keyPath
        self.byteOffset = byteOffset
    }

    /// The JSON error, with its code, offset and message kept.
    public init(_ error: PushPayloadError) {
        self.init(
            Code(name: error.code.name),
            message: error.message,
            keyPath: error.keyPath,
            byteOffset: error.byteOffset
        )
    }

    /// `code at key path: message`.
    public var description: String {
        var text = code.name
        if let keyPath { text += " at \(keyPath)" }
        if let byteOffset { text += " (offset \(byteOffset))" }
        return text + ": " + message
    }

    /// The same error at `prefix` followed by this error's key path, for an entry read inside a page.
    package func nested(under prefix: String) -> PushInboxError {
        var copy = self
        copy.keyPath = prefix + (keyPath.map { $0.hasPrefix("[") ? $0 : "." + $0 } ?? "")
        return copy
    }

    /// A kind of inbox error: an open set, like `PushPayloadError.Code`. The JSON engine's codes (`invalid_json`,
    /// `too_large`, …) arrive under their own names.
    public struct Code: Hashable, Sendable, PushNamedValue {
        /// A stable snake_case name.
        public let name: String
        /// Creates a code; use a snake_case name no built-in code uses.
        public init(name: String) { self.name = name }

        /// An entry or page is not a JSON object (or a page not an object or array).
        public static let notAnObject = Code(name: "not_an_object")
        /// The entry's identity is absent: Exponea `id`, Swrve `message_id`, Cordial `_id`.
        public static let missingID = Code(name: "missing_id")
        /// A field the vendor's SDK needs is absent (Swrve `state`, `sent_date`; Cordial `read`, …).
        public static let missingField = Code(name: "missing_field")
        /// A field has a type the vendor's SDK does not read.
        public static let typeMismatch = Code(name: "type_mismatch")
        /// Exponea's `type` is neither `push` nor `html`: the SDK keeps the entry without content.
        public static let unknownType = Code(name: "unknown_type")
        /// Swrve's `state` is neither `U` nor `R` (any case).
        public static let invalidState = Code(name: "invalid_state")
        /// A time is not in the vendor's form, or lies outside the years 0 to 9999.
        public static let invalidTimestamp = Code(name: "invalid_timestamp")
        /// The entry's expiry is before the reading's `now`: the vendor's SDK no longer lists it.
        public static let expired = Code(name: "expired")
        /// Nothing says whose entry it is, or it carries keys of several vendors; give the vendor.
        public static let unknownVendor = Code(name: "unknown_vendor")
        /// A page holds more entries than ``PushInboxLimits/maximumEntries``.
        public static let tooManyEntries = Code(name: "too_many_entries")
        /// A page with the entry lists of two vendors' pages (Swrve `push_inbox` and `messages`).
        public static let ambiguousPage = Code(name: "ambiguous_page")
        /// The page says it failed (`success` is not `true`).
        public static let unsuccessfulResponse = Code(name: "unsuccessful_response")
    }
}

extension PushInboxError: Encodable {
    /// Encodes `code`, `offset` (`null` when the error has none), `key_path` (only when it has one) and `message`,
    /// exactly as `PushPayloadError` does, so error records read the same whatever failed.
    public func encode(to encoder: any Encoder) throws {
        let error = PushPayloadError(.init(name: code.name), message: message, byteOffset: byteOffset, keyPath: keyPath)
        try error.encode(to: encoder)
    }
}
