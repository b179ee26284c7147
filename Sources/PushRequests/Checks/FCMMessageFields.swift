import PushPayloads

/// The v1 message's typed fields as FCM's server parses them (proto3 JSON): `android.notification` and its
/// light settings, the `fcm_options` of each level, `apns.live_activity_token`, and the scalar fields of
/// `android`. Each field is read under its proto name or its lowerCamelCase JSON name; `null` is "not set".
extension FCMChecks {
    private static let messageProto = "googleapis google/firebase/fcm/v1 (message.proto, android.proto, apns.proto)"

    static let blockObject = PushCheckRule.request(
        "fcm.block.object",
        .error,
        "`notification`, `android`, `android.notification`, its `light_settings`, `apns`, `webpush`, `webpush.notification` and every `fcm_options` are JSON objects (or null: not set).",
        source: reference + "; protobuf: proto3 JSON mapping (message fields are objects, null is the default)"
    )
    static let androidFields = PushCheckRule.request(
        "fcm.android.fields",
        .error,
        "`android.collapse_key` and `restricted_package_name` are strings; `direct_boot_ok`, `bandwidth_constrained_ok` and `restricted_satellite_ok` Booleans.",
        source: reference + " (AndroidConfig); protobuf: proto3 JSON mapping"
    )
    static let androidNotificationFields = PushCheckRule.request(
        "fcm.android.notification.fields",
        .error,
        "Each text of `android.notification` is a string, each flag a Boolean, `*_loc_args` arrays of strings and `notification_count` an int32.",
        source: reference + " (AndroidNotification); protobuf: proto3 JSON mapping"
    )
    static let androidNotificationPriority = PushCheckRule.request(
        "fcm.android.notification.priority-field",
        .error,
        "`android.notification.notification_priority` is one of `PRIORITY_MIN` … `PRIORITY_MAX` (or `PRIORITY_UNSPECIFIED`, or the enum's number).",
        source: reference + " (NotificationPriority); protobuf: proto3 JSON mapping (enums)"
    )
    static let androidNotificationVisibility = PushCheckRule.request(
        "fcm.android.notification.visibility",
        .error,
        "`android.notification.visibility` is `PRIVATE`, `PUBLIC` or `SECRET` (or `VISIBILITY_UNSPECIFIED`, or the enum's number).",
        source: reference + " (Visibility); protobuf: proto3 JSON mapping (enums)"
    )
    static let androidNotificationProxy = PushCheckRule.request(
        "fcm.android.notification.proxy",
        .error,
        "`android.notification.proxy` is `ALLOW`, `DENY` or `IF_PRIORITY_LOWERED` (or `PROXY_UNSPECIFIED`, or the enum's number).",
        source: reference + " (Proxy); protobuf: proto3 JSON mapping (enums)"
    )
    static let androidNotificationEventTime = PushCheckRule.request(
        "fcm.android.notification.event-time",
        .error,
        "`android.notification.event_time` is an RFC 3339 time, such as \"2014-10-02T15:01:23.045123456Z\".",
        source: reference + " (AndroidNotification.event_time); protobuf: proto3 JSON mapping (Timestamp)"
    )
    static let androidNotificationLightSettings = PushCheckRule.request(
        "fcm.android.notification.light-settings",
        .error,
        "`light_settings` has `color` (a google.type.Color: numbers `red`, `green`, `blue`, `alpha`), `light_on_duration` and `light_off_duration` (non-negative durations).",
        source: reference + " (LightSettings, all three required); protobuf: proto3 JSON mapping (Duration)"
    )
    static let androidNotificationVibrateTimings = PushCheckRule.request(
        "fcm.android.notification.vibrate-timings",
        .error,
        "`android.notification.vibrate_timings` is an array of non-negative duration strings such as \"0.5s\".",
        source: reference + " (AndroidNotification.vibrate_timings); protobuf: proto3 JSON mapping (Duration)"
    )
    static let androidNotificationImage = PushCheckRule.request(
        "fcm.android.notification.image",
        .error,
        "`android.notification.image` is an absolute URL.",
        source: reference + " (AndroidNotification.image); firebase-admin-node/-go validateAndroidNotification"
    )
    static let androidNotificationLocArgs = PushCheckRule.request(
        "fcm.android.notification.loc-args-without-key",
        .warning,
        "`title_loc_args` or `body_loc_args` without the matching `*_loc_key` is never used.",
        source: reference + " (AndroidNotification.*_loc_args); the Admin SDKs refuse it"
    )
    static let analyticsLabel = PushCheckRule.request(
        "fcm.fcm-options.analytics-label",
        .error,
        "Every `fcm_options.analytics_label` is a string matching `^[a-zA-Z0-9-_.~%]{1,50}$` (empty: not set).",
        source: reference + " (FcmOptions, AndroidFcmOptions, ApnsFcmOptions, WebpushFcmOptions: analytics_label)"
    )
    static let apnsImage = PushCheckRule.request(
        "fcm.apns.fcm-options.image",
        .error,
        "`apns.fcm_options.image` is an absolute URL.",
        source: reference + " (ApnsFcmOptions.image); firebase-admin-node validateApnsFcmOptions"
    )
    static let apnsLiveActivityToken = PushCheckRule.request(
        "fcm.apns.live-activity-token",
        .error,
        "`apns.live_activity_token` is a string.",
        source: reference + " (ApnsConfig.live_activity_token); firebase-admin-node validateApnsLiveActivityToken"
    )
    static let apnsLiveActivityTokenEmpty = PushCheckRule.request(
        "fcm.apns.live-activity-token.empty",
        .warning,
        "`apns.live_activity_token` is not empty: an empty string is proto3's \"not set\", so the push goes to the device token.",
        source: "protobuf: proto3 JSON mapping (default values); firebase-admin-node validateApnsLiveActivityToken"
    )

