public import PushPayloadsJSON

/// One inbox entry being read, as a vendor's reader (``PushInboxReading/readInboxEntry(_:)``) gets it: the entry's
/// JSON object, and the options it is read with.
public struct PushInboxEntry {
    /// The entry as parsed.
    public var value: JSONValue
    /// The entry's members.
    public var object: JSONObject
    /// The options the entry is read with: its limits, the decoders for a push it holds, the moment judging expiry.
    public var options: PushInboxReadingOptions

    init(value: JSONValue, object: JSONObject, options: PushInboxReadingOptions) {
        self.value = value
        self.object = object
        self.options = options
    }

    // MARK: - Fields

    /// The entry as a document of its own, for ``PushInboxMessage/document``: it stands alone in the model, whatever
    /// page it came from.
    public var document: JSONDocument {
        (try? JSONDocument(jsonValueBytes: value.jsonBytes, limits: options.limits)) ?? .emptyObject
    }

    func mismatch(_ key: String, expected: String, found value: JSONValue) -> PushPayloadError {
        PushPayloadError(.typeMismatch, message: "\(key) is \(Self.phrase(value)), not \(expected)", keyPath: key)
    }

    static func phrase(_ value: JSONValue) -> String {
        switch value.kind {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .number: return "the number \(value.numberValue?.text ?? "")"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    func requiredString(_ key: String, missing code: PushPayloadError.Code) throws(PushPayloadError) -> String {
        guard let value = object[key], !value.isNull else {
            throw PushPayloadError(code, message: "\(key) is absent", keyPath: key)
        }
        guard let text = value.stringValue else { throw mismatch(key, expected: "a string", found: value) }
        guard !text.isEmpty else { throw PushPayloadError(code, message: "\(key) is empty", keyPath: key) }
        return text
    }

    /// A number iOS's `as? UInt64` and Android's `getLong` both read: integral, 0 or more, in range.
    func requiredUnsigned(_ key: String, missing code: PushPayloadError.Code) throws(PushPayloadError) -> Int64 {
        guard let value = object[key], !value.isNull else {
            throw PushPayloadError(code, message: "\(key) is absent", keyPath: key)
        }
        guard let number = value.numberValue?.int64Value, number >= 0 else {
            throw mismatch(key, expected: "a whole number of 0 or more", found: value)
        }
        return number
    }

    func requiredMilliseconds(_ key: String) throws(PushPayloadError) -> PushTimestamp {
        let milliseconds = try requiredUnsigned(key, missing: .missingField)
        guard milliseconds <= PushTimestamp.maximumMilliseconds else {
            throw PushPayloadError(
                .invalidTimestamp,
                message: "\(key) is \(milliseconds) milliseconds since 1970, after the year 9999",
                keyPath: key
            )
        }
        return PushTimestamp(millisecondsSince1970: milliseconds)
    }

    func requiredISO8601(_ key: String) throws(PushPayloadError) -> PushTimestamp {
        let text = try requiredString(key, missing: .missingField)
        guard let timestamp = PushTimestamp(iso8601: text) else {
            throw PushPayloadError(
                .invalidTimestamp,
                message: "\(key) \"\(text.prefix(64))\" is not ISO 8601 with fractional seconds, such as "
                    + "2024-10-10T12:25:07.123Z",
                keyPath: key
            )
        }
        return timestamp
    }

    /// Seconds since 1970 as a JSON number, as iOS decodes `create_time` (`Double`).
    func optionalSeconds(_ key: String, issues: inout [PushPayloadError]) -> PushTimestamp? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let seconds = value.numberValue?.doubleValue else {
            issues.append(mismatch(key, expected: "a number of seconds since 1970", found: value))
            return nil
        }
        guard let timestamp = PushTimestamp(secondsSince1970: seconds) else {
            issues.append(
                PushPayloadError(.invalidTimestamp, message: "\(key) is outside the years 0 to 9999", keyPath: key)
            )
            return nil
        }
        return timestamp
    }
}
