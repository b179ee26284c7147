import PushPayloadsJSON

/// Exponea's App Inbox entry (`MessageItem`, `MessageItemContent`), as its SDKs read it (docs/vendor-rules.md, "Inbox
/// entries", cites the file and commit for every key). What both SDKs refuse is an error; what one reads with a
/// fallback is read the same way and noted in `issues`.
extension ExponeaDecoder: PushInboxReading {
    /// `is_read`, `create_time`, `expire_time`, or `type` beside `content`: keys only Exponea's entries carry.
    public func isInboxEntry(_ entry: JSONObject) -> Bool {
        entry["is_read"] != nil || entry["create_time"] != nil || entry["expire_time"] != nil
            || (entry["type"] != nil && entry["content"] != nil)
    }

    /// Exponea's `MessageItem`: iOS decodes every field with `try?` and a fallback (`id` "", `type`
    /// "unknown", `is_read` false, `create_time` now); Android's Gson model the same keys. An entry without
    /// a usable `id` is an error here: the SDKs compare entries by `id`, so an empty one is no entry.
    public func readInboxEntry(_ entry: PushInboxEntry) throws(PushPayloadError) -> PushInboxMessage {
        let object = entry.object
        let id = try entry.requiredString("id", missing: .missingID)
        var issues: [PushPayloadError] = []

        let typeName = object["type"]?.stringValue
        let contentType: PushInboxMessage.ContentType
        switch typeName {
        case "push": contentType = .push
        case "html": contentType = .html
        default:
            contentType = .unknown
            let what = typeName.map { "\"\($0)\"" } ?? object["type"].map { "a \($0.kind) value" } ?? "absent"
            issues.append(
                PushPayloadError(
                    .unknownType,
                    message: "type is \(what), not push or html: the SDK keeps the entry without content",
                    keyPath: "type"
                )
            )
        }

        var message = PushInboxMessage(
            vendor: vendor,
            messageID: id,
            contentType: contentType,
            document: entry.document
        )
        if let value = object["is_read"], !value.isNull, value.boolValue == nil {
            issues.append(
                entry.mismatch("is_read", expected: "a Boolean (read as false, as the SDK does)", found: value)
            )
        }
        message.isRead = object["is_read"]?.boolValue ?? false
        message.sentAt = entry.optionalSeconds("create_time", issues: &issues)
        message.expiresAt = entry.optionalSeconds("expire_time", issues: &issues)

        if let content = object["content"] {
            if let contentObject = content.objectValue {
                try Self.readContent(
                    contentObject,
                    value: content,
                    into: &message,
                    issues: &issues,
                    options: entry.options
                )
            } else if !content.isNull {
                issues.append(entry.mismatch("content", expected: "an object", found: content))
            }
        }
        message.issues = issues
        return message
    }

    /// The content of a `push` entry is a push payload: the Exponea decoder reads it as iOS's
    /// `AppInboxParser.parseFromPushNotification` hands it to `PushNotificationParser`. An `html` entry
    /// shows `message` as HTML, with `pre_header` as its text (`parseFromHtmlMessage`).
    private static func readContent(
        _ content: JSONObject,
        value: JSONValue,
        into message: inout PushInboxMessage,
        issues: inout [PushPayloadError],
        options: PushInboxReadingOptions
    ) throws(PushPayloadError) {
        // An unknown type has no content in the SDKs (`MessageItem.content` is nil): nothing is read.
        guard message.contentType == .push || message.contentType == .html else { return }
        message.imageURL = content["image"]?.stringValue
        message.title = content["title"]?.stringValue
        switch message.contentType {
        case .push:
            message.body = content["message"]?.stringValue
            let document: JSONDocument
            do {
                document = try JSONDocument(jsonValueBytes: value.jsonBytes, limits: options.limits)
            } catch {
                throw error.nested(under: "content")
            }
            // The SDK reads the content as an iOS userInfo: the APNs shape, whatever its values' types.
            let payload = PushPayload(document: document, shape: .apns, limits: options.limits)
            let notification = options.registry.decode(payload)
            message.defaultAction = notification.defaultAction
            message.buttons = notification.buttons
            message.notification = notification
        default:
            message.body = content["pre_header"]?.stringValue
            message.html = content["message"]?.stringValue
        }
    }
}
