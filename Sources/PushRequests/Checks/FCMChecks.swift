import PushPayloads

/// Firebase's rules for FCM HTTP v1 `messages:send` bodies and legacy FCM HTTP bodies.
enum FCMChecks {
    static let reference = "Firebase: FCM v1 REST reference (projects.messages, Message)"
    private static let adminSDKs = "firebase-admin-go/-node messaging validation"

    static let requestMessage = PushCheckRule.request(
        "fcm.request.message",
        .error,
        "An FCM v1 body is `{\"message\": {…}}`, with at most `validate_only` beside it.",
        source: reference + " (SendMessageRequest)"
    )
    static let requestValidateOnly = PushCheckRule.request(
        "fcm.request.validate-only",
        .info,
        "`validate_only: true` asks FCM to check the request without delivering it; it must be a Boolean.",
        source: reference + " (SendMessageRequest.validate_only)"
    )
    static let requestUnknownField = PushCheckRule.request(
        "fcm.request.unknown-field",
        .error,
        "Every field is one FCM v1 knows; legacy keys (`to`, `priority` at the top, `time_to_live`, `click_action`, …) are rejected.",
        source: reference + "; Firebase: Migrate from legacy FCM APIs to HTTP v1"
    )
    static let targetExactlyOne = PushCheckRule.request(
        "fcm.target.exactly-one",
        .error,
        "Exactly one of `token`, `topic`, `condition` (or `fid`) is set, as a non-empty string.",
        source: reference + " (union field target); " + adminSDKs + " validateMessage"
    )
    static let topicPrefix = PushCheckRule.request(
        "fcm.topic.prefix",
        .warning,
        "An FCM v1 `topic` is the bare name, without `/topics/` (the Admin SDKs strip it; the raw API should not get it).",
        source: reference + " (Message.topic)"
    )
    static let topicName = PushCheckRule.request(
        "fcm.topic.name",
        .error,
        "A topic name matches `[a-zA-Z0-9-_.~%]{1,900}`.",
        source: "Firebase: FCM topics REST reference (topicSubscriptions.create, topicName); " + adminSDKs
    )
    static let conditionTopics = PushCheckRule.request(
        "fcm.condition.topics",
        .error,
        "A condition names at most five topics, each `'name' in topics` with a valid name.",
        source: "Firebase: Send messages to topics (conditions)"
    )
    static let dataObject = PushCheckRule.request(
        "fcm.data.object",
        .error,
        "`data` (and `android.data`, `webpush.data`, the header maps) is an object whose values are all strings.",
        source: reference + " (map<string, string>); Firebase: error codes (INVALID_ARGUMENT … TYPE_STRING)"
    )
    static let dataReservedKey = PushCheckRule.request(
        "fcm.data.reserved-key",
        .error,
        "No data key is `from` or `message_type`, or starts with `google.` or `gcm.` (FCM's own).",
        source: reference + " (Message.data); Firebase: error codes (invalid data key)"
    )
    static let dataOverwrittenKey = PushCheckRule.request(
        "fcm.data.overwritten-key",
        .warning,
        "Data keys `collapse_key` and `notification`, and keys starting with `google`/`gcm` without the dot, are accepted but reserved, dropped or overwritten.",
        source: reference + " (Message.data); firebase-android-sdk Constants (getData()); kreait/firebase-php 5.17.1"
    )
    static let size = PushCheckRule.request(
        "fcm.size",
        .error,
        "The message's data and notification text, keys and values, are at most 4,096 bytes.",
        source: "Firebase: FCM message types (maximum payload 4,096 bytes); ErrorCode INVALID_ARGUMENT"
    )
    static let androidPriority = PushCheckRule.request(
        "fcm.android.priority",
        .error,
        "`android.priority` is `NORMAL` or `HIGH` (the lower-case forms are accepted too).",
        source: reference + " (AndroidConfig.priority)"
    )
    static let androidTTL = PushCheckRule.request(
        "fcm.android.ttl",
        .error,
        "`android.ttl` is a duration string such as \"3600s\" or \"3.5s\", from 0 to 2,419,200 seconds.",
        source: reference + " (AndroidConfig.ttl, google.protobuf.Duration)"
    )
    static let androidDataOverride = PushCheckRule.device(
        "fcm.android.data-override",
        .warning,
        "`android.data` replaces `data` on Android: keys only in `data` do not reach Android devices.",
        source: reference + " (AndroidConfig.data)"
    )
    static let androidColor = PushCheckRule.request(
        "fcm.android.notification.color",
        .error,
        "`android.notification.color` is `#rrggbb`.",
        source: reference + " (AndroidNotification.color); " + adminSDKs
    )
    static let notificationFields = PushCheckRule.request(
        "fcm.notification.fields",
        .error,
        "The common `notification` has only `title`, `body` and `image`, strings, and `image` is an absolute URL.",
        source: reference + " (Notification)"
    )
    static let apnsBlock = PushCheckRule.request(
        "fcm.apns.block",
        .error,
        "`apns.payload` is an object (checked as an APNs body).",
        source: reference + " (ApnsConfig)"
    )
    static let apnsDataOnlyPriority = PushCheckRule.device(
        "fcm.apns.data-only-priority",
        .error,
        "A data message to Apple devices (custom data, and no alert, sound or badge) is sent with `apns-priority: 5`: FCM refuses data messages to Apple devices at high priority (10, APNs' default).",
        source: "Firebase: Set the priority of a message; Apple: Sending notification requests to APNs (apns-priority)"
    )
    static let webpushLink = PushCheckRule.request(
        "fcm.webpush.link",
        .error,
        "`webpush.fcm_options.link` is an absolute HTTPS URL.",
        source: reference + " (WebpushFcmOptions.link)"
    )
    static let legacyAPI = PushCheckRule.request(
        "fcm.legacy.api",
        .error,
        "The legacy FCM HTTP API was deprecated in June 2023 and shut down from July 2024; send through HTTP v1.",
        source: "Firebase: Migrate from legacy FCM APIs to HTTP v1"
    )
    static let legacyTarget = PushCheckRule.request(
        "fcm.legacy.target",
        .error,
        "A legacy body has exactly one of `to`, `registration_ids` (1 to 1,000 tokens) or `condition`.",
        source: "Firebase: legacy HTTP protocol reference"
    )
    static let legacyOptions = PushCheckRule.request(
        "fcm.legacy.options",
        .error,
        "`priority` is `normal` or `high`; `time_to_live` an integer from 0 to 2,419,200; `content_available`, `mutable_content` and `dry_run` Booleans.",
        source: "Firebase Admin Node: MessagingOptions; legacy HTTP protocol reference"
    )