    static let fieldRules = [
        blockObject, androidFields, androidNotificationFields, androidNotificationPriority,
        androidNotificationVisibility, androidNotificationProxy, androidNotificationEventTime,
        androidNotificationLightSettings, androidNotificationVibrateTimings, androidNotificationImage,
        androidNotificationLocArgs, analyticsLabel, apnsImage, apnsLiveActivityToken, apnsLiveActivityTokenEmpty,
    ]

    /// How FCM parses a field: proto3 JSON's reading of its type.
    enum FieldKind {
        case string, bool, strings, int32, timestamp, durations, object
        /// An enum: its names, whose position is its number.
        case enumeration([String])
    }

    static let notificationPriorities = [
        "PRIORITY_UNSPECIFIED", "PRIORITY_MIN", "PRIORITY_LOW", "PRIORITY_DEFAULT", "PRIORITY_HIGH", "PRIORITY_MAX",
    ]
    static let visibilities = ["VISIBILITY_UNSPECIFIED", "PRIVATE", "PUBLIC", "SECRET"]
    static let proxies = ["PROXY_UNSPECIFIED", "ALLOW", "DENY", "IF_PRIORITY_LOWERED"]

    /// `AndroidNotification`'s fields by proto name (the v1 reference's `AndroidNotification`).
    static let androidNotificationKinds: [String: FieldKind] = [
        "title": .string, "body": .string, "icon": .string, "color": .string, "sound": .string, "tag": .string,
        "click_action": .string, "body_loc_key": .string, "body_loc_args": .strings, "title_loc_key": .string,
        "title_loc_args": .strings, "channel_id": .string, "ticker": .string, "sticky": .bool, "event_time": .timestamp,
        "local_only": .bool, "notification_priority": .enumeration(notificationPriorities), "default_sound": .bool,
        "default_vibrate_timings": .bool, "default_light_settings": .bool, "vibrate_timings": .durations,
        "visibility": .enumeration(visibilities), "notification_count": .int32, "light_settings": .object,
        "image": .string, "bypass_proxy_notification": .bool, "proxy": .enumeration(proxies),
    ]
    /// The same fields under either name: proto3 JSON accepts `click_action` and `clickAction`.
    static let androidNotificationKindsByKey: [String: (name: String, kind: FieldKind)] = {
        var byKey: [String: (name: String, kind: FieldKind)] = [:]
        for (name, kind) in androidNotificationKinds {
            byKey[name] = (name, kind)
            byKey[jsonName(name)] = (name, kind)
        }
        return byKey
    }()
    /// `AndroidConfig`'s scalar fields (its blocks are checked on their own).
    static let androidScalarKinds: [String: FieldKind] = [
        "collapse_key": .string, "restricted_package_name": .string, "direct_boot_ok": .bool,
        "bandwidth_constrained_ok": .bool, "restricted_satellite_ok": .bool,
    ]
    static let androidScalarKindsByKey: [String: FieldKind] = {
        var byKey: [String: FieldKind] = [:]
        for (name, kind) in androidScalarKinds {
            byKey[name] = kind
            byKey[jsonName(name)] = kind
        }
        return byKey
    }()

