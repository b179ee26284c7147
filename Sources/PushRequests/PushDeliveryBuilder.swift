import PushPayloads

/// Builds each platform's device payload from a send request's parsed document (see ``PushDelivery`` for
/// the mapping; ``PushSendRequest/deliveries`` for views and copies), parsing nothing again.
///
/// Each payload's text is what the request's pieces read as compact JSON, with every top-level key
/// spelled as the library writes keys (an escape only where JSON needs one): a view is taken only when
/// no top-level key is written with an escape, so either path gives the same text.
struct PushDeliveryBuilder {
    let document: JSONDocument
    let kind: PushRequestKind
    let limits: PushPayloadLimits
    /// The body, when detecting the kind found it: `message` for FCM v1, `payload` for an APNs request.
    let body: JSONObject?

    func deliveries() -> [PushDelivery] {
        let root = document.rootObject
        switch kind {
        case .fcmV1:
            guard let message = body ?? root["message"]?.objectValue else { return [] }
            return fcmV1(message)
        case .fcmLegacy:
            return fcmLegacy(root)
        case .apnsRequest:
            let payload = body ?? root["payload"]?.objectValue ?? .empty
            return [
                PushDelivery(
                    platform: .ios,
                    payload: self.payload(members: payload, aps: payload["aps"], shape: .apns),
                    headers: Self.stringMap(root["headers"])
                )
            ]
        default:
            let payload = PushPayload(document: document, limits: limits)
            return [PushDelivery(platform: payload.shape == .apns ? .ios : .android, payload: payload)]
        }
    }

    private func fcmV1(_ message: JSONObject) -> [PushDelivery] {
        let data = message["data"]?.objectValue
        let notification = message["notification"]?.objectValue
        let android = message["android"]?.objectValue
        let apns = message["apns"]?.objectValue
        let webpush = message["webpush"]?.objectValue

        var deliveries = [
            PushDelivery(
                platform: .ios,
                payload: iosPayload(apns?["payload"]?.objectValue, data: data, notification: notification),
                headers: Self.stringMap(apns?["headers"])
            ),
            // Android: android.data overrides data; the notification is shown by the system.
            PushDelivery(
                platform: .android,
                payload: dataPayload(android?["data"]?.objectValue ?? data),
                systemText: Self.text(android?["notification"]?.objectValue, over: notification)
            ),
        ]
        if let webpush {
            deliveries.append(
                PushDelivery(
                    platform: .web,
                    payload: dataPayload(webpush["data"]?.objectValue ?? data),
                    systemText: Self.text(webpush["notification"]?.objectValue, over: notification)
                )
            )
        }
        return deliveries
    }

    /// iOS: `apns.payload`, the data's strings whose keys it lacks beside `aps`, and the notification's
    /// title and body as `aps.alert`, unless `aps` has an alert or is not an object (which the checks
    /// report; it is left as it is).
    private func iosPayload(_ apnsPayload: JSONObject?, data: JSONObject?, notification: JSONObject?) -> PushPayload {
        let title = notification?["title"].flatMap { $0.kind == .string ? $0 : nil }
        let body = notification?["body"].flatMap { $0.kind == .string ? $0 : nil }
        let aps = apnsPayload?["aps"]
        // A data string named `aps` goes in when the payload has none; it is not an object, so it takes no alert.
        let hasAps = aps != nil || data?["aps"]?.kind == .string
        let addsAlert = (title != nil || body != nil) && (hasAps ? aps?.objectValue?.contains("alert") == false : true)
        if !addsAlert && (data?.isEmpty ?? true) {
            return payload(members: apnsPayload ?? .empty, aps: aps, shape: .apns)
        }
        return build(shape: .apns) { builder throws(PushPayloadError) in
            try builder.beginObject()
            for value in apnsPayload?.values ?? JSONObject.empty.values {
                try builder.key(ofMember: value)
                guard addsAlert, let aps, value.isSameValue(as: aps), let object = value.objectValue else {
                    try builder.copy(value)
                    continue
                }
                try builder.beginObject()
                try Self.copyMembers(of: object, into: &builder)
                try builder.key("alert")
                try Self.alert(title: title, body: body, into: &builder)
                try builder.endObject()
            }
            let payloadKeys = KeySet(apnsPayload)
            for value in data?.values ?? JSONObject.empty.values where value.kind == .string {
                guard !payloadKeys.contains(keyOf: value) else { continue }
                try builder.key(ofMember: value)
                try builder.copy(value)
            }
            if addsAlert && !hasAps {
                try builder.key("aps")
                try builder.beginObject()
                try builder.key("alert")
                try Self.alert(title: title, body: body, into: &builder)
                try builder.endObject()
            }
            try builder.endObject()
        }
    }

    private func fcmLegacy(_ root: JSONObject) -> [PushDelivery] {
        let data = root["data"]?.objectValue
        let notification = root["notification"]?.objectValue

        // iOS: the data's strings and an `aps` FCM makes from the notification and the flags (in place of
        // a data string named `aps`).
        let dataAps = data?["aps"]
        let ios = build(shape: .apns) { builder throws(PushPayloadError) in
            try builder.beginObject()
            var wroteAps = false
            for value in data?.values ?? JSONObject.empty.values where value.kind == .string {
                try builder.key(ofMember: value)
                if let dataAps, value.isSameValue(as: dataAps) {
                    try Self.legacyAps(root, notification, into: &builder)
                    wroteAps = true
                } else {
                    try builder.copy(value)
                }
            }
            if !wroteAps {
                try builder.key("aps")
                try Self.legacyAps(root, notification, into: &builder)
            }
            try builder.endObject()
        }

        // The legacy `priority` was the one setting FCM translated to APNs: high is 10, normal 5.
        var headers: [String: String] = [:]
        switch root["priority"]?.stringValue {
        case "high": headers["apns-priority"] = "10"
        case "normal": headers["apns-priority"] = "5"
        default: break
        }
        return [
            PushDelivery(platform: .ios, payload: ios, headers: headers),
            PushDelivery(
                platform: .android,
                payload: dataPayload(data),
                systemText: Self.text(nil, over: notification)
            ),
        ]
    }

