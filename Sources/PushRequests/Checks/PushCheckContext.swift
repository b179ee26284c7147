import PushPayloads

/// What every group of checks sees, and where it reports.
struct PushCheckContext {
    let request: PushSendRequest
    let registry: PushDecoderRegistry
    let deliveries: [PushDelivery]
    /// Which platforms may and which surely receive the request.
    let audience: PushAudience
    /// The notification of each delivery the request may reach, decoded by ``registry``, when the caller
    /// has decoded them already (``PushInspector``); `nil` for a delivery to decode here.
    let notifications: [PushNotification?]
    private(set) var findings: [PushFinding] = []
}

extension PushCheckContext {
    /// A context for `request`; `platforms` are the platforms the caller knows the request goes to (empty: not known).
    init(request: PushSendRequest, registry: PushDecoderRegistry, platforms: Set<PushPlatform> = []) {
        let deliveries = request.deliveries(including: platforms)
        self.init(
            request: request,
            registry: registry,
            deliveries: deliveries,
            audience: PushAudience(request: request, deliveries: deliveries, declared: platforms),
            notifications: []
        )
    }

    /// The notification of the delivery at `index`, decoded by ``registry``: the caller's, or decoded now.
    func notification(at index: Int) -> PushNotification {
        if index < notifications.count, let notification = notifications[index] { return notification }
        return registry.decode(deliveries[index].payload)
    }

    /// For a size finding: whether cutting the alert text (``PushFitter``, `push-payloads fit`) brings the
    /// request under every limit it reaches.
    var fitVerdict: String {
        do {
            _ = try PushFitter().fit(request)
            return "cutting the alert text (push-payloads fit) brings it under the limit"
        } catch {
            // The error's sizes repeat the finding's; only its conclusion is new here.
            return
                "cutting the alert text cannot bring it under the limit (push-payloads fit refuses it): most of it is not alert text"
        }
    }

    /// The delivery for `platform`, if the request may reach it.
    func delivery(_ platform: PushPlatform) -> PushDelivery? {
        guard audience.possible.contains(platform) else { return nil }
        return deliveries.first { $0.platform == platform }
    }

    /// Where the iOS payload sits in the input, for paths: `$`, `$.payload`, or FCM's `$.message.apns.payload`
    /// (the data keys and alert FCM adds are reported there too).
    static func iosPayloadPath(of kind: PushRequestKind) -> String { iosPayloadKeys(of: kind).reduce("$", path) }