    static let rules =
        [
            requestMessage, requestValidateOnly, requestUnknownField, targetExactlyOne, topicPrefix, topicName,
            conditionTopics, dataObject, dataReservedKey, dataOverwrittenKey, size, androidPriority, androidTTL,
            androidDataOverride, androidColor, notificationFields, apnsBlock, apnsDataOnlyPriority, webpushLink,
            legacyAPI, legacyTarget, legacyOptions,
        ] + fieldRules

    static let messageFields: Set<String> = [
        "name", "data", "notification", "android", "webpush", "apns", "fcm_options", "fcmOptions", "token", "topic",
        "condition", "fid",
    ]
    /// The fields of each platform's block.
    static let blockFields: [String: Set<String>] = [
        "android": [
            "collapse_key", "collapseKey", "priority", "ttl", "restricted_package_name", "restrictedPackageName",
            "data", "notification", "fcm_options", "fcmOptions", "direct_boot_ok", "directBootOk",
            "bandwidth_constrained_ok", "bandwidthConstrainedOk", "restricted_satellite_ok", "restrictedSatelliteOk",
        ],
        "apns": ["headers", "payload", "fcm_options", "fcmOptions", "live_activity_token", "liveActivityToken"],
        "webpush": ["headers", "data", "notification", "fcm_options", "fcmOptions"],
    ]