    /// The fields of each `fcm_options`, and of light settings and their color, under both names.
    static let fcmOptionsFields = bothNames(["analytics_label"])
    static let apnsFCMOptionsFields = bothNames(["analytics_label", "image"])
    static let webpushFCMOptionsFields = bothNames(["link", "analytics_label"])
    static let lightSettingsFields = bothNames(["color", "light_on_duration", "light_off_duration"])
    static let colorFields: Set<String> = ["red", "green", "blue", "alpha"]

    /// proto3 JSON's lowerCamelCase name of a field: `click_action` is `clickAction`.
    static func jsonName(_ name: String) -> String {
        var result = ""
        var upper = false
        for character in name {
            if character == "_" {
                upper = true
            } else {
                result.append(upper ? Character(character.uppercased()) : character)
                upper = false
            }
        }
        return result
    }

    static func bothNames(_ names: [String]) -> Set<String> { Set(names + names.map(jsonName)) }

    /// The member of `object` for the field `name`, under its proto name or its JSON name, with the key it
    /// is written under; `nil` when it is absent or null (proto3 JSON: not set).
    static func field(_ name: String, in object: JSONObject) -> (key: String, value: JSONValue)? {
        if let value = object[name] { return value.kind == .null ? nil : (name, value) }
        // A name without `_` is its own JSON name; the others' are made once (the checks run per request).
        guard name.utf8.contains(UInt8(ascii: "_")), let json = jsonNames[name], let value = object[json],
            value.kind != .null
        else { return nil }
        return (json, value)
    }

    /// The JSON name of every field with a `_` that the checks look up by name.
    private static let jsonNames: [String: String] = {
        let names =
            Array(androidNotificationKinds.keys) + Array(androidScalarKinds.keys) + [
                "fcm_options", "live_activity_token", "analytics_label", "light_settings", "light_on_duration",
                "light_off_duration",
            ]
        return Dictionary(names.map { ($0, jsonName($0)) }, uniquingKeysWith: { first, _ in first })
    }()

    /// `object[field]` (either name) when it is a JSON object; a ``blockObject`` finding at `path.key` when
    /// it is set to anything else, and then `nil`. Returns the object and its path.
    static func block(
        _ name: String,
        in object: JSONObject,
        at path: String,
        platform: PushPlatform?,
        _ context: inout PushCheckContext
    ) -> (object: JSONObject, path: String)? {
        guard let (key, value) = field(name, in: object) else { return nil }
        // The key is one of the proto's names, a plain identifier.
        let memberPath = path + "." + key
        guard let block = value.objectValue else {
            context.report(blockObject, platform: platform, path: memberPath) {
                "`\(key)` is \(value.kindPhrase); it must be an object (or null, which is not set)"
            }
            return nil
        }
        return (block, memberPath)
    }

    // MARK: android

