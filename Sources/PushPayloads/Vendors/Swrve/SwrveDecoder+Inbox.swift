import PushPayloadsJSON

/// Swrve's push inbox entry (`SwrvePushInboxMessage`), as its SDKs read it (docs/vendor-rules.md, "Inbox entries").
extension SwrveDecoder: PushInboxReading {
    /// `message_id`, `variant_id`, `customer_json`, `end_date` or `sent_date`: keys only Swrve's entries carry.
    public func isInboxEntry(_ entry: JSONObject) -> Bool {
        entry["message_id"] != nil || entry["variant_id"] != nil || entry["customer_json"] != nil
            || entry["end_date"] != nil || entry["sent_date"] != nil
    }

    /// `end_date`.
    public var inboxExpiryKey: String { "end_date" }

    /// `customer_json`, which the SDKs hand to the app unread.
    public var inboxCustomContentKey: String? { "customer_json" }

    /// Swrve's `SwrvePushInboxMessage`: iOS force-unwraps `message_id`, `variant_id`, `sent_date` and
    /// `end_date` as `UInt64` and throws on a `state` other than `U` or `R`; Android's `getLong` and
    /// `getString` throw when they are absent, and the manager skips the entry. So each is required here.
    /// `customer_json` is required on Android (`getJSONObject`) and optional on iOS: its absence is an issue.
    public func readInboxEntry(_ entry: PushInboxEntry) throws(PushPayloadError) -> PushInboxMessage {
        let object = entry.object
        let id = try entry.requiredUnsigned("message_id", missing: .missingID)
        let variantID = try entry.requiredUnsigned("variant_id", missing: .missingField)
        guard let stateValue = object["state"] else {
            throw PushPayloadError(.missingField, message: "state is absent; the SDKs need U or R", keyPath: "state")
        }
        guard let state = stateValue.stringValue else {
            throw entry.mismatch("state", expected: "a string, U or R", found: stateValue)
        }
        guard state.uppercased() == "U" || state.uppercased() == "R" else {
            throw PushPayloadError(
                .invalidState,
                message: "state is \"\(state)\"; the SDKs read only U (unread) and R (read), in any case",
                keyPath: "state"
            )
        }
        let sent = try entry.requiredMilliseconds("sent_date")
        let end = try entry.requiredMilliseconds("end_date")

        var message = PushInboxMessage(
            vendor: vendor,
            messageID: String(id),
            contentType: .custom,
            document: entry.document
        )
        message.variantID = String(variantID)
        message.isRead = state.uppercased() == "R"
        message.sentAt = sent
        message.expiresAt = end
        message.trackingData = object["mg_tracking_data"]?.stringValue
        var issues: [PushPayloadError] = []
        switch object["customer_json"] {
        case .some(let value) where value.kind == .object:
            message.customContent = value
        case .some(let value) where !value.isNull:
            issues.append(
                entry.mismatch("customer_json", expected: "an object (Android skips the entry)", found: value)
            )
        default:
            issues.append(
                PushPayloadError(
                    .missingField,
                    message: "customer_json is absent: iOS keeps the entry, Android's getJSONObject skips it",
                    keyPath: "customer_json"
                )
            )
        }
        message.issues = issues
        return message
    }
}
