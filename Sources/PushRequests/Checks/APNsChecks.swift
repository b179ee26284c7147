import PushPayloads

/// Apple's rules for the APNs request: the body (V1–V9, V11 in `docs/checks.md`) and the
/// headers (V10), applied to the iOS payload of any request and, where the input has them, its headers.
enum APNsChecks {
    private static let apple = "Apple: Generating a remote notification; Payload key reference"
    private static let headersSource = "Apple: Sending notification requests to APNs (request headers)"

    static let bodyAps = PushCheckRule.device(
        "apns.body.aps",
        .error,
        "The body is a JSON object whose `aps` member, when present, is a dictionary; an APNs request needs one.",
        source: apple
    )
    static let bodyCustomKeyInAps = PushCheckRule.device(
        "apns.body.custom-key-in-aps",
        .warning,
        "`aps` holds only Apple's keys; custom data goes beside `aps` at the top level.",
        source: apple + "; APNSwift encodes custom data outside `aps`"
    )
    static let size = PushCheckRule.device(
        "apns.size",
        .error,
        "The body is at most 4,096 bytes (5,120 for VoIP pushes); APNs refuses larger ones (PayloadTooLarge).",
        source: "Apple: Generating a remote notification; APNSwift APNSError.payloadTooLarge"
    )
    static let backgroundContentAvailable = PushCheckRule.device(
        "apns.background.content-available",
        .error,
        "A push of type `background` has `content-available: 1`, or it wakes nothing.",
        source: "Apple: Pushing background updates to your app"
    )
    static let backgroundPriority = PushCheckRule.device(
        "apns.background.priority",
        .error,
        "A background push is sent with `apns-priority: 5`; 10 (also the default) is an error for it.",
        source: "Apple: Pushing background updates to your app; APNSwift APNSPushType.background"
    )
    static let backgroundUserKeys = PushCheckRule.device(
        "apns.background.user-keys",
        .warning,
        "A push of type `background` has no `alert`, `sound` or `badge` in `aps`.",
        source: "Apple: Pushing background updates to your app"
    )
    static let contentAvailableValue = PushCheckRule.device(
        "apns.content-available.value",
        .warning,
        "`content-available` means something only as the integer 1 (not 0, `true` or \"1\").",
        source: apple + "; firebase-admin-node validateAps"
    )
    static let contentAvailableWithAlert = PushCheckRule.device(
        "apns.content-available.with-alert",
        .warning,
        "`content-available: 1` with `alert`, `sound` or `badge` is a visible push that also wakes the app: send it as `alert`, and expect background throttling.",
        source: "Apple: Pushing background updates to your app; Apple Developer Forums thread 745345"
    )
    static let mutableContentValue = PushCheckRule.device(
        "apns.mutable-content.value",
        .warning,
        "`mutable-content` means something only as the integer 1.",
        source: "Apple: Modifying content in newly delivered notifications"
    )
    static let mutableContentNeedsAlert = PushCheckRule.device(
        "apns.mutable-content.needs-alert",
        .warning,
        "`mutable-content: 1` runs the notification service extension only for a push that shows an alert.",
        source: "Apple: Modifying content in newly delivered notifications"
    )
    static let interruptionLevel = PushCheckRule.device(
        "apns.interruption-level",
        .error,
        "`interruption-level` is `passive`, `active`, `time-sensitive` or `critical`.",
        source: "Apple: Payload key reference; APNSwift APNSAlertNotificationInterruptionLevel"
    )
    static let relevanceScore = PushCheckRule.device(
        "apns.relevance-score",
        .error,
        "`relevance-score` is a number from 0 to 1.",
        source: "Apple: Payload key reference; APNSwift APNSAlertNotificationAPSStorage"
    )
    static let stringKeys = PushCheckRule.device(
        "apns.string-keys",
        .error,
        "`thread-id`, `category`, `target-content-id` and `filter-criteria` are strings.",
        source: "Apple: Payload key reference"
    )
    static let alertType = PushCheckRule.device(
        "apns.alert.type",
        .error,
        "`alert` is a string or a dictionary; its texts are strings and its `*-loc-args` arrays of strings.",
        source: "Apple: Payload key reference; APNSwift APNSAlertNotificationContent"
    )
    static let alertKeys = PushCheckRule.device(
        "apns.alert.keys",
        .warning,
        "`alert` has only Apple's keys (title, subtitle, body, launch-image and the localization keys); others are ignored.",
        source: "Apple: Payload key reference"
    )
    static let alertLaunchImage = PushCheckRule.device(
        "apns.alert.launch-image",
        .warning,
        "`launch-image` is a string, the name of an image file; the system ignores any other type.",
        source: "Apple: Payload key reference (launch-image)"
    )
    static let alertLocArgsWithoutKey = PushCheckRule.device(
        "apns.alert.loc-args-without-key",
        .warning,
        "`*-loc-args` without the matching `*-loc-key` is never used.",
        source: "firebase-admin-go validateApsAlert (the Admin SDKs refuse it)"
    )
    static let badge = PushCheckRule.device(
        "apns.badge",
        .error,
        "`badge` is an integer, 0 or more (0 clears the badge).",
        source: "Apple: Payload key reference"
    )
    static let sound = PushCheckRule.device(
        "apns.sound",
        .error,
        "`sound` is a string, or for a critical alert a dictionary with a string `name`, `critical` 0 or 1 and `volume` from 0 to 1.",
        source: "Apple: Payload key reference; APNSwift APNSAlertNotificationSound"
    )
    static let soundEmpty = PushCheckRule.device(
        "apns.sound.empty",
        .warning,
        "`sound` (or a sound dictionary's `name`) is not empty: an empty name is no sound file, and the Admin SDKs refuse it.",
        source: "Apple: Payload key reference (sound); firebase-admin-node validateApsSound"
    )
    static let liveActivityKeys = PushCheckRule.device(
        "apns.liveactivity.keys",
        .warning,
        "Live Activity keys (`event`, `content-state`, `timestamp`, …) mean something only in a `liveactivity` push.",
        source: "APNSwift LiveActivity storages; Azure AppleApsNativeMessage"
    )
    static let liveActivityEvent = PushCheckRule.device(
        "apns.liveactivity.event",
        .error,
        "A `liveactivity` push has `event` (`start`, `update` or `end`), a `timestamp` and a `content-state`.",
        source: "APNSwift APNSLiveActivityNotificationEvent and its storages"
    )
    static let headerCollapseID = PushCheckRule.device(
        "apns.header.collapse-id",
        .error,
        "`apns-collapse-id` is at most 64 bytes (BadCollapseId).",
        source: headersSource
    )
    static let headerPriority = PushCheckRule.device(
        "apns.header.priority",
        .error,
        "`apns-priority` is 10, 5 or 1 (BadPriority).",
        source: headersSource
    )
    static let headerExpiration = PushCheckRule.device(
        "apns.header.expiration",
        .error,
        "`apns-expiration` is a UNIX time in whole seconds (0: one attempt only).",
        source: headersSource
    )
    static let headerExpirationDuration = PushCheckRule.device(
        "apns.header.expiration-duration",
        .warning,
        "An `apns-expiration` before 2001 looks like a duration (FCM's `ttl` is one), not the UNIX time APNs wants.",
        source: headersSource + "; Firebase: Customize a message across platforms"
    )
    static let headerPushTypeValue = PushCheckRule.device(
        "apns.header.push-type",
        .error,
        "`apns-push-type` is alert, background, location, voip, complication, fileprovider, mdm, liveactivity, pushtotalk or widgets (InvalidPushType).",
        source: headersSource + "; APNSwift APNSPushType"
    )
    static let headerPushTypeMissing = PushCheckRule.device(
        "apns.header.push-type-missing",
        .warning,
        "`apns-push-type` is set: required on watchOS, recommended everywhere, and FCM does not set it.",
        source: headersSource
    )
    static let headerPushTypeMismatch = PushCheckRule.device(
        "apns.header.push-type-mismatch",
        .warning,
        "`apns-push-type` matches the body: `alert` for a push that shows something, `background` for `content-available` alone.",
        source: headersSource
    )
    static let headerTopicSuffix = PushCheckRule.device(
        "apns.header.topic-suffix",
        .error,
        "`apns-topic` carries the suffix its push type needs (`.voip`, `.complication`, `.push-type.liveactivity`, …), and only then.",
        source: headersSource + "; APNSwift APNSPushType"
    )
    static let headerID = PushCheckRule.device(
        "apns.header.id",
        .error,
        "`apns-id` is a canonical UUID (8-4-4-4-12 hexadecimal digits).",
        source: headersSource
    )