    static func checkAndroidFields(_ android: JSONObject, _ context: inout PushCheckContext) {
        for (key, value) in android where value.kind != .null {
            guard let kind = androidScalarKindsByKey[key], let problem = typeProblem(value, kind) else { continue }
            context.report(androidFields, platform: .android, path: PushCheckContext.path("$.message.android", key)) {
                "`\(key)` is \(value.kindPhrase); it must be \(problem)"
            }
        }
        if let options = block("fcm_options", in: android, at: "$.message.android", platform: .android, &context) {
            checkFCMOptions(options.object, at: options.path, allowed: fcmOptionsFields, platform: .android, &context)
        }
        guard
            let (notification, path) = block(
                "notification",
                in: android,
                at: "$.message.android",
                platform: .android,
                &context
            )
        else { return }
        checkAndroidNotification(notification, at: path, &context)
    }

    private static func checkAndroidNotification(
        _ notification: JSONObject,
        at path: String,
        _ context: inout PushCheckContext
    ) {
        for (key, value) in notification where value.kind != .null {
            let memberPath = PushCheckContext.path(path, key)
            guard let (name, kind) = androidNotificationKindsByKey[key] else {
                context.report(requestUnknownField, platform: .android, path: memberPath) {
                    "`\(key)` is not a field of `android.notification`; FCM rejects the request"
                }
                continue
            }
            func report(_ rule: PushCheckRule, _ message: () -> String) {
                context.report(rule, platform: .android, path: memberPath, message)
            }
            switch kind {
            case .enumeration(let names):
                let rule =
                    name == "visibility"
                    ? androidNotificationVisibility
                    : name == "proxy" ? androidNotificationProxy : androidNotificationPriority
                if !isEnumValue(value, names) {
                    report(rule) {
                        "`\(key)` is \(value.jsonString); it must be one of \(names.dropFirst().joined(separator: ", "))"
                    }
                }
            case .timestamp:
                if !(value.stringValue.map(isTimestamp) ?? false) {
                    report(androidNotificationEventTime) {
                        "`\(key)` is \(value.jsonString); it must be an RFC 3339 time such as \"2014-10-02T15:01:23.045Z\""
                    }
                }
            case .durations:
                let problem: String? =
                    value.arrayValue.map { timings in
                        timings.lazy.compactMap { durationProblem($0, name: "each timing") }.first
                    } ?? "an array of duration strings such as \"0.5s\""
                if let problem {
                    report(androidNotificationVibrateTimings) { "`\(key)` is \(value.jsonString): \(problem)" }
                }
            case .object:
                if value.objectValue == nil {
                    report(blockObject) {
                        "`\(key)` is \(value.kindPhrase); it must be an object (or null, which is not set)"
                    }
                } else {
                    checkLightSettings(value.objectValue!, at: memberPath, &context)
                }
            default:
                if let problem = typeProblem(value, kind) {
                    report(androidNotificationFields) {
                        "`\(key)` is \(value.kind == .string ? value.jsonString : value.kindPhrase); it must be \(problem)"
                    }
                } else if name == "color" {
                    let text = value.stringValue ?? ""
                    let valid = text.utf8.count == 7 && text.hasPrefix("#") && text.dropFirst().allSatisfy(\.isHexDigit)
                    if !valid { report(androidColor) { "`\(key)` is \(value.jsonString); it must be #rrggbb" } }
                } else if name == "image", !isAbsoluteURL(value.stringValue ?? "") {
                    report(androidNotificationImage) { "`\(key)` is \(value.jsonString); it must be an absolute URL" }
                } else if name.hasSuffix("_loc_args"), value.arrayValue?.isEmpty == false {
                    let locKey = String(name.dropLast("args".count)) + "key"
                    if field(locKey, in: notification)?.value.stringValue.map({ !$0.isEmpty }) != true {
                        report(androidNotificationLocArgs) { "`\(key)` without `\(locKey)` is never used" }
                    }
                }
            }
        }
    }

