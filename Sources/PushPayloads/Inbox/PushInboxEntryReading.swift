import PushPayloadsJSON

// The three vendors' entry readers, each as its SDK reads an entry (docs/vendor-rules.md, "Inbox
// entries", cites the file and commit for every key). What both of a vendor's SDKs refuse is an error;
// what one SDK reads with a fallback is read the same way and noted in `issues`.

/// One entry object being read.
struct PushInboxEntryReading {
    var value: JSONValue
    var object: JSONObject
    var options: PushInboxReadingOptions

    // MARK: - Exponea App Inbox (`MessageItem`, `MessageItemContent`)

    /// Exponea's `MessageItem`: iOS decodes every field with `try?` and a fallback (`id` "", `type`
    /// "unknown", `is_read` false, `create_time` now); Android's Gson model the same keys. An entry without
    /// a usable `id` is an error here: the SDKs compare entries by `id`, so an empty one is no entry.
    func exponea() throws(PushInboxError) -> PushInboxMessage {
        let id = try requiredString("id", missing: .missingID)
        var issues: [PushInboxError] = []

        let typeName = object["type"]?.stringValue
        let contentType: PushInboxMessage.ContentType
        switch typeName {
        case "push": contentType = .push
        case "html": contentType = .html
        default:
            contentType = .unknown
            let what = typeName.map { "\"\($0)\"" } ?? object["type"].map { "a \($0.kind) value" } ?? "absent"
            issues.append(
                PushInboxError(
                    .unknownType,
                    message: "type is \(what), not push or html: the SDK keeps the entry without content",
                    keyPath: "type"
                )
            )
        }

        var message = PushInboxMessage(vendor: .exponea, messageID: id, contentType: contentType, document: document)
        if let value = object["is_read"], !value.isNull, value.boolValue == nil {
            issues.append(mismatch("is_read", expected: "a Boolean (read as false, as the SDK does)", found: value))
        }
        message.isRead = object["is_read"]?.boolValue ?? false
        message.sentAt = optionalSeconds("create_time", issues: &issues)
        message.expiresAt = optionalSeconds("expire_time", issues: &issues)

        if let content = object["content"] {
            if let contentObject = content.objectValue {
                try readExponeaContent(contentObject, value: content, into: &message, issues: &issues)
            } else if !content.isNull {
                issues.append(mismatch("content", expected: "an object", found: content))
            }
        }
        message.issues = issues
        return message
    }

    /// The content of a `push` entry is a push payload: the Exponea decoder reads it as iOS's
    /// `AppInboxParser.parseFromPushNotification` hands it to `PushNotificationParser`. An `html` entry
    /// shows `message` as HTML, with `pre_header` as its text (`parseFromHtmlMessage`).
    private func readExponeaContent(
        _ content: JSONObject,
        value: JSONValue,
        into message: inout PushInboxMessage,
        issues: inout [PushInboxError]
    ) throws(PushInboxError) {
        // An unknown type has no content in the SDKs (`MessageItem.content` is nil): nothing is read.
        guard message.contentType == .push || message.contentType == .html else { return }
        message.imageURL = content["image"]?.stringValue
        message.title = content["title"]?.stringValue
        switch message.contentType {
        case .push:
            message.body = content["message"]?.stringValue
            let document: JSONDocument
            do {
                document = try JSONDocument(jsonValueBytes: value.jsonBytes, limits: options.limits.payloadLimits)
            } catch {
                throw PushInboxError(error).nested(under: "content")
            }
            // The SDK reads the content as an iOS userInfo: the APNs shape, whatever its values' types.
            let payload = PushPayload(document: document, shape: .apns, limits: options.limits.payloadLimits)
            let notification = options.registry.decode(payload)
            message.defaultAction = notification.defaultAction
            message.buttons = notification.buttons
            message.notification = notification
        default:
            message.body = content["pre_header"]?.stringValue
            message.html = content["message"]?.stringValue
        }
    }

    // MARK: - Swrve push inbox (`SwrvePushInboxMessage`)

    /// Swrve's `SwrvePushInboxMessage`: iOS force-unwraps `message_id`, `variant_id`, `sent_date` and
    /// `end_date` as `UInt64` and throws on a `state` other than `U` or `R`; Android's `getLong` and
    /// `getString` throw when they are absent, and the manager skips the entry. So each is required here.
    /// `customer_json` is required on Android (`getJSONObject`) and optional on iOS: its absence is an issue.
    func swrve() throws(PushInboxError) -> PushInboxMessage {
        let id = try requiredUnsigned("message_id", missing: .missingID)
        let variantID = try requiredUnsigned("variant_id", missing: .missingField)
        guard let stateValue = object["state"] else {
            throw PushInboxError(.missingField, message: "state is absent; the SDKs need U or R", keyPath: "state")
        }
        guard let state = stateValue.stringValue else {
            throw mismatch("state", expected: "a string, U or R", found: stateValue)
        }
        guard state.uppercased() == "U" || state.uppercased() == "R" else {
            throw PushInboxError(
                .invalidState,
                message: "state is \"\(state)\"; the SDKs read only U (unread) and R (read), in any case",
                keyPath: "state"
            )
        }
        let sent = try requiredMilliseconds("sent_date")
        let end = try requiredMilliseconds("end_date")

        var message = PushInboxMessage(vendor: .swrve, messageID: String(id), contentType: .custom, document: document)
        message.variantID = String(variantID)
        message.isRead = state.uppercased() == "R"
        message.sentAt = sent
        message.expiresAt = end
        message.trackingData = object["mg_tracking_data"]?.stringValue
        var issues: [PushInboxError] = []
        switch object["customer_json"] {
        case .some(let value) where value.kind == .object:
            message.customContent = value
        case .some(let value) where !value.isNull:
            issues.append(mismatch("customer_json", expected: "an object (Android skips the entry)", found: value))
        default:
            issues.append(
                PushInboxError(
                    .missingField,
                    message: "customer_json is absent: iOS keeps the entry, Android's getJSONObject skips it",
                    keyPath: "customer_json"
                )
            )
        }
        message.issues = issues
        return message
    }