    static func check(_ context: inout PushCheckContext) {
        switch context.request.kind {
        case .fcmV1: checkV1(&context)
        case .fcmLegacy: checkLegacy(&context)
        default: break
        }
    }

    // MARK: HTTP v1

    private static func checkV1(_ context: inout PushCheckContext) {
        let root = context.request.document.rootObject
        for key in root.keys where key != "message" && key != "validate_only" && key != "validateOnly" {
            context.report(requestMessage, path: PushCheckContext.path("$", key)) {
                "`\(key)` is not a field of a send request"
            }
        }
        for key in ["validate_only", "validateOnly"] {
            guard let validateOnly = root[key], validateOnly.kind != .null else { continue }
            if validateOnly.kind != .bool {
                context.report(requestMessage, path: PushCheckContext.path("$", key)) {
                    "`\(key)` is \(validateOnly.kindPhrase); it must be a Boolean"
                }
            } else if validateOnly.boolValue == true {
                context.report(requestValidateOnly, path: PushCheckContext.path("$", key)) {
                    "`\(key)` is true: FCM checks the request and delivers nothing"
                }
            }
        }
        guard let message = root["message"]?.objectValue else {
            context.report(requestMessage, path: "$.message") { "there is no `message` object" }
            return
        }
        unknownFields(message, allowed: messageFields, path: "$.message", platform: nil, &context)

        // proto3 JSON reads null as "not set".
        let targets = ["token", "topic", "condition", "fid"].filter { message[$0].map { $0.kind != .null } ?? false }
        if targets.count != 1 {
            context.report(targetExactlyOne, path: "$.message") {
                targets.isEmpty
                    ? "there is no target: set one of `token`, `topic` or `condition`"
                    : "there are \(targets.count) targets (`\(targets.joined(separator: "`, `"))`); set exactly one"
            }
        }
        for key in targets {
            let value = message[key]!
            if value.stringValue.map({ $0.isEmpty }) ?? true {
                context.report(targetExactlyOne, path: PushCheckContext.path("$.message", key)) {
                    "`\(key)` must be a non-empty string"
                }
            }
        }
        if let topic = message["topic"]?.stringValue, !topic.isEmpty {
            var name = Substring(topic)
            if topic.hasPrefix("/topics/") {
                context.report(topicPrefix, path: "$.message.topic") { "send the bare topic name, without `/topics/`" }
                name = name.dropFirst("/topics/".count)
            }
            if !isTopicName(name) {
                context.report(topicName, path: "$.message.topic") {
                    "\"\(name)\" is not a topic name: use only letters, digits and - _ . ~ %"
                }
            }
        }
        if let condition = message["condition"]?.stringValue {
            checkCondition(condition, path: "$.message.condition", &context)
        }

        checkStringMap(message["data"], path: "$.message.data", platform: nil, isData: true, &context)

        // The common notification.
        if let (notification, path) = block("notification", in: message, at: "$.message", platform: nil, &context) {
            for (key, value) in notification where value.kind != .null {
                let memberPath = PushCheckContext.path(path, key)
                if !["title", "body", "image"].contains(key) {
                    context.report(notificationFields, path: memberPath) {
                        "`\(key)` is not a field of the common notification; platform settings go in `android`, `apns` or `webpush`"
                    }
                } else if value.kind != .string {
                    context.report(notificationFields, path: memberPath) {
                        "`\(key)` is \(value.kindPhrase), not a string"
                    }
                } else if key == "image", !isAbsoluteURL(value.stringValue ?? "") {
                    context.report(notificationFields, path: memberPath) { "`image` must be an absolute URL" }
                }
            }
        }
        if let (options, path) = block("fcm_options", in: message, at: "$.message", platform: nil, &context) {
            checkFCMOptions(options, at: path, allowed: fcmOptionsFields, platform: nil, &context)
        }

        // Size: the data and the notification's text, keys and values.
        if let size = PushSizeLimit.fcmBytes(of: context.request), size > 4_096 {
            let verdict = context.fitVerdict
            context.report(Self.size, path: "$.message") {
                "the data and notification text come to \(size) bytes; FCM accepts at most 4,096; \(verdict)"
            }
        }

        checkAndroid(message, &context)
        checkAPNs(message, &context)
        checkWebpush(message, &context)
    }