    private static func checkLightSettings(_ settings: JSONObject, at path: String, _ context: inout PushCheckContext) {
        func report(_ path: String, _ message: () -> String) {
            context.report(androidNotificationLightSettings, platform: .android, path: path, message)
        }
        for key in settings.keys where !lightSettingsFields.contains(key) {
            context.report(requestUnknownField, platform: .android, path: PushCheckContext.path(path, key)) {
                "`\(key)` is not a field of `light_settings`; FCM rejects the request"
            }
        }
        let missing = ["color", "light_on_duration", "light_off_duration"].filter { field($0, in: settings) == nil }
        if !missing.isEmpty {
            report(path) { "`light_settings` needs `\(missing.joined(separator: "`, `"))`; FCM requires all three" }
        }
        if let (key, color) = field("color", in: settings) {
            let memberPath = PushCheckContext.path(path, key)
            if let object = color.objectValue {
                for (part, value) in object {
                    if !colorFields.contains(part) {
                        context.report(
                            requestUnknownField,
                            platform: .android,
                            path: PushCheckContext.path(memberPath, part)
                        ) {
                            "`\(part)` is not a field of a google.type.Color (red, green, blue, alpha); FCM rejects the request"
                        }
                    } else if value.kind != .null, value.kind != .number, !isNumberText(value) {
                        report(PushCheckContext.path(memberPath, part)) {
                            "`\(part)` is \(value.kindPhrase), not a number"
                        }
                    }
                }
            } else {
                report(memberPath) {
                    "`\(key)` is \(color.jsonString); it must be a google.type.Color object such as {\"red\":1,\"green\":0.5,\"blue\":0,\"alpha\":1}"
                }
            }
        }
        for name in ["light_on_duration", "light_off_duration"] {
            guard let (key, value) = field(name, in: settings), let problem = durationProblem(value, name: "`\(key)`")
            else { continue }
            report(PushCheckContext.path(path, key)) { problem }
        }
    }

    // MARK: fcm_options, live activity token

    /// Checks an `fcm_options` object: its fields, and its analytics label.
    static func checkFCMOptions(
        _ options: JSONObject,
        at path: String,
        allowed: Set<String>,
        platform: PushPlatform?,
        _ context: inout PushCheckContext
    ) {
        for key in options.keys where !allowed.contains(key) {
            context.report(requestUnknownField, platform: platform, path: PushCheckContext.path(path, key)) {
                "`\(key)` is not a field of `fcm_options` here; FCM rejects the request"
            }
        }
        guard let (key, label) = field("analytics_label", in: options) else { return }
        guard let text = label.stringValue else {
            context.report(analyticsLabel, platform: platform, path: PushCheckContext.path(path, key)) {
                "`\(key)` is \(label.kindPhrase), not a string"
            }
            return
        }
        // An empty string is proto3's default: not set.
        if !text.isEmpty
            && (text.utf8.count > 50 || !text.allSatisfy({ $0.isASCIIAlphanumeric || "-_.~%".contains($0) }))
        {
            context.report(analyticsLabel, platform: platform, path: PushCheckContext.path(path, key)) {
                "`\(key)` is \(label.jsonString); it must match ^[a-zA-Z0-9-_.~%]{1,50}$"
            }
        }
    }

    static func checkAPNsFields(_ apns: JSONObject, _ context: inout PushCheckContext) {
        if let (key, token) = field("live_activity_token", in: apns), token.stringValue?.isEmpty != false {
            // A string that is empty is proto3's default: accepted as not set, so the push goes to the
            // device token instead of the Live Activity; any other type does not parse.
            let rule = token.kind == .string ? apnsLiveActivityTokenEmpty : apnsLiveActivityToken
            context.report(rule, platform: .ios, path: PushCheckContext.path("$.message.apns", key)) {
                token.kind == .string
                    ? "`\(key)` is empty, which FCM reads as not set: the message goes to the device token, not the Live Activity"
                    : "`\(key)` is \(token.kindPhrase); it must be a non-empty string"
            }
        }
        guard let (options, path) = block("fcm_options", in: apns, at: "$.message.apns", platform: .ios, &context)
        else {
            return
        }
        checkFCMOptions(options, at: path, allowed: apnsFCMOptionsFields, platform: .ios, &context)
        if let (key, image) = field("image", in: options), !(image.stringValue.map(isAbsoluteURL) ?? false) {
            context.report(apnsImage, platform: .ios, path: PushCheckContext.path(path, key)) {
                "`\(key)` is \(image.jsonString); it must be an absolute URL"
            }
        }
    }