    static let rules = [
        bodyAps, bodyCustomKeyInAps, size, backgroundContentAvailable, backgroundPriority, backgroundUserKeys,
        contentAvailableValue, contentAvailableWithAlert, mutableContentValue, mutableContentNeedsAlert,
        interruptionLevel, relevanceScore, stringKeys, alertType, alertKeys, alertLaunchImage, alertLocArgsWithoutKey,
        badge, sound,
        soundEmpty, liveActivityKeys, liveActivityEvent, headerCollapseID, headerPriority, headerExpiration,
        headerExpirationDuration, headerPushTypeValue, headerPushTypeMissing, headerPushTypeMismatch,
        headerTopicSuffix, headerID,
    ]

    /// Apple's `aps` keys, as UTF-8 to compare with keys read in place.
    static let apsKeyBytes = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
        "target-content-id", "interruption-level", "relevance-score", "filter-criteria", "stale-date",
        "content-state", "timestamp", "event", "dismissal-date", "attributes-type", "attributes",
        "input-push-channel", "input-push-token", "content-changed",
    ].map { Array($0.utf8) }
    static let liveActivityOnlyKeys = [
        "content-state", "timestamp", "event", "stale-date", "dismissal-date", "attributes-type", "attributes",
    ]
    static let alertKeySet: Set<String> = [
        "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args", "subtitle-loc-key",
        "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key", "summary-arg", "summary-arg-count",
    ]
    static let pushTypes: [String: String?] = [
        "alert": nil, "background": nil, "mdm": nil, "voip": ".voip", "complication": ".complication",
        "fileprovider": ".pushkit.fileprovider", "location": ".location-query", "pushtotalk": ".voip-ptt",
        "liveactivity": ".push-type.liveactivity", "widgets": ".push-type.widgets",
    ]

    static func check(_ context: inout PushCheckContext) {
        guard let ios = context.delivery(.ios) else { return }
        let base = PushCheckContext.iosPayloadPath(of: context.request.kind)
        let body = ios.payload.object
        // Only APNs requests and FCM v1 bodies carry APNs headers; legacy FCM derives only the priority.
        let headers = [.apnsRequest, .fcmV1].contains(context.request.kind) ? ios.headers : nil
        let pushType = headers?["apns-push-type"]

        if context.request.kind == .apnsRequest, body["aps"] == nil {
            context.reportIOS(bodyAps, path: base) {
                "the body has no `aps` dictionary, so the push neither shows nor wakes anything"
            }
        }
        let aps = body["aps"]?.objectValue
        if let apsValue = body["aps"], aps == nil {
            context.reportIOS(bodyAps, path: context.apsPath()) { "`aps` is \(apsValue.kindPhrase), not a dictionary" }
        }
        if let aps {
            // Keys read in place: only one that is not Apple's is made a string.
            var customKeys: [String] = []
            _ = aps.containsKey { key in
                if !apsKeyBytes.contains(where: { $0.elementsEqual(key) }) {
                    customKeys.append(String(decoding: key, as: UTF8.self))
                }
                return false
            }
            for key in customKeys {
                context.reportIOS(bodyCustomKeyInAps, path: context.apsPath(key)) {
                    "`\(key)` is not one of Apple's `aps` keys; put custom data beside `aps`, where apps and SDKs read it"
                }
            }
        }
        let size = PushSizeLimit.apns(ios, of: context.request)
        if size.isExceeded {
            let verdict = context.fitVerdict
            context.reportIOS(Self.size, path: base) {
                "the body is \(size.bytes) bytes without whitespace; APNs accepts at most \(size.isVoIP ? "5,120 for VoIP" : "4,096"); \(verdict)"
            }
        }
        if let aps { checkAps(aps, pushType: pushType, &context) }
        if let headers { checkHeaders(headers, aps: aps, &context) }
    }

    private static func checkAps(_ aps: JSONObject, pushType: String?, _ context: inout PushCheckContext) {
        let request = context.request
        // Paths are made only for a finding.
        var path: String { PushCheckContext.apsPath(nil, in: request) }
        let member = { (key: String) in PushCheckContext.apsPath(key, in: request) }
        // The `aps` keys that only a visible push has, those `aps` holds.
        let userKeys = ["alert", "sound", "badge"].filter { aps[$0] != nil }
        let contentAvailable = aps["content-available"]
        let wakes =
            contentAvailable?.numberValue?.int64Value == 1 && contentAvailable?.numberValue?.isIntegerLiteral == true

        if let contentAvailable, !wakes {
            context.reportIOS(contentAvailableValue, path: member("content-available")) {
                "`content-available` is \(contentAvailable.jsonString); only the integer 1 wakes the app"
            }
        }
        if wakes && !userKeys.isEmpty && pushType != "background" {
            context.reportIOS(contentAvailableWithAlert, path: member("content-available")) {
                "`content-available: 1` with `\(userKeys.joined(separator: "`, `"))`: a visible push that also wakes the app; send it as `alert` and expect background throttling"
            }
        }
        if pushType == "background" {
            if !wakes {
                context.reportIOS(backgroundContentAvailable, path: path) {
                    "a `background` push needs `content-available: 1`"
                }
            }
            if !userKeys.isEmpty {
                context.reportIOS(backgroundUserKeys, path: path) {
                    "a `background` push has `\(userKeys.joined(separator: "`, `"))`, which only a push of type `alert` may have"
                }
            }
        }
        if let mutable = aps["mutable-content"] {
            if mutable.numberValue?.int64Value != 1 || mutable.numberValue?.isIntegerLiteral != true {
                context.reportIOS(mutableContentValue, path: member("mutable-content")) {
                    "`mutable-content` is \(mutable.jsonString); only the integer 1 runs the notification service extension"
                }
            } else if !(aps["alert"].map(PushPayload.showsAlert) ?? false) {
                // An empty string or an alert without text shows nothing, so it runs no extension either.
                context.reportIOS(mutableContentNeedsAlert, path: member("mutable-content")) {
                    aps["alert"] == nil
                        ? "`mutable-content: 1` without an `alert`: the notification service extension runs only for a push that shows one"
                        : "`mutable-content: 1` with an `alert` that shows nothing (\(aps["alert"]!.jsonString)): the notification service extension runs only for a push that shows one"
                }
            }
        }
        if let level = aps["interruption-level"],
            !["passive", "active", "time-sensitive", "critical"].contains(where: { level.isString($0) })
        {
            let hint = level.isString("time-senstive") ? " (the misspelling from Apple's old documentation)" : ""
            context.reportIOS(interruptionLevel, path: member("interruption-level")) {
                "`interruption-level` is \(level.jsonString)\(hint); it must be passive, active, time-sensitive or critical"
            }
        }
        if let score = aps["relevance-score"], !(score.numberValue.map { (0...1).contains($0.doubleValue) } ?? false) {
            context.reportIOS(relevanceScore, path: member("relevance-score")) {
                "`relevance-score` is \(score.jsonString); it must be a number from 0 to 1"
            }
        }
        for key in stringOnlyKeys {
            if let value = aps[key], value.kind != .string {
                context.reportIOS(stringKeys, path: member(key)) { "`\(key)` is \(value.kindPhrase), not a string" }
            }
        }
        if let alert = aps["alert"] { checkAlert(alert, path: member("alert"), &context) }
        if let badge = aps["badge"],
            badge.numberValue?.isIntegerLiteral != true || (badge.numberValue?.int64Value ?? -1) < 0
        {
            context.reportIOS(Self.badge, path: member("badge")) {
                "`badge` is \(badge.jsonString); it must be an integer, 0 or more"
            }
        }
        if let sound = aps["sound"] { checkSound(sound, path: member("sound"), &context) }

        let liveKeys = liveActivityOnlyKeys.filter { aps[$0] != nil }
        if pushType == "liveactivity" {
            let event = aps["event"]?.stringValue
            if !(event.map(["start", "update", "end"].contains) ?? false) || aps["timestamp"]?.numberValue == nil
                || aps["content-state"]?.objectValue == nil
            {
                context.reportIOS(liveActivityEvent, path: path) {
                    "a `liveactivity` push needs `event` (start, update or end), a numeric `timestamp` and a `content-state` dictionary"
                }
            }
        } else if !liveKeys.isEmpty {
            context.reportIOS(liveActivityKeys, path: member(liveKeys[0])) {
                "`\(liveKeys.joined(separator: "`, `"))` belong to Live Activity pushes (`apns-push-type: liveactivity`) and are ignored here"
            }
        }
    }

    private static let stringOnlyKeys = ["thread-id", "category", "target-content-id", "filter-criteria"]

    private static func checkAlert(_ alert: JSONValue, path: String, _ context: inout PushCheckContext) {
        if alert.kind == .string { return }
        guard let object = alert.objectValue else {
            context.reportIOS(alertType, path: path) {
                "`alert` is \(alert.kindPhrase); it must be a string or a dictionary"
            }
            return
        }
        for (key, value) in object {
            let memberPath = PushCheckContext.path(path, key)
            guard alertKeySet.contains(key) else {
                context.reportIOS(alertKeys, path: memberPath) { "`\(key)` is not an alert key; the system ignores it" }
                continue
            }
            if key.hasSuffix("-args") {
                let strings = value.arrayValue.map { array in array.allSatisfy { $0.kind == .string } } ?? false
                if !strings {
                    context.reportIOS(alertType, path: memberPath) { "`\(key)` must be an array of strings" }
                }
                let locKey = String(key.dropLast("-args".count)) + "-key"
                if object[locKey] == nil {
                    context.reportIOS(alertLocArgsWithoutKey, path: memberPath) {
                        "`\(key)` without `\(locKey)` is never used"
                    }
                }
            } else if key == "launch-image" {
                // Apple documents a string, but nothing says APNs refuses another type, and
                // firebase-admin-node sends what it is given: the device ignores it, a warning.
                if value.kind != .string {
                    context.reportIOS(alertLaunchImage, path: memberPath) {
                        "`launch-image` is \(value.kindPhrase); the system reads only a string (a file name)"
                    }
                }
            } else if key != "summary-arg-count", value.kind != .string {
                context.reportIOS(alertType, path: memberPath) { "`\(key)` is \(value.kindPhrase), not a string" }
            }
        }
    }

    private static func checkSound(_ sound: JSONValue, path: String, _ context: inout PushCheckContext) {
        let name = sound.kind == .string ? sound : sound.objectValue?["name"]
        if name?.stringValue?.isEmpty == true {
            let namePath = sound.kind == .string ? path : PushCheckContext.path(path, "name")
            context.reportIOS(soundEmpty, path: namePath) {
                "the sound's name is empty: name a sound file, or \"default\" for the system sound"
            }
        }
        if sound.kind == .string { return }
        guard let object = sound.objectValue else {
            context.reportIOS(Self.sound, path: path) {
                "`sound` is \(sound.kindPhrase); it must be a string or a dictionary"
            }
            return
        }
        var problems: [String] = []
        if object["name"]?.kind != .string { problems.append("a string `name`") }
        if let critical = object["critical"], critical.numberValue?.int64Value.map({ $0 == 0 || $0 == 1 }) != true {
            problems.append("`critical` 0 or 1")
        }
        if let volume = object["volume"], !(volume.numberValue.map { (0...1).contains($0.doubleValue) } ?? false) {
            problems.append("`volume` from 0 to 1")
        }
        if !problems.isEmpty {
            context.reportIOS(Self.sound, path: path) {
                "a `sound` dictionary needs \(problems.joined(separator: ", "))"
            }
        }
    }

    private static func checkHeaders(_ headers: [String: String], aps: JSONObject?, _ context: inout PushCheckContext) {
        if let collapse = headers["apns-collapse-id"], collapse.utf8.count > 64 {
            context.reportIOS(headerCollapseID, header: "apns-collapse-id") {
                "`apns-collapse-id` is \(collapse.utf8.count) bytes; APNs accepts at most 64"
            }
        }
        let priority = headers["apns-priority"]
        if let priority, !["10", "5", "1"].contains(priority) {
            context.reportIOS(headerPriority, header: "apns-priority") {
                "`apns-priority` is \"\(priority)\"; it must be 10, 5 or 1"
            }
        }
        if let expiration = headers["apns-expiration"] {
            if let seconds = Int64(expiration), seconds >= 0 {
                if seconds > 0 && seconds < 978_307_200 {
                    context.reportIOS(headerExpirationDuration, header: "apns-expiration") {
                        "`apns-expiration` is \(seconds), a moment in \(1970 + seconds / 31_556_952): it looks like a duration; APNs wants the UNIX time the push expires"
                    }
                }
            } else {
                context.reportIOS(headerExpiration, header: "apns-expiration") {
                    "`apns-expiration` is \"\(expiration)\"; it must be a UNIX time in whole seconds"
                }
            }
        }
        if let id = headers["apns-id"], !isUUID(id) {
            context.reportIOS(headerID, header: "apns-id") {
                "`apns-id` is \"\(id)\"; it must be a UUID such as 123e4567-e89b-12d3-a456-4266554400a0"
            }
        }

        let pushType = headers["apns-push-type"]
        let shows = aps.map { aps in ["alert", "sound", "badge"].contains { aps[$0] != nil } } ?? false
        let wakes = aps?["content-available"]?.numberValue?.int64Value == 1
        if pushType == nil {
            context.reportIOS(headerPushTypeMissing, header: "apns-push-type") {
                "no `apns-push-type`: set it to `\(shows || !wakes ? "alert" : "background")`; watchOS requires it, and FCM does not add it"
            }
        }
        // Without a push type, a body that only wakes the app is a background push too.
        if pushType == "background" || (pushType == nil && !shows && wakes), priority != "5" {
            context.reportIOS(backgroundPriority, header: "apns-priority") {
                "a \(pushType == nil ? "background" : "`background`") push must be sent with `apns-priority: 5`\(priority == nil ? "; without the header APNs uses 10" : "")"
            }
        }
        guard let pushType else { return }
        guard let suffix = pushTypes[pushType] else {
            context.reportIOS(headerPushTypeValue, header: "apns-push-type") {
                "`apns-push-type` is \"\(pushType)\", which APNs does not know"
            }
            return
        }
        if pushType == "alert" && !shows {
            context.reportIOS(headerPushTypeMismatch, header: "apns-push-type") {
                wakes
                    ? "`apns-push-type` is `alert` but the body only wakes the app: use `background` with priority 5"
                    : "`apns-push-type` is `alert` but `aps` has no alert, sound or badge: nothing is shown"
            }
        }
        if let topic = headers["apns-topic"] {
            let suffixes = pushTypes.values.compactMap { $0 }
            if let suffix, !topic.hasSuffix(suffix) {
                context.reportIOS(headerTopicSuffix, header: "apns-topic") {
                    "a `\(pushType)` push goes to the topic `<bundle id>\(suffix)`; \"\(topic)\" lacks the suffix"
                }
            } else if suffix == nil, pushType != "mdm", let found = suffixes.first(where: { topic.hasSuffix($0) }) {
                context.reportIOS(headerTopicSuffix, header: "apns-topic") {
                    "an `\(pushType)` push goes to the bundle id itself; \"\(topic)\" ends in \(found)"
                }
            }
        }
    }

    /// Whether `text` is a UUID: 8-4-4-4-12 ASCII hexadecimal digits (`Character.isHexDigit` would also
    /// take fullwidth digits).
    static func isUUID(_ text: String) -> Bool {
        let groups = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12]
            && groups.allSatisfy { $0.allSatisfy { SDKConversions.hexValue($0) != nil } }
    }
}
