import Testing

/// Messages from the unit tests of Firebase's official Admin SDKs, transcribed as the FCM v1 `message` each
/// sends (or would send: the SDK's field renamed as it renames it, such as `imageUrl` to `image`), with what
/// FCM's server makes of them. The sources, at the commits read:
///
/// - node: firebase/firebase-admin-node @ 5a203f67, `test/unit/messaging/messaging.spec.ts`
///   (`validMessages`, "Payload validation"); validators in `src/messaging/messaging-internal.ts`.
/// - python: firebase/firebase-admin-python @ b40e7388, `tests/test_messaging.py`; validators in
///   `firebase_admin/_messaging_encoder.py`.
/// - go: firebase/firebase-admin-go @ eebb06f2, `messaging/messaging_test.go` (`validMessages`,
///   `invalidMessages`); validators in `messaging/messaging_utils.go`.
///
/// Where an SDK refuses what the server accepts and uses as sent, the case says so
/// (``Verdict/serverAccepts(_:)``), with why; `docs/checks.md` lists those choices.
struct AdminSDKCase: Sendable, CustomTestStringConvertible {
    enum Verdict: Sendable {
        /// The SDK sends it: the checker gives no error.
        case accepted
        /// The SDK refuses it: the checker has a finding of the rule at the path, an error where the server
        /// refuses it too, a warning where the server accepts it but ignores or misreads it.
        case refused(rule: String, path: String)
        /// The SDK refuses it, but the server accepts it: no error, for the reason given.
        case serverAccepts(String)
    }

    /// The SDK and its test, such as `node: validMessages "APNS headers only"`.
    var source: String
    /// The `message` object, JSON.
    var message: String
    var verdict: Verdict

    var testDescription: String { source }
}

// MARK: Accepted: what the SDKs' tests send