    /// A block of the message (`android`, `apns`, `webpush`) when it is an object, checked for fields FCM
    /// does not know (``blockFields``); when it is set to anything else, a ``blockObject`` finding.
    private static func platformBlock(
        _ key: String,
        of message: JSONObject,
        platform: PushPlatform,
        _ context: inout PushCheckContext
    ) -> JSONObject? {
        guard let (object, path) = block(key, in: message, at: "$.message", platform: platform, &context) else {
            return nil
        }
        unknownFields(object, allowed: blockFields[key]!, path: path, platform: platform, &context)
        return object
    }

    private static func checkAndroid(_ message: JSONObject, _ context: inout PushCheckContext) {
        guard let android = platformBlock("android", of: message, platform: .android, &context) else { return }
        // Every finding here is Android's, at a member of `android`.
        func report(_ rule: PushCheckRule, at key: String, _ message: () -> String) {
            context.report(rule, platform: .android, path: "$.message.android." + key, message)
        }
        if let (_, priority) = field("priority", in: android),
            !(priority.stringValue.map { ["NORMAL", "HIGH", "normal", "high"].contains($0) }
                ?? isEnumValue(priority, ["NORMAL", "HIGH"]))
        {
            report(androidPriority, at: "priority") {
                "`priority` is \(priority.jsonString); it must be NORMAL or HIGH (display priority goes in `notification.notification_priority`)"
            }
        }
        if let (_, ttl) = field("ttl", in: android), let problem = durationProblem(ttl) {
            report(androidTTL, at: "ttl") { problem }
        }
        let data = field("data", in: android)
        checkStringMap(data?.value, path: "$.message.android.data", platform: .android, isData: true, &context)
        if field("data", in: message) != nil, data != nil {
            report(androidDataOverride, at: "data") {
                "Android devices get `android.data` instead of `data`: keys only in `data` do not reach them"
            }
        }
        checkAndroidFields(android, &context)
    }

    private static func checkAPNs(_ message: JSONObject, _ context: inout PushCheckContext) {
        if let apns = platformBlock("apns", of: message, platform: .ios, &context) {
            checkStringMap(
                field("headers", in: apns)?.value,
                path: "$.message.apns.headers",
                platform: .ios,
                isData: false,
                &context
            )
            if let (key, payload) = field("payload", in: apns), payload.kind != .object {
                context.reportIOS(apnsBlock, path: PushCheckContext.path("$.message.apns", key)) {
                    "`payload` is \(payload.kindPhrase), not an object"
                }
            }
            checkAPNsFields(apns, &context)
        }
        // Firebase's data message: custom data, no `notification`, and nothing user-facing (Apple: an alert,
        // a sound or a badge).
        guard let ios = context.delivery(.ios), field("notification", in: message)?.value.objectValue?.isEmpty ?? true
        else { return }
        let body = ios.payload.object
        let hasData = body.count > (body["aps"] == nil ? 0 : 1)
        let aps = ios.payload.aps
        let userFacing = ["alert", "sound", "badge"].contains { aps?[$0].map { $0.kind != .null } ?? false }
        let priority = ios.headers["apns-priority"]
        guard hasData, !userFacing, priority == nil || priority == "10" else { return }
        context.reportIOS(apnsDataOnlyPriority, header: "apns-priority") {
            priority == nil
                ? "a data message (no alert, sound or badge for Apple devices) without `apns-priority` goes at APNs' default, 10 (high), and FCM refuses data messages to Apple devices at high priority: set `apns.headers.apns-priority` to \"5\""
                : "`apns-priority` is \"10\" (high) for a data message (no alert, sound or badge for Apple devices), and FCM refuses data messages to Apple devices at high priority: set it to \"5\""
        }
    }

