import PushPayloads

/// Builds each platform's device payload from a send request (see ``PushDelivery`` for the mapping).
struct PushDeliveryBuilder {
    let request: PushSendRequest

    func deliveries() -> [PushDelivery] {
        let root = request.document.rootObject
        switch request.kind {
        case .fcmV1:
            guard let message = root["message"]?.objectValue else { return [] }
            return fcmV1(message)
        case .fcmLegacy:
            return fcmLegacy(root)
        case .apnsRequest:
            let body = root["payload"]?.objectValue ?? .empty
            return [
                PushDelivery(
                    platform: .ios,
                    payload: payload(JSONMembers(copying: body), shape: .apns),
                    headers: Self.stringMap(root["headers"])
                )
            ]
        default:
            let payload = PushPayload(document: request.document, limits: request.limits)
            return [PushDelivery(platform: payload.shape == .apns ? .ios : .android, payload: payload)]
        }
    }

    private func fcmV1(_ message: JSONObject) -> [PushDelivery] {
        let data = message["data"]?.objectValue
        let notification = message["notification"]?.objectValue
        let android = message["android"]?.objectValue
        let apns = message["apns"]?.objectValue
        let webpush = message["webpush"]?.objectValue

        // iOS: apns.payload, the data keys beside `aps`, the notification as the alert.
        var body = JSONMembers(copying: apns?["payload"]?.objectValue ?? .empty)
        body.addStrings(of: data)
        body.addAlert(from: notification)
        var deliveries = [
            PushDelivery(
                platform: .ios,
                payload: payload(body, shape: .apns),
                headers: Self.stringMap(apns?["headers"])
            )
        ]

        // Android: android.data overrides data; the notification is shown by the system.
        var androidData = JSONMembers()
        androidData.addStrings(of: android?["data"]?.objectValue ?? data)
        deliveries.append(
            PushDelivery(
                platform: .android,
                payload: payload(androidData, shape: .fcm),
                systemText: Self.text(android?["notification"]?.objectValue, over: notification)
            )
        )

        if let webpush {
            var webData = JSONMembers()
            webData.addStrings(of: webpush["data"]?.objectValue ?? data)
            deliveries.append(
                PushDelivery(
                    platform: .web,
                    payload: payload(webData, shape: .fcm),
                    systemText: Self.text(webpush["notification"]?.objectValue, over: notification)
                )
            )
        }
        return deliveries
    }

    private func fcmLegacy(_ root: JSONObject) -> [PushDelivery] {
        let data = root["data"]?.objectValue
        let notification = root["notification"]?.objectValue

        var body = JSONMembers()
        body.addStrings(of: data)
        var aps = JSONMembers()
        if let title = notification?["title"]?.stringValue, let text = notification?["body"]?.stringValue {
            aps.add(
                "alert",
                raw: JSONMembers.object([("title", JSONMembers.string(title)), ("body", JSONMembers.string(text))])
            )
        } else if let title = notification?["title"]?.stringValue {
            aps.add("alert", raw: JSONMembers.object([("title", JSONMembers.string(title))]))
        } else if let text = notification?["body"]?.stringValue {
            aps.add("alert", raw: JSONMembers.object([("body", JSONMembers.string(text))]))
        }
        if let sound = notification?["sound"]?.stringValue { aps.add("sound", raw: JSONMembers.string(sound)) }
        if let badge = notification?["badge"]?.stringValue.flatMap({ Int($0) }) {
            aps.add("badge", raw: Array(String(badge).utf8))
        }
        if root["content_available"]?.boolValue == true { aps.add("content-available", raw: Array("1".utf8)) }
        if root["mutable_content"]?.boolValue == true { aps.add("mutable-content", raw: Array("1".utf8)) }
        body.add("aps", raw: aps.jsonBytes)

        // The legacy `priority` was the one setting FCM translated to APNs: high is 10, normal 5.
        var headers: [String: String] = [:]
        switch root["priority"]?.stringValue {
        case "high": headers["apns-priority"] = "10"
        case "normal": headers["apns-priority"] = "5"
        default: break
        }

        var androidData = JSONMembers()
        androidData.addStrings(of: data)
        return [
            PushDelivery(platform: .ios, payload: payload(body, shape: .apns), headers: headers),
            PushDelivery(
                platform: .android,
                payload: payload(androidData, shape: .fcm),
                systemText: Self.text(nil, over: notification)
            ),
        ]
    }

    private func payload(_ members: JSONMembers, shape: PushWireShape) -> PushPayload {
        // The members are copies of valid JSON, so this parses; the limits still apply to the result.
        let document = (try? JSONDocument(jsonBytes: members.jsonBytes, limits: request.limits)) ?? .emptyObject
        return PushPayload(document: document, shape: shape, limits: request.limits)
    }

    /// A map's string values (APNs and FCM headers); values of other types are left to the checks.
    static func stringMap(_ value: JSONValue?) -> [String: String] {
        var map: [String: String] = [:]
        for (key, member) in value?.objectValue ?? .empty {
            if let text = member.stringValue { map[key] = text }
        }
        return map
    }

    /// `title` and `body` of a platform's notification block, each falling back to the common one's.
    static func text(_ platform: JSONObject?, over common: JSONObject?) -> PushText? {
        let text = PushText(
            title: platform?["title"]?.stringValue ?? common?["title"]?.stringValue,
            body: platform?["body"]?.stringValue ?? common?["body"]?.stringValue
        )
        return text.isEmpty ? nil : text
    }
}
