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
        if webpush != nil { deliveries.append(web(message)) }
        return deliveries
    }

    /// The web's delivery of an FCM v1 message: `webpush.data` overrides `data`, `webpush.notification` the
    /// notification. Built for every message with a `webpush` block, and for one without when the caller says the
    /// web receives it (``PushSendRequest/deliveries(to:)``): `data` and `notification` apply to every platform.
    func web(_ message: JSONObject) -> PushDelivery {
        let webpush = message["webpush"]?.objectValue
        return PushDelivery(
            platform: .web,
            payload: dataPayload(webpush?["data"]?.objectValue ?? message["data"]?.objectValue),
            systemText: Self.text(webpush?["notification"]?.objectValue, over: message["notification"]?.objectValue)
        )
    }

    /// iOS: `apns.payload`, the data's strings whose keys it lacks beside `aps`, and the notification's title and body
    /// as `aps.alert`, unless `aps` has an alert or is not an object (which the checks report; it is left as it is).
    private func iosPayload(_ apnsPayload: JSONObject?, data: JSONObject?, notification: JSONObject?) -> PushPayload {
        let aps = apnsPayload?["aps"]
        // A data string named `aps` goes in when the payload has none; it is not an object, so it takes no alert.
        let hasAps = aps != nil || data?["aps"]?.kind == .string
        let addsAlert =
            Self.hasAlertText(notification) && (hasAps ? aps?.objectValue?.contains("alert") == false : true)
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
                try builder.copyMembers(of: object)
                try builder.alert(from: notification)
                try builder.endObject()
            }
            let payloadKeys = KeySet(apnsPayload)
            try builder.copyMembers(of: data) { $0.kind == .string && !payloadKeys.contains(keyOf: $0) }
            if addsAlert && !hasAps {
                try builder.key("aps")
                try builder.beginObject()
                try builder.alert(from: notification)
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
                    try builder.legacyAps(of: root, notification)
                    wroteAps = true
                } else {
                    try builder.copy(value)
                }
            }
            if !wroteAps {
                try builder.key("aps")
                try builder.legacyAps(of: root, notification)
            }
            try builder.endObject()
        }

        // The legacy `priority` was the one setting FCM translated to APNs: high is 10, normal 5.
        let priority = ["high": "10", "normal": "5"][root["priority"]?.stringValue ?? ""]
        let headers = priority.map { ["apns-priority": $0] } ?? [:]
        return [
            PushDelivery(platform: .ios, payload: ios, headers: headers),
            PushDelivery(
                platform: .android,
                payload: dataPayload(data),
                systemText: Self.text(nil, over: notification)
            ),
        ]
    }

    /// Whether `notification` has a string `title` or `body` for an APNs alert.
    fileprivate static func hasAlertText(_ notification: JSONObject?) -> Bool {
        notification?["title"]?.kind == .string || notification?["body"]?.kind == .string
    }

    /// A data map as FCM delivers it to Android and the web: its string members, in order. The map
    /// itself when every value is a string.
    private func dataPayload(_ data: JSONObject?) -> PushPayload {
        guard let data else { return PushPayload(document: .emptyObject, aps: nil, shape: .fcm, limits: limits) }
        // Strings only: no `aps` object to look for.
        if data.values.allSatisfy({ $0.kind == .string }) { return payload(members: data, aps: nil, shape: .fcm) }
        return build(shape: .fcm) { builder throws(PushPayloadError) in
            try builder.beginObject()
            try builder.copyMembers(of: data) { $0.kind == .string }
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
            try builder.copyMembers(of: object)
            try builder.endObject()
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
        let strings = (value?.objectValue ?? .empty).compactMap { key, member in member.stringValue.map { (key, $0) } }
        return Dictionary(strings, uniquingKeysWith: { $1 })
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

extension JSONDocumentBuilder {
    /// The members of `object` that `include` accepts, keys and values copied as written.
    fileprivate mutating func copyMembers(
        of object: JSONObject?,
        where include: (JSONValue) -> Bool = { _ in true }
    ) throws(PushPayloadError) {
        for value in object?.values ?? JSONObject.empty.values where include(value) {
            try key(ofMember: value)
            try copy(value)
        }
    }

    /// `"alert":{"title":…,"body":…}` with the string texts `notification` has, as FCM writes them (decoded
    /// and escaped again); nothing when it has neither.
    fileprivate mutating func alert(from notification: JSONObject?) throws(PushPayloadError) {
        guard PushDeliveryBuilder.hasAlertText(notification) else { return }
        try key("alert")
        try beginObject()
        for name in ["title", "body"] {
            guard let text = notification?[name], text.kind == .string else { continue }
            try key(name)
            try string(decodedFrom: text)
        }
        try endObject()
    }

    /// The `aps` legacy FCM builds: the alert from the notification's title and body, its `sound` and
    /// `badge` (a string of an integer), and the flags.
    fileprivate mutating func legacyAps(of root: JSONObject, _ notification: JSONObject?) throws(PushPayloadError) {
        try beginObject()
        try alert(from: notification)
        if let sound = notification?["sound"], sound.kind == .string {
            try key("sound")
            try string(decodedFrom: sound)
        }
        if let badge = notification?["badge"]?.stringValue.flatMap({ Int64($0) }) {
            try key("badge")
            try integer(badge)
        }
        for (flag, name) in [("content_available", "content-available"), ("mutable_content", "mutable-content")]
        where root[flag]?.boolValue == true {
            try key(name)
            try integer(1)
        }
        try endObject()
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