    /// The member keys from the root to the iOS payload (``PushFitter`` cuts the alert text under them).
    static func iosPayloadKeys(of kind: PushRequestKind) -> [String] {
        switch kind {
        case .apnsRequest: return ["payload"]
        case .fcmV1: return ["message", "apns", "payload"]
        default: return []
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

    /// Adds a finding, certain or not as the rule's scope and the ``audience`` say; a device finding for a
    /// platform the request does not reach is left out, its `message` never made.
    mutating func report(
        _ rule: PushCheckRule,
        platform: PushPlatform? = nil,
        path: String? = nil,
        header: String? = nil,
        _ message: () -> String
    ) {
        var isCertain = true
        if rule.scope == .device {
            if let platform {
                guard audience.possible.contains(platform) else { return }
                isCertain = audience.certain.contains(platform)
            } else {
                // A device finding about the request as a whole (two platforms compared) holds for sure only
                // when every platform it may reach surely receives it.
                isCertain = audience.possible.count == audience.certain.count
            }
        }
        findings.append(
            PushFinding(rule, platform: platform, path: path, header: header, message: message(), isCertain: isCertain)
        )
    }

    /// Adds a finding on the iOS payload or its APNs headers.
    mutating func reportIOS(_ rule: PushCheckRule, path: String? = nil, header: String? = nil, _ message: () -> String)
    {
        report(rule, platform: .ios, path: path, header: header, message)
    }

    /// The findings, each uncertain one made certain when the same rule holds at the same place on every
    /// platform the request may reach (whichever device gets it, the finding holds), and the others saying
    /// in their message which devices they need.
    func finishedFindings() -> [PushFinding] {
        guard findings.contains(where: { !$0.isCertain }) else { return findings }
        var platformsByPlace: [String: Set<PushPlatform>] = [:]
        for finding in findings where !finding.isCertain {
            if let platform = finding.platform {
                platformsByPlace[Self.place(of: finding), default: []].insert(platform)
            }
        }
        return findings.map { finding in
            guard !finding.isCertain else { return finding }
            var finished = finding
            let platforms =
                finding.platform == nil ? Set(audience.uncertain) : platformsByPlace[Self.place(of: finding)] ?? []
            if finding.platform != nil, audience.possible.allSatisfy(platforms.contains) {
                finished.isCertain = true
            } else {
                finished.message +=
                    " (only if \(PushAudience.devices(of: platforms)) receive the request, which does not say it goes to them)"
            }
            return finished
        }
    }

    private static func place(of finding: PushFinding) -> String {
        finding.rule.id + " " + (finding.path ?? "") + " " + (finding.header ?? "")
    }

    /// `base.key`, or `base["key"]` when the key is not a plain identifier.
    static func path(_ base: String, _ key: String) -> String {
        if !key.isEmpty && key.allSatisfy({ $0.isASCIIAlphanumeric || $0 == "_" || $0 == "-" }) {
            return base + "." + key
        }
        var escaped = ""
        for character in key {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return base + "[\"" + escaped + "\"]"
    }

    static func path(_ base: String, _ index: Int) -> String { base + "[\(index)]" }
}

extension Character {
    /// An ASCII letter or digit: what JSON paths and FCM topic names allow besides a few marks.
    var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
}

/// Which platforms' devices may receive a request, and which surely do. Arrays, not sets: there are at
/// most three platforms, and the checks ask for every input.
struct PushAudience {
    /// The platforms whose devices may receive the request, in delivery order.
    let possible: [PushPlatform]
    /// The platforms whose devices surely receive it (some of ``possible``).
    let certain: [PushPlatform]
    /// The platforms that may, but need not, receive the request.
    var uncertain: [PushPlatform] { possible.filter { !certain.contains($0) } }

    /// A device payload and an APNs request reach the platform they are for. An FCM body reaches every
    /// platform it builds a delivery for, and surely those whose block it has (`apns`, `android`,
    /// `webpush`): the sender wrote it for them. Platforms the caller declares replace both sets for an
    /// FCM body: its devices are on those platforms, and only those.
    init(request: PushSendRequest, deliveries: [PushDelivery], declared: Set<PushPlatform>) {
        let reached = deliveries.map(\.platform)
        switch request.kind {
        case .fcmV1, .fcmLegacy:
            if !declared.isEmpty {
                possible = reached.filter(declared.contains)
                certain = possible
                return
            }
            possible = reached
            let message = request.kind == .fcmV1 ? request.document.rootObject["message"]?.objectValue : nil
            // A null block is not set (proto3 JSON).
            certain = reached.filter { platform in
                Self.blocks[platform].map { message?[$0.block].map { $0.kind != .null } ?? false } ?? false
            }
        default:
            possible = reached
            certain = reached
        }
    }

    /// Each built-in platform's FCM v1 block, and its name in messages, in the platforms' order.
    private static let blocks: [PushPlatform: (block: String, name: String, order: Int)] = [
        .ios: ("apns", "Apple", 0), .android: ("android", "Android", 1), .web: ("webpush", "browser", 2),
    ]

    /// "Apple devices", "Apple and Android devices", … for messages.
    static func devices(of platforms: Set<PushPlatform>) -> String {
        let sorted = platforms.sorted { (blocks[$0]?.order ?? 3, $0.name) < (blocks[$1]?.order ?? 3, $1.name) }
        let names = sorted.map { blocks[$0]?.name ?? $0.name }
        switch names.count {
        case 0: return "its devices"
        case 1: return names[0] + " devices"
        default: return names.dropLast().joined(separator: ", ") + " and " + names.last! + " devices"
        }
    }
}