    /// The `aps` legacy FCM builds: the alert from the notification's title and body, its `sound` and
    /// `badge` (a string of an integer), and the flags.
    private static func legacyAps(
        _ root: JSONObject,
        _ notification: JSONObject?,
        into builder: inout JSONDocumentBuilder
    ) throws(PushPayloadError) {
        try builder.beginObject()
        let title = notification?["title"].flatMap { $0.kind == .string ? $0 : nil }
        let body = notification?["body"].flatMap { $0.kind == .string ? $0 : nil }
        if title != nil || body != nil {
            try builder.key("alert")
            try alert(title: title, body: body, into: &builder)
        }
        if let sound = notification?["sound"], sound.kind == .string {
            try builder.key("sound")
            try builder.string(decodedFrom: sound)
        }
        if let badge = notification?["badge"]?.stringValue.flatMap({ Int64($0) }) {
            try builder.key("badge")
            try builder.integer(badge)
        }
        if root["content_available"]?.boolValue == true {
            try builder.key("content-available")
            try builder.integer(1)
        }
        if root["mutable_content"]?.boolValue == true {
            try builder.key("mutable-content")
            try builder.integer(1)
        }
        try builder.endObject()
    }

    /// `{"title": …, "body": …}` with the texts present, as FCM writes them (decoded and escaped again).
    private static func alert(
        title: JSONValue?,
        body: JSONValue?,
        into builder: inout JSONDocumentBuilder
    ) throws(PushPayloadError) {
        try builder.beginObject()
        if let title {
            try builder.key("title")
            try builder.string(decodedFrom: title)
        }
        if let body {
            try builder.key("body")
            try builder.string(decodedFrom: body)
        }
        try builder.endObject()
    }

    /// A data map as FCM delivers it to Android and the web: its string members, in order. The map
    /// itself when every value is a string.
    private func dataPayload(_ data: JSONObject?) -> PushPayload {
        guard let data else { return PushPayload(document: .emptyObject, aps: nil, shape: .fcm, limits: limits) }
        // Strings only: no `aps` object to look for.
        if data.values.allSatisfy({ $0.kind == .string }) { return payload(members: data, aps: nil, shape: .fcm) }
        return build(shape: .fcm) { builder throws(PushPayloadError) in
            try builder.beginObject()
            for value in data.values where value.kind == .string {
                try builder.key(ofMember: value)
                try builder.copy(value)
            }
            try builder.endObject()
        }
    }

    /// `object` as a device payload: a view of it, or a copy when a key is written with an escape (see
    /// the type's discussion). `aps` is its member `aps`, looked up already.
    private func payload(members object: JSONObject, aps: JSONValue?, shape: PushWireShape) -> PushPayload {
        guard object.hasEscapedKey else {
            // Within the limits when the request was read under them; measured for a request that was not.
            guard object.value.jsonByteCount <= limits.maximumPayloadBytes else {
                return PushPayload(document: .emptyObject, aps: nil, shape: shape, limits: limits)
            }
            return PushPayload(document: JSONDocument(object), aps: aps?.objectValue, shape: shape, limits: limits)
        }
        return build(shape: shape) { builder throws(PushPayloadError) in
            try builder.beginObject()
            try Self.copyMembers(of: object, into: &builder)
            try builder.endObject()
        }
    }

    private static func copyMembers(
        of object: JSONObject,
        into builder: inout JSONDocumentBuilder
    )
        throws(PushPayloadError)
    {
        for value in object.values {
            try builder.key(ofMember: value)
            try builder.copy(value)
        }
    }

    /// A payload built under the request's limits, or an empty one when it is over them (possible only for
    /// a request read under larger limits than its own: a payload is no larger than its pieces).
    private func build(
        shape: PushWireShape,
        _ body: (inout JSONDocumentBuilder) throws(PushPayloadError) -> Void
    ) -> PushPayload {
        var builder = JSONDocumentBuilder(limits: limits, reservingRoomFor: document)
        let document: JSONDocument
        do {
            try body(&builder)
            document = try builder.finish()
        } catch {
            return PushPayload(document: .emptyObject, aps: nil, shape: shape, limits: limits)
        }
        // The FCM payloads built here are maps of strings: no `aps` object to look for.
        guard shape == .apns else { return PushPayload(document: document, aps: nil, shape: shape, limits: limits) }
        return PushPayload(document: document, shape: shape, limits: limits)
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

/// The keys of an object, asked whether they include another object member's key: a scan for a
/// narrow object, a hash set for a wide one, so merging two wide maps stays linear in their keys.
private struct KeySet {
    let object: JSONObject?
    private var hashed: Set<String>?

    /// Beyond this many keys, a scan per question costs more than hashing them once.
    static let scanLimit = 16

    init(_ object: JSONObject?) {
        self.object = object
        if let object, object.count > Self.scanLimit { hashed = Set(object.keys) }
    }

    func contains(keyOf member: JSONValue) -> Bool {
        guard let object else { return false }
        guard let hashed else { return object.contains(keyOf: member) }
        return hashed.contains(member.memberKey)
    }
}