    // MARK: - Cordial inbox (`InboxMessage`)

    /// Cordial's `InboxMessages.parseResponseJSON`: `_id`, `url`, `urlExpireAt`, `read` and `sentAt` are
    /// required, the times valid for `CordialDateFormatter`; an entry missing one fails. `metadata` is kept
    /// when it is a non-empty object or array (the SDK serialises it back to text for the app).
    func cordial() throws(PushInboxError) -> PushInboxMessage {
        let id = try requiredString("_id", missing: .missingID)
        let url = try requiredString("url", missing: .missingField)
        let urlExpiry = try requiredISO8601("urlExpireAt")
        guard let readValue = object["read"] else {
            throw PushInboxError(.missingField, message: "read is absent; the SDK needs a Boolean", keyPath: "read")
        }
        guard let read = readValue.boolValue else { throw mismatch("read", expected: "a Boolean", found: readValue) }

        var message = PushInboxMessage(vendor: .cordial, messageID: id, contentType: .custom, document: document)
        message.isRead = read
        message.sentAt = try requiredISO8601("sentAt")
        message.contentURL = url
        message.contentURLExpiresAt = urlExpiry
        let metadata = object["metadata"]
        if metadata?.objectValue?.isEmpty == false || metadata?.arrayValue?.isEmpty == false {
            message.customContent = metadata
        }
        return message
    }

    // MARK: - Fields

    private var document: JSONDocument {
        // The entry stands alone in the model, whatever page it came from.
        (try? JSONDocument(jsonValueBytes: value.jsonBytes, limits: options.limits.payloadLimits)) ?? .emptyObject
    }

    private func mismatch(_ key: String, expected: String, found value: JSONValue) -> PushInboxError {
        PushInboxError(.typeMismatch, message: "\(key) is \(Self.phrase(value)), not \(expected)", keyPath: key)
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

    private func requiredString(_ key: String, missing code: PushInboxError.Code) throws(PushInboxError) -> String {
        guard let value = object[key], !value.isNull else {
            throw PushInboxError(code, message: "\(key) is absent", keyPath: key)
        }
        guard let text = value.stringValue else { throw mismatch(key, expected: "a string", found: value) }
        guard !text.isEmpty else { throw PushInboxError(code, message: "\(key) is empty", keyPath: key) }
        return text
    }

    /// A number iOS's `as? UInt64` and Android's `getLong` both read: integral, 0 or more, in range.
    private func requiredUnsigned(_ key: String, missing code: PushInboxError.Code) throws(PushInboxError) -> Int64 {
        guard let value = object[key], !value.isNull else {
            throw PushInboxError(code, message: "\(key) is absent", keyPath: key)
        }
        guard let number = value.numberValue?.int64Value, number >= 0 else {
            throw mismatch(key, expected: "a whole number of 0 or more", found: value)
        }
        return number
    }

    private func requiredMilliseconds(_ key: String) throws(PushInboxError) -> PushTimestamp {
        let milliseconds = try requiredUnsigned(key, missing: .missingField)
        guard milliseconds <= PushTimestamp.maximumMilliseconds else {
            throw PushInboxError(
                .invalidTimestamp,
                message: "\(key) is \(milliseconds) milliseconds since 1970, after the year 9999",
                keyPath: key
            )
        }
        return PushTimestamp(millisecondsSince1970: milliseconds)
    }

    private func requiredISO8601(_ key: String) throws(PushInboxError) -> PushTimestamp {
        let text = try requiredString(key, missing: .missingField)
        guard let timestamp = PushTimestamp(iso8601: text) else {
            throw PushInboxError(
                .invalidTimestamp,
                message: "\(key) \"\(text.prefix(64))\" is not ISO 8601 with fractional seconds, such as "
                    + "2024-10-10T12:25:07.123Z",
                keyPath: key
            )
        }
        return timestamp
    }

    /// Seconds since 1970 as a JSON number, as iOS decodes `create_time` (`Double`).
    private func optionalSeconds(_ key: String, issues: inout [PushInboxError]) -> PushTimestamp? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let seconds = value.numberValue?.doubleValue else {
            issues.append(mismatch(key, expected: "a number of seconds since 1970", found: value))
            return nil
        }
        guard let timestamp = PushTimestamp(secondsSince1970: seconds) else {
            issues.append(
                PushInboxError(.invalidTimestamp, message: "\(key) is outside the years 0 to 9999", keyPath: key)
            )
            return nil
        }
        return timestamp
    }
}