let adminSDKAccepted: [AdminSDKCase] = [
    ("node: validMessages \"Generic data message\"", #"{"data":{"k1":"v1","k2":"v2"},"token":"mock-token"}"#),
    (
        "node: validMessages \"Generic notification message\"",
        #"{"notification":{"title":"test.title","body":"test.body","image":"https://example.com/image.png"},"token":"mock-token"}"#
    ),
    (
        "node: validMessages \"Generic fcmOptions message\"",
        #"{"fcmOptions":{"analyticsLabel":"test.analytics"},"token":"mock-token"}"#
    ),
    (
        "node: validMessages \"Android data message\"",
        #"{"android":{"data":{"k1":"v1","k2":"v2"}},"token":"mock-token"}"#
    ),
    (
        "node: validMessages \"Android notification message\"",
        ##"{"android":{"notification":{"title":"test.title","body":"test.body","icon":"test.icon","color":"#112233","sound":"test.sound","tag":"test.tag","image":"https://example.com/image.png","ticker":"test.ticker","sticky":true,"visibility":"PRIVATE","proxy":"DENY"}},"token":"mock-token"}"##
    ),
    (
        "node: validMessages \"Android camel cased properties\"",
        #"{"android":{"collapse_key":"test.key","restricted_package_name":"test.package","direct_boot_ok":true,"bandwidth_constrained_ok":true,"restricted_satellite_ok":true,"notification":{"click_action":"test.click.action","title_loc_key":"title.loc.key","title_loc_args":["arg1","arg2"],"body_loc_key":"body.loc.key","body_loc_args":["arg1","arg2"],"channel_id":"test.channel","event_time":"2019-10-20T18:30:00.000Z","local_only":true,"notification_priority":"PRIORITY_HIGH","vibrate_timings":["0.100000000s","0.050000000s","0.250000000s"],"default_vibrate_timings":false,"default_sound":true,"light_settings":{"color":{"red":0.6666666666666666,"green":0.7333333333333333,"blue":0.8,"alpha":0.8666666666666667},"light_on_duration":"0.200000000s","light_off_duration":"0.300000000s"},"default_light_settings":false,"notification_count":1}},"token":"mock-token"}"#
    ),
    (
        "node: validMessages \"Android TTL\"",
        #"{"android":{"priority":"high","collapse_key":"test.key","restricted_package_name":"test.package","ttl":"5s"},"token":"mock-token"}"#
    ),
    (
        "node: validMessages \"All Android properties\"",
        ##"{"android":{"priority":"high","collapse_key":"test.key","restricted_package_name":"test.package","direct_boot_ok":true,"bandwidth_constrained_ok":true,"restricted_satellite_ok":true,"ttl":"0.005000000s","data":{"k1":"v1","k2":"v2"},"notification":{"title":"test.title","body":"test.body","icon":"test.icon","color":"#112233","sound":"test.sound","tag":"test.tag","image":"https://example.com/image.png","click_action":"test.click.action","title_loc_key":"title.loc.key","title_loc_args":["arg1","arg2"],"body_loc_key":"body.loc.key","body_loc_args":["arg1","arg2"],"channel_id":"test.channel","ticker":"test.ticker","sticky":true,"visibility":"PRIVATE","event_time":"2019-10-20T18:30:00.000Z","local_only":true,"notification_priority":"PRIORITY_HIGH","vibrate_timings":["0.100000000s","0.050000000s","0.250000000s"],"default_vibrate_timings":false,"default_sound":true,"light_settings":{"color":{"red":0.6666666666666666,"green":0.7333333333333333,"blue":0.8,"alpha":1},"light_on_duration":"0.200000000s","light_off_duration":"0.300000000s"},"default_light_settings":false,"notification_count":1,"proxy":"IF_PRIORITY_LOWERED"},"fcmOptions":{"analyticsLabel":"test.analytics"}},"token":"mock-token"}"##
    ),
    (
        "node: validMessages \"Webpush data message\"",
        #"{"webpush":{"data":{"k1":"v1","k2":"v2"}},"token":"mock-token"}"#
    ),
    (
        "node: validMessages \"All Webpush properties\"",
        #"{"webpush":{"headers":{"h1":"v1","h2":"v2"},"data":{"k1":"v1","k2":"v2"},"notification":{"title":"test.title","body":"test.body","icon":"test.icon","actions":[{"action":"test.action.1","title":"test.action.1.title","icon":"test.action.1.icon"}],"badge":"test.badge","data":{"key":"value"},"dir":"auto","image":"test.image","requireInteraction":true},"fcmOptions":{"link":"https://example.com"}},"token":"mock-token"}"#
    ),
    ("node: validMessages \"APNS headers only\"", #"{"apns":{"headers":{"k1":"v1","k2":"v2"}},"token":"mock-token"}"#),
    (
        "node: validMessages \"APNS string alert\"",
        #"{"apns":{"payload":{"aps":{"alert":"test.alert"}}},"token":"mock-token"}"#
    ),
    (
        "node: validMessages \"APNS critical sound\"",
        #"{"apns":{"payload":{"aps":{"sound":{"critical":1,"name":"test.sound","volume":0.5}}}},"token":"mock-token"}"#
    ),
    (
        "node: validMessages \"APNS critical sound name only\"",
        #"{"apns":{"payload":{"aps":{"sound":{"name":"test.sound"}}}},"token":"mock-token"}"#
    ),
    (
        "node: validMessages \"APNS custom fields\" (custom keys inside aps: a warning, not an error)",
        #"{"apns":{"payload":{"aps":{"k1":"v1","k2":true}}},"token":"mock-token"}"#
    ),
    (
        "node: validMessages \"APNS Start LiveActivity\"",
        #"{"apns":{"live_activity_token":"live-activity-token","headers":{"apns-priority":"10"},"payload":{"aps":{"timestamp":1746475860808,"event":"start","content-state":{"demo":1},"attributes-type":"DemoAttributes","attributes":{"demoAttribute":1},"alert":{"title":"test title","body":"test body"}}}},"token":"mock-token"}"#
    ),
    (
        "node: validMessages \"All APNS properties\" (launch-image, loc keys, fcmOptions)",
        #"{"apns":{"headers":{"h1":"v1","h2":"v2"},"payload":{"aps":{"alert":{"title":"title","subtitle":"subtitle","body":"body","title-loc-key":"title.loc.key","title-loc-args":["arg1","arg2"],"subtitle-loc-key":"subtitle.loc.key","subtitle-loc-args":["arg1","arg2"],"loc-key":"body.loc.key","loc-args":["arg1","arg2"],"action-loc-key":"action.loc.key","launch-image":"image"},"badge":42,"sound":"test.sound","category":"test.category","content-available":1,"mutable-content":1,"thread-id":"thread.id"},"customKey1":"custom.value","customKey2":{"nested":"value"}},"fcmOptions":{"analyticsLabel":"test.analytics","image":"https://example.com/image.png"}},"token":"mock-token"}"#
    ),
    ("node: \"should not throw when the message is addressed to the prefixed topic name\"", #"{"topic":"mock-topic"}"#),
    (
        "node: validateApsAlert passes launchImage through unchecked (here an array)",
        #"{"token":"mock-token","apns":{"payload":{"aps":{"alert":{"title":"t","launch-image":["a.png"]}}}}}"#
    ),
    (
        "python: TestMessageEncoder.test_fcm_options",
        #"{"topic":"topic","fcm_options":{"analytics_label":"message-label"},"android":{"fcm_options":{"analytics_label":"android-label"}},"apns":{"fcm_options":{"analytics_label":"apns-label"}}}"#
    ),
    (
        "python: TestAndroidNotificationEncoder.test_android_notification (event time with an offset, priority min, visibility public)",
        #"{"topic":"topic","android":{"notification":{"title":"t","event_time":"2019-10-20T15:12:23.000123Z","notification_priority":"PRIORITY_MIN","visibility":"PUBLIC","vibrate_timings":["0s","0.500000000s","1.000000000s"],"notification_count":1,"proxy":"ALLOW","image":"https://example.com/img.png"}}}"#
    ),
    (
        "python: TestLightSettingsEncoder.test_light_settings",
        #"{"topic":"topic","android":{"notification":{"light_settings":{"color":{"red":0.06666666666666667,"green":0.13333333333333333,"blue":0.2,"alpha":1.0},"light_on_duration":"0.300000000s","light_off_duration":"0.200000000s"}}}}"#
    ),
    (
        "python: TestAPNSConfigEncoder.test_apns_config (live activity token, fcm_options image)",
        #"{"topic":"topic","apns":{"headers":{"h1":"v1"},"fcm_options":{"analytics_label":"label","image":"https://images.foo.com/image.png"},"live_activity_token":"test_token"}}"#
    ),
    (
        "python: TestApsEncoder.test_aps (badge, sound, category, thread-id; no alert)",
        #"{"topic":"topic","apns":{"payload":{"aps":{"badge":42,"sound":"s","category":"c","thread-id":"t","content-available":1,"mutable-content":1}}}}"#
    ),
    (
        "python: TestApsSoundEncoder.test_critical_sound",
        #"{"topic":"topic","apns":{"payload":{"aps":{"sound":{"name":"default","critical":1,"volume":0.5}}}}}"#
    ),
    (
        "go: validMessages \"APNSBadgeZero\" (sound and badge: user-facing, no data-message rule)",
        #"{"topic":"test-topic","apns":{"payload":{"aps":{"badge":0,"category":"c","sound":"s","thread-id":"t","content-available":1,"mutable-content":1,"k1":"v1","k2":1}}}}"#
    ),
    (
        "go: validMessages \"APNSLiveActivity\" shape: only a live activity token",
        #"{"topic":"test-topic","apns":{"live_activity_token":"live-activity-token"}}"#
    ),
    (
        "go: validMessages \"DataMessage\"",
        #"{"topic":"test-topic","data":{"k1":"v1","k2":"v2"},"fcm_options":{"analytics_label":"Analytics"}}"#
    ),
    ("go: validMessages \"ConditionOnly\" shape, with topics", #"{"condition":"'foo' in topics && 'bar' in topics"}"#),
    (
        "go: validMessages \"AndroidNotificationPriorityMax\" and \"…ProxyIfPriorityLowered\"",
        #"{"topic":"test-topic","android":{"notification":{"notification_priority":"PRIORITY_MAX","proxy":"IF_PRIORITY_LOWERED"}}}"#
    ),
    (
        "go: validMessages \"AndroidNotificationLightSettings\" (durations in whole and fractional seconds)",
        #"{"topic":"test-topic","android":{"notification":{"light_settings":{"color":{"red":0.06666667,"green":0.13333334,"blue":0.2,"alpha":0.26666668},"light_on_duration":"0.100000000s","light_off_duration":"2s"}}}}"#
    ),
    (
        "go: validMessages \"APNSAlertString\" (custom data beside aps, fcm_options image)",
        #"{"topic":"test-topic","apns":{"headers":{"h1":"v1","h2":"v2"},"payload":{"aps":{"alert":"a","badge":42,"category":"c","sound":"s","thread-id":"t","content-available":1,"mutable-content":1},"k1":"v1","k2":true},"fcm_options":{"analytics_label":"Analytics","image":"http://image.jpg"}}}"#
    ),
].map { AdminSDKCase(source: $0.0, message: $0.1, verdict: .accepted) }

// MARK: Refused by the SDKs and by the server

/// A refused case: the SDK's test, the message, and the rule and path of the finding expected.
private func refused(_ source: String, _ message: String, _ rule: String, _ path: String) -> AdminSDKCase {
    AdminSDKCase(source: source, message: message, verdict: .refused(rule: rule, path: path))
}

/// node's `invalidObjects` without `null` (not set) and `NaN` (not JSON), at every block its tests put them.
private let nonObjects = ["0", "1", "true", "false", #""""#, #""string""#]

private let nonObjectCases: [AdminSDKCase] =
    nonObjects.flatMap { (value: String) -> [AdminSDKCase] in
        let blocks: [(String, String, String)] = [
            ("android", #"{"android":\#(value),"topic":"test"}"#, "$.message.android"),
            (
                "android notification", #"{"android":{"notification":\#(value)},"topic":"test"}"#,
                "$.message.android.notification"
            ),
            ("apns", #"{"apns":\#(value),"topic":"test"}"#, "$.message.apns"),
            ("webpush", #"{"webpush":\#(value),"topic":"test"}"#, "$.message.webpush"),
            ("fcmOptions", #"{"fcmOptions":\#(value),"topic":"test"}"#, "$.message.fcmOptions"),
            (
                "AndroidFcmOptions", #"{"android":{"fcmOptions":\#(value)},"topic":"test"}"#,
                "$.message.android.fcmOptions"
            ),
            ("ApnsFcmOptions", #"{"apns":{"fcmOptions":\#(value)},"topic":"test"}"#, "$.message.apns.fcmOptions"),
        ]
        return blocks.map { name, message, path in
            refused("node: \"should throw given invalid \(name): \(value)\"", message, "fcm.block.object", path)
        }
    }
private let imageCases: [AdminSDKCase] =
    ["", "a", "foo", "image.jpg"].flatMap { (image: String) -> [AdminSDKCase] in
        [
            refused(
                "node: \"should throw given an invalid imageUrl: \(image)\" (notification)",
                #"{"condition":"'topic-name' in topics","notification":{"image":"\#(image)"}}"#,
                "fcm.notification.fields",
                "$.message.notification.image"
            ),
            refused(
                "node: \"should throw given an invalid imageUrl: \(image)\" (android.notification)",
                #"{"condition":"'topic-name' in topics","android":{"notification":{"image":"\#(image)"}}}"#,
                "fcm.android.notification.image",
                "$.message.android.notification.image"
            ),
            refused(
                "node: \"should throw given invalid URL string for imageUrl\" (apns.fcmOptions): \(image)",
                #"{"topic":"test","apns":{"fcmOptions":{"image":"\#(image)"}}}"#,
                "fcm.apns.fcm-options.image",
                "$.message.apns.fcmOptions.image"
            ),
        ]
    }
private let colorCases: [AdminSDKCase] =
    ["", "foo", "123", "#AABBCX", "112233", "#11223"].flatMap { (color: String) -> [AdminSDKCase] in
        [
            refused(
                "node: \"should throw given an invalid color: \(color)\" (android.notification)",
                #"{"topic":"t","android":{"notification":{"color":"\#(color)"}}}"#,
                "fcm.android.notification.color",
                "$.message.android.notification.color"
            ),
            // The SDK turns a valid color into a google.type.Color; a string is no Color at all.
            refused(
                "node: \"should throw given an invalid color: \(color)\" (lightSettings)",
                #"{"topic":"t","android":{"notification":{"light_settings":{"color":"\#(color)","light_on_duration":"0.1s","light_off_duration":"0.8s"}}}}"#,
                "fcm.android.notification.light-settings",
                "$.message.android.notification.light_settings.color"
            ),
        ]
    }
let adminSDKRefused: [AdminSDKCase] = nonObjectCases + imageCases + colorCases + fieldCases

private let fieldCases: [AdminSDKCase] = [
    refused(
        "node: \"should throw given a negative light on duration\"",
        #"{"topic":"t","android":{"notification":{"light_settings":{"color":{"red":0.6,"green":0.7,"blue":0.8},"light_on_duration":"-0.001s","light_off_duration":"0.8s"}}}}"#,
        "fcm.android.notification.light-settings",
        "$.message.android.notification.light_settings.light_on_duration"
    ),
    refused(
        "node: \"should throw given a negative light off duration\"",
        #"{"topic":"t","android":{"notification":{"lightSettings":{"color":{"red":0.6,"green":0.7,"blue":0.8},"lightOnDuration":"0.1s","lightOffDuration":"-0.8s"}}}}"#,
        "fcm.android.notification.light-settings",
        "$.message.android.notification.lightSettings.lightOffDuration"
    ),
    refused(
        "python: TestLightSettingsEncoder.test_no_color",
        #"{"topic":"t","android":{"notification":{"light_settings":{"light_on_duration":"0.2s","light_off_duration":"0.3s"}}}}"#,
        "fcm.android.notification.light-settings",
        "$.message.android.notification.light_settings"
    ),
    refused(
        "python: TestLightSettingsEncoder.test_no_light_on_duration_millis",
        #"{"topic":"t","android":{"notification":{"light_settings":{"color":{"red":1},"light_off_duration":"0.3s"}}}}"#,
        "fcm.android.notification.light-settings",
        "$.message.android.notification.light_settings"
    ),
    refused(
        "python: TestLightSettingsEncoder.test_invalid_light_on_duration_millis ('1.23s' given as milliseconds)",
        #"{"topic":"t","android":{"notification":{"light_settings":{"color":{"red":1},"light_on_duration":"1.23","light_off_duration":"0.3s"}}}}"#,
        "fcm.android.notification.light-settings",
        "$.message.android.notification.light_settings.light_on_duration"
    ),
    refused(
        "python: TestLightSettingsEncoder.test_invalid_light_settings ([])",
        #"{"topic":"t","android":{"notification":{"light_settings":[]}}}"#,
        "fcm.block.object",
        "$.message.android.notification.light_settings"
    ),
    refused(
        "node: \"should throw given an null or negative vibrateTimingsMillis: -100\"",
        #"{"topic":"t","android":{"notification":{"vibrate_timings":["-0.100000000s"]}}}"#,
        "fcm.android.notification.vibrate-timings",
        "$.message.android.notification.vibrate_timings"
    ),
    refused(
        "node: \"should throw given an null or negative vibrateTimingsMillis: ,500\"",
        #"{"topic":"t","android":{"notification":{"vibrateTimings":[null,"0.5s"]}}}"#,
        "fcm.android.notification.vibrate-timings",
        "$.message.android.notification.vibrateTimings"
    ),
    refused(
        "python: TestAndroidNotificationEncoder.test_invalid_vibrate_timings_millis (['500', 500] as given)",
        #"{"topic":"t","android":{"notification":{"vibrate_timings":["500",500]}}}"#,
        "fcm.android.notification.vibrate-timings",
        "$.message.android.notification.vibrate_timings"
    ),
    refused(
        "node: \"should throw given android titleLocArgs without titleLocKey\"",
        #"{"condition":"'topic-name' in topics","android":{"notification":{"title_loc_args":["foo"]}}}"#,
        "fcm.android.notification.loc-args-without-key",
        "$.message.android.notification.title_loc_args"
    ),
    refused(
        "node: \"should throw given android bodyLocArgs without bodyLocKey\"",
        #"{"condition":"'topic-name' in topics","android":{"notification":{"bodyLocArgs":["foo"]}}}"#,
        "fcm.android.notification.loc-args-without-key",
        "$.message.android.notification.bodyLocArgs"
    ),
    refused(
        "python: TestAndroidNotificationEncoder.test_invalid_priority ('foo')",
        #"{"topic":"t","android":{"notification":{"notification_priority":"PRIORITY_FOO"}}}"#,
        "fcm.android.notification.priority-field",
        "$.message.android.notification.notification_priority"
    ),
    refused(
        "python: TestAndroidNotificationEncoder.test_invalid_priority (the SDK's own word 'high', unmapped)",
        #"{"topic":"t","android":{"notification":{"notification_priority":"high"}}}"#,
        "fcm.android.notification.priority-field",
        "$.message.android.notification.notification_priority"
    ),
    refused(
        "python: TestAndroidNotificationEncoder.test_invalid_visibility ('foo')",
        #"{"topic":"t","android":{"notification":{"visibility":"foo"}}}"#,
        "fcm.android.notification.visibility",
        "$.message.android.notification.visibility"
    ),
    refused(
        "python: TestAndroidNotificationEncoder.test_invalid_visibility (True)",
        #"{"topic":"t","android":{"notification":{"visibility":true}}}"#,
        "fcm.android.notification.visibility",
        "$.message.android.notification.visibility"
    ),
    refused(
        "python: TestAndroidNotificationEncoder.test_invalid_proxy ('foo')",
        #"{"topic":"t","android":{"notification":{"proxy":"foo"}}}"#,
        "fcm.android.notification.proxy",
        "$.message.android.notification.proxy"
    ),
    refused(
        "python: TestAndroidNotificationEncoder.test_invalid_event_timestamp ('foo')",
        #"{"topic":"t","android":{"notification":{"event_time":"foo"}}}"#,
        "fcm.android.notification.event-time",
        "$.message.android.notification.event_time"
    ),
    refused(
        "python: TestAndroidNotificationEncoder.test_invalid_event_timestamp (100)",
        #"{"topic":"t","android":{"notification":{"event_time":100}}}"#,
        "fcm.android.notification.event-time",
        "$.message.android.notification.event_time"
    ),
    refused(
        "python: TestAndroidNotificationEncoder.test_invalid_notification_count ('foo')",
        #"{"topic":"t","android":{"notification":{"notification_count":"foo"}}}"#,
        "fcm.android.notification.fields",
        "$.message.android.notification.notification_count"
    ),
    refused(
        "python: TestAndroidNotificationEncoder.test_invalid_title ([])",
        #"{"topic":"t","android":{"notification":{"title":[]}}}"#,
        "fcm.android.notification.fields",
        "$.message.android.notification.title"
    ),
    refused(
        "python: TestAndroidNotificationEncoder.test_invalid_title_loc_args ([1])",
        #"{"topic":"t","android":{"notification":{"title_loc_key":"k","title_loc_args":[1]}}}"#,
        "fcm.android.notification.fields",
        "$.message.android.notification.title_loc_args"
    ),
    refused(
        "python: TestAndroidConfigEncoder.test_invalid_collapse_key (1)",
        #"{"topic":"t","android":{"collapse_key":1}}"#,
        "fcm.android.fields",
        "$.message.android.collapse_key"
    ),
    refused(
        "python: TestAndroidConfigEncoder.test_invalid_direct_boot_ok ('')",
        #"{"topic":"t","android":{"direct_boot_ok":""}}"#,
        "fcm.android.fields",
        "$.message.android.direct_boot_ok"
    ),
    refused(
        "python: TestAndroidConfigEncoder.test_invalid_priority ('foo')",
        #"{"topic":"t","android":{"priority":"foo"}}"#,
        "fcm.android.priority",
        "$.message.android.priority"
    ),
    refused(
        "node: \"should throw given an invalid ttl: abc\"",
        #"{"condition":"'topic-name' in topics","android":{"ttl":"abc"}}"#,
        "fcm.android.ttl",
        "$.message.android.ttl"
    ),
    refused(
        "node: \"should throw given an invalid ttl: -123s\"",
        #"{"condition":"'topic-name' in topics","android":{"ttl":"-123s"}}"#,
        "fcm.android.ttl",
        "$.message.android.ttl"
    ),
    refused(
        "python: TestFcmOptionEncoder.test_invalid_fcm_options ('!')",
        #"{"topic":"t","fcm_options":{"analytics_label":"!"}}"#,
        "fcm.fcm-options.analytics-label",
        "$.message.fcm_options.analytics_label"
    ),
    refused(
        "python: TestFcmOptionEncoder.test_invalid_fcm_options (51 characters)",
        #"{"topic":"t","android":{"fcm_options":{"analytics_label":"\#(String(repeating: "a", count: 51))"}}}"#,
        "fcm.fcm-options.analytics-label",
        "$.message.android.fcm_options.analytics_label"
    ),
    refused(
        "python: TestFcmOptionEncoder.test_invalid_fcm_options (a space, apns)",
        #"{"topic":"t","apns":{"fcm_options":{"analytics_label":"Analytics Label"}}}"#,
        "fcm.fcm-options.analytics-label",
        "$.message.apns.fcm_options.analytics_label"
    ),
    refused(
        "node: \"should throw given invalid apns live activity token: 1\"",
        #"{"topic":"test","apns":{"liveActivityToken":1}}"#,
        "fcm.apns.live-activity-token",
        "$.message.apns.liveActivityToken"
    ),
    refused(
        "node: \"should throw given invalid apns live activity token: false\"",
        #"{"topic":"test","apns":{"live_activity_token":false}}"#,
        "fcm.apns.live-activity-token",
        "$.message.apns.live_activity_token"
    ),
    refused(
        "node: \"should throw given empty apns live activity token\"",
        #"{"topic":"test","apns":{"liveActivityToken":""}}"#,
        "fcm.apns.live-activity-token.empty",
        "$.message.apns.liveActivityToken"
    ),
    refused(
        "node: \"should throw given APNS payload with invalid aps sound: \"\"\"",
        #"{"token":"token","apns":{"payload":{"aps":{"sound":""}}}}"#,
        "apns.sound.empty",
        "$.message.apns.payload.aps.sound"
    ),
    refused(
        "node: \"should throw given invalid APNS critical sound name: \"",
        #"{"condition":"'topic-name' in topics","apns":{"payload":{"aps":{"sound":{"name":""}}}}}"#,
        "apns.sound.empty",
        "$.message.apns.payload.aps.sound.name"
    ),
    refused(
        "node: \"should throw given invalid apns sound volume: 1.1\"",
        #"{"condition":"'topic-name' in topics","apns":{"payload":{"aps":{"sound":{"name":"default","volume":1.1}}}}}"#,
        "apns.sound",
        "$.message.apns.payload.aps.sound"
    ),
    refused(
        "python: TestApsAlertEncoder.test_invalid_launch_image (1)",
        #"{"topic":"t","apns":{"payload":{"aps":{"alert":{"title":"t","launch-image":1}}}}}"#,
        "apns.alert.launch-image",
        "$.message.apns.payload.aps.alert.launch-image"
    ),
    refused(
        "node: \"should throw given APNS payload with invalid object: payload\"",
        #"{"token":"token","apns":{"payload":"payload"}}"#,
        "fcm.apns.block",
        "$.message.apns.payload"
    ),
    refused(
        "node: \"should throw given APNS payload with invalid aps alert: true\"",
        #"{"token":"token","apns":{"payload":{"aps":{"alert":true}}}}"#,
        "apns.alert.type",
        "$.message.apns.payload.aps.alert"
    ),
    refused(
        "node: \"should throw given data with non-string value: apns.headers\"",
        #"{"token":"token","apns":{"headers":{"k1":true}}}"#,
        "fcm.data.object",
        "$.message.apns.headers.k1"
    ),
    refused(
        "python: TestWebpushConfigEncoder.test_invalid_webpush ([])",
        #"{"topic":"t","webpush":[]}"#,
        "fcm.block.object",
        "$.message.webpush"
    ),
    refused(
        "python: TestWebpushNotificationEncoder.test_invalid_webpush_notification ('foo')",
        #"{"topic":"t","webpush":{"notification":"foo"}}"#,
        "fcm.block.object",
        "$.message.webpush.notification"
    ),
    refused(
        "python: TestWebpushFCMOptionsEncoder.test_invalid_link_format ('http://example')",
        #"{"topic":"t","webpush":{"fcm_options":{"link":"http://example"}}}"#,
        "fcm.webpush.link",
        "$.message.webpush.fcm_options.link"
    ),
    refused(
        "python: TestNotificationEncoder.test_invalid_notification ('foo')",
        #"{"topic":"t","notification":"foo"}"#,
        "fcm.block.object",
        "$.message.notification"
    ),
    refused(
        "go: invalidMessages \"InvalidTopicName\"",
        #"{"topic":"test topic"}"#,
        "fcm.topic.name",
        "$.message.topic"
    ),
    refused(
        "go: invalidMessages \"MultipleTargets\"",
        #"{"token":"t","topic":"t"}"#,
        "fcm.target.exactly-one",
        "$.message"
    ),
]

// MARK: Refused by an SDK, accepted by the server

let adminSDKServerAccepts: [AdminSDKCase] = [
    (
        "node: \"should throw given invalid android config: null\"",
        #"{"android":null,"topic":"test"}"#,
        "proto3 JSON reads null as not set"
    ),
    (
        "node: \"should throw given invalid data: null\"",
        #"{"data":null,"topic":"test"}"#,
        "proto3 JSON reads null as not set"
    ),
    (
        "node: \"should throw given invalid ApnsFcmOptions: null\"",
        #"{"apns":{"fcmOptions":null},"topic":"test"}"#,
        "proto3 JSON reads null as not set"
    ),
    (
        "node: \"should throw given invalid apns live activity token: null\"",
        #"{"apns":{"liveActivityToken":null},"topic":"test"}"#,
        "proto3 JSON reads null as not set"
    ),
    (
        "python: TestFcmOptionEncoder.test_invalid_fcm_options ('')",
        #"{"topic":"t","fcm_options":{"analytics_label":""}}"#,
        "an empty string is proto3's default value: the label is not set"
    ),
    (
        "go: invalidMessages \"InvalidAPNSLocArgs\"",
        #"{"topic":"t","apns":{"payload":{"aps":{"alert":{"loc-args":["foo"]}}}}}"#,
        "apns.payload is a google.protobuf.Struct FCM passes on; APNs does not refuse it (a warning: never used)"
    ),
    (
        "go: invalidMessages \"InvalidWebpushNotificationDirection\"",
        #"{"topic":"t","webpush":{"notification":{"dir":"foo"}}}"#,
        "webpush.notification is a google.protobuf.Struct: the v1 reference sets no rule on its members"
    ),
].map { AdminSDKCase(source: $0.0, message: $0.1, verdict: .serverAccepts($0.2)) }