    // MARK: Values as proto3 JSON reads them

    /// What `value` must be for `kind`, when it is not (the plain types only).
    static func typeProblem(_ value: JSONValue, _ kind: FieldKind) -> String? {
        switch kind {
        case .string: return value.kind == .string ? nil : "a string"
        case .bool: return value.kind == .bool ? nil : "a Boolean"
        case .strings:
            let strings = value.arrayValue.map { $0.allSatisfy { $0.kind == .string } } ?? false
            return strings ? nil : "an array of strings"
        case .int32:
            // proto3 JSON takes an integer as a number or as a string of one.
            let integer = value.numberValue?.int64Value ?? value.stringValue.flatMap { Int64($0) }
            return integer.map { Int64(Int32.min)...Int64(Int32.max) ~= $0 } == true ? nil : "an integer (int32)"
        default: return nil
        }
    }

    /// Whether `value` is one of an enum's `names` or a number of one (proto3 JSON accepts both).
    static func isEnumValue(_ value: JSONValue, _ names: [String]) -> Bool {
        if let text = value.stringValue { return names.contains(text) }
        guard let number = value.numberValue?.int64Value else { return false }
        return names.indices.contains(Int(truncatingIfNeeded: number))
    }

    /// Whether `value` is a string proto3 JSON reads as a float (`"0.5"`, `"1e-3"`).
    static func isNumberText(_ value: JSONValue) -> Bool { value.stringValue.flatMap { Double($0) } != nil }

    /// A problem with a non-negative `google.protobuf.Duration` string (`"3.5s"`), or nil.
    static func durationProblem(_ value: JSONValue, name: String) -> String? {
        guard let text = value.stringValue, text.hasSuffix("s") else {
            return "\(name) must be a duration string such as \"3.5s\""
        }
        var number = text.dropLast()
        let negative = number.hasPrefix("-")
        if negative { number = number.dropFirst() }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit),
            parts.count == 1 || ((1...9).contains(parts[1].count) && parts[1].allSatisfy(\.isASCIIDigit)),
            let seconds = Int64(parts[0]), seconds <= 315_576_000_000
        else {
            return "\(name) must be seconds with up to 9 decimals and an `s`, such as \"3.5s\""
        }
        let zero = seconds == 0 && (parts.count == 1 || parts[1].allSatisfy { $0 == "0" })
        return negative && !zero ? "\(name) must not be negative" : nil
    }

    /// Whether `text` is an RFC 3339 date and time, as proto3 JSON reads a `google.protobuf.Timestamp`:
    /// `yyyy-mm-ddThh:mm:ss`, up to 9 decimals, and `Z` or an offset `±hh:mm`.
    static func isTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        func byte(_ index: Int, _ allowed: String) -> Bool {
            index < bytes.count && allowed.utf8.contains(bytes[index])
        }
        guard let year = number(0..<4), byte(4, "-"), let month = number(5..<7), byte(7, "-"), let day = number(8..<10),
            byte(10, "Tt"), let hour = number(11..<13), byte(13, ":"), let minute = number(14..<16), byte(16, ":"),
            let second = number(17..<19), year >= 1, (1...12).contains(month), hour < 24, minute < 60, second < 60
        else { return false }
        let daysInMonth = [
            31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
        ]
        guard (1...daysInMonth[month - 1]).contains(day) else { return false }
        var index = 19
        if byte(index, ".") {
            let start = index + 1
            index = start
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard (1...9).contains(index - start) else { return false }
        }
        if byte(index, "Zz") { return index + 1 == bytes.count }
        guard byte(index, "+-"), let offsetHours = number(index + 1..<index + 3), byte(index + 3, ":"),
            let offsetMinutes = number(index + 4..<index + 6)
        else { return false }
        return offsetHours < 24 && offsetMinutes < 60 && index + 6 == bytes.count
    }
}
