import PushPayloads

/// What every group of checks sees, and where it reports.
struct PushCheckContext {
    let request: PushSendRequest
    let registry: PushDecoderRegistry
    let deliveries: [PushDelivery]
    private(set) var findings: [PushFinding] = []

    init(request: PushSendRequest, registry: PushDecoderRegistry) {
        self.request = request
        self.registry = registry
        self.deliveries = request.deliveries
    }

    var root: JSONObject { request.document.rootObject }

    /// The delivery for `platform`, if the request reaches it.
    func delivery(_ platform: PushPlatform) -> PushDelivery? {
        deliveries.first { $0.platform == platform }
    }

    /// Where the iOS payload sits in the input, for paths: `$`, `$.payload`, or FCM's `$.message.apns.payload`
    /// (the data keys and alert FCM adds are reported there too).
    var iosPayloadPath: String { Self.iosPayloadPath(of: request.kind) }

    static func iosPayloadPath(of kind: PushRequestKind) -> String {
        switch kind {
        case .apnsRequest: return "$.payload"
        case .fcmV1: return "$.message.apns.payload"
        default: return "$"
        }
    }

    /// Where the iOS payload's `aps` member `key` (or `aps` itself, for `nil`) comes from in the input.
    ///
    /// Mostly `<iosPayloadPath>.aps.<key>`. A legacy FCM body has no `aps`: FCM builds it from
    /// `notification` (the alert, `sound`, `badge`), `content_available` and `mutable_content`, so findings
    /// point there. An FCM v1 alert that `apns.payload` lacks comes from `notification`.
    func apsPath(_ key: String? = nil) -> String { Self.apsPath(key, in: request) }

    static func apsPath(_ key: String?, in request: PushSendRequest) -> String {
        switch request.kind {
        case .fcmLegacy:
            switch key {
            case "alert": return "$.notification"
            case "sound", "badge": return path("$.notification", key!)
            case "content-available": return "$.content_available"
            case "mutable-content": return "$.mutable_content"
            default: return "$"
            }
        case .fcmV1
        where key == "alert" && request.document.rootObject["message"]?["apns"]?["payload"]?["aps"]?["alert"] == nil:
            return "$.message.notification"
        default:
            let aps = path(iosPayloadPath(of: request.kind), "aps")
            return key.map { path(aps, $0) } ?? aps
        }
    }

    /// Where the APNs headers sit in the input, or `nil` when the input carries none.
    var iosHeadersPath: String? {
        switch request.kind {
        case .apnsRequest: return "$.headers"
        case .fcmV1: return "$.message.apns.headers"
        default: return nil
        }
    }

    mutating func report(
        _ rule: PushCheckRule,
        platform: PushPlatform? = nil,
        path: String? = nil,
        header: String? = nil,
        _ message: String
    ) {
        findings.append(PushFinding(rule, platform: platform, path: path, header: header, message: message))
    }

    /// `base.key`, or `base["key"]` when the key is not a plain identifier.
    static func path(_ base: String, _ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
        if plain { return base + "." + key }
        var escaped = ""
        for character in key {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return base + "[\"" + escaped + "\"]"
    }

    static func path(_ base: String, _ index: Int) -> String { base + "[\(index)]" }
}