    private static func checkWebpush(_ message: JSONObject, _ context: inout PushCheckContext) {
        guard let webpush = platformBlock("webpush", of: message, platform: .web, &context) else { return }
        checkStringMap(
            field("data", in: webpush)?.value,
            path: "$.message.webpush.data",
            platform: .web,
            isData: true,
            &context
        )
        checkStringMap(
            field("headers", in: webpush)?.value,
            path: "$.message.webpush.headers",
            platform: .web,
            isData: false,
            &context
        )
        // The notification is a google.protobuf.Struct: any object, read by the browser.
        _ = block("notification", in: webpush, at: "$.message.webpush", platform: .web, &context)
        guard let (options, path) = block("fcm_options", in: webpush, at: "$.message.webpush", platform: .web, &context)
        else { return }
        checkFCMOptions(options, at: path, allowed: webpushFCMOptionsFields, platform: .web, &context)
        if let (key, link) = field("link", in: options),
            !(link.stringValue.map { $0.hasPrefix("https://") && isAbsoluteURL($0) } ?? false)
        {
            context.report(webpushLink, platform: .web, path: PushCheckContext.path(path, key)) {
                "`link` is \(link.jsonString); it must be an absolute HTTPS URL"
            }
        }
    }

    // MARK: Legacy

    private static func checkLegacy(_ context: inout PushCheckContext) {
        let root = context.request.document.rootObject
        context.report(legacyAPI, path: "$") {
            "this is a legacy FCM HTTP body, an API Google has shut down: send `{\"message\": {…}}` to the HTTP v1 endpoint"
        }
        let targets = ["to", "registration_ids", "condition"].filter { root[$0] != nil }
        if targets.count != 1 {
            context.report(legacyTarget, path: "$") {
                targets.isEmpty
                    ? "there is no target (`to`, `registration_ids` or `condition`)"
                    : "there are \(targets.count) targets; set exactly one"
            }
        }
        if let ids = root["registration_ids"],
            !(ids.arrayValue.map { (1...1_000).contains($0.count) && $0.allSatisfy { $0.kind == .string } } ?? false)
        {
            context.report(legacyTarget, path: "$.registration_ids") {
                "`registration_ids` must hold 1 to 1,000 token strings"
            }
        }
        if let priority = root["priority"], !(priority.stringValue.map { ["normal", "high"].contains($0) } ?? false) {
            context.report(legacyOptions, path: "$.priority") {
                "`priority` is \(priority.jsonString); it must be \"normal\" or \"high\""
            }
        }
        if let ttl = root["time_to_live"], !(ttl.numberValue?.int64Value.map { (0...2_419_200).contains($0) } ?? false)
        {
            context.report(legacyOptions, path: "$.time_to_live") {
                "`time_to_live` must be an integer from 0 to 2,419,200 seconds"
            }
        }
        for key in ["content_available", "mutable_content", "dry_run", "direct_boot_ok"] {
            if let value = root[key], value.kind != .bool {
                context.report(legacyOptions, path: PushCheckContext.path("$", key)) {
                    "`\(key)` is \(value.kindPhrase), not a Boolean"
                }
            }
        }
        checkStringMap(root["data"], path: "$.data", platform: nil, isData: true, &context)
    }

    // MARK: Shared

    private static func unknownFields(
        _ object: JSONObject,
        allowed: Set<String>,
        path: String,
        platform: PushPlatform?,
        _ context: inout PushCheckContext
    ) {
        for key in object.keys where !allowed.contains(key) {
            context.report(requestUnknownField, platform: platform, path: PushCheckContext.path(path, key)) {
                "`\(key)` is not a field FCM v1 knows here; FCM rejects the request"
            }
        }
    }

    /// Checks a string map (data, headers) that reaches `platform` (`nil`: every platform).
    private static func checkStringMap(
        _ value: JSONValue?,
        path: String,
        platform: PushPlatform?,
        isData: Bool,
        _ context: inout PushCheckContext
    ) {
        guard let value, value.kind != .null else { return }
        guard let object = value.objectValue else {
            let name = path.split(separator: ".").last.map(String.init) ?? path
            context.report(dataObject, platform: platform, path: path) {
                "`\(name)` is \(value.kindPhrase); it must be an object whose values are strings"
            }
            return
        }
        for (key, member) in object {
            // Every finding here is at the member.
            func report(_ rule: PushCheckRule, _ message: () -> String) {
                context.report(rule, platform: platform, path: PushCheckContext.path(path, key), message)
            }
            if member.kind != .string {
                report(dataObject) {
                    "`\(key)` is \(member.kindPhrase); every value must be a string (send \(member.jsonString) as text)"
                }
            }
            guard isData else { continue }
            let lower = key.lowercased()
            if lower == "from" || lower == "message_type" || lower.hasPrefix("google.") || lower.hasPrefix("gcm.") {
                report(dataReservedKey) { "`\(key)` is reserved by FCM, which refuses the request; rename it" }
            } else if lower == "collapse_key" {
                report(dataOverwrittenKey) {
                    "`\(key)` is accepted, but Android's getData() drops it: the app never sees it; rename it"
                }
            } else if lower == "notification" || lower.hasPrefix("google") || lower.hasPrefix("gcm") {
                report(dataOverwrittenKey) {
                    "`\(key)` is accepted today, but Firebase documents it as reserved and may overwrite it; rename it"
                }
            }
        }
    }

    private static func checkCondition(_ condition: String, path: String, _ context: inout PushCheckContext) {
        // Each topic is quoted, 'name' (or "name"), followed by `in topics`.
        var topics: [Substring] = []
        var rest = Substring(condition)
        while let open = rest.firstIndex(where: { $0 == "'" || $0 == "\"" }) {
            let quote = rest[open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: quote) else {
                context.report(conditionTopics, path: path) { "a quote is never closed" }
                return
            }
            topics.append(rest[afterOpen..<close])
            rest = rest[rest.index(after: close)...]
        }
        if topics.isEmpty || topics.count > 5 {
            context.report(conditionTopics, path: path) {
                topics.isEmpty
                    ? "the condition names no topic ('name' in topics)"
                    : "the condition names \(topics.count) topics; FCM allows at most 5"
            }
        }
        for topic in topics where !isTopicName(topic) {
            context.report(conditionTopics, path: path) { "'\(topic)' is not a topic name" }
        }
    }

    /// Whether `name` matches `[a-zA-Z0-9-_.~%]{1,900}`, the pattern of Firebase's topics reference.
    static func isTopicName(_ name: Substring) -> Bool {
        !name.isEmpty && name.utf8.count <= 900 && name.allSatisfy { $0.isASCIIAlphanumeric || "-_.~%".contains($0) }
    }

    /// A problem with a protobuf Duration string for a TTL, or nil.
    static func durationProblem(_ value: JSONValue) -> String? {
        guard let text = value.stringValue, text.hasSuffix("s") else {
            return "`ttl` is \(value.jsonString); it must be a duration string such as \"3600s\""
        }
        let number = text.dropLast()
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit),
            parts.count == 1 || ((1...9).contains(parts[1].count) && parts[1].allSatisfy(\.isASCIIDigit))
        else {
            return "`ttl` is \(value.jsonString); it must be seconds with up to 9 decimals and an `s`, such as \"3.5s\""
        }
        guard let seconds = Int(parts[0]), seconds <= 2_419_200 else {
            return "`ttl` is more than 2,419,200 seconds (4 weeks), the longest FCM keeps a message"
        }
        return nil
    }

    static func isAbsoluteURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return false }
        let scheme = text[..<colon]
        return scheme.first!.isLetter && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
            && text[colon...].hasPrefix("://") && text.count > scheme.count + 3
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
