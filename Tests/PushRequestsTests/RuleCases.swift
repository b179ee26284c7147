import PushRequests
import Testing

/// One rule's pair of inputs: one that trips it, and a close one that does not.
struct RuleCase: Sendable, CustomTestStringConvertible {
    /// Where a finding points: a JSON path into the input, or an APNs header.
    enum Location: Sendable, Equatable {
        case path(String)
        case header(String)
    }

    /// The finding expected, as `severity rule platform location` (`-` for no platform; a location that
    /// starts with `$` is a path, anything else a header), the way ``PushFinding/description`` begins.
    var expected: String
    /// An input (a device payload, an APNs request, an FCM v1 or legacy body) with exactly one finding of
    /// the rule, as ``expected`` describes it.
    var trips: String
    /// A close input with no finding of the rule.
    var nearMiss: String
    /// Whether the finding holds for sure (``PushFinding/isCertain``): `false` for one that holds only if a
    /// device of its platform receives the request, which the request does not say.
    var isCertain: Bool

    init(_ expected: String, certain: Bool = true, trips: String, nearMiss: String) {
        self.expected = expected
        self.isCertain = certain
        self.trips = trips
        self.nearMiss = nearMiss
    }

    private var fields: [Substring] { expected.split(separator: " ", maxSplits: 3) }
    var severity: PushSeverity? { PushSeverity(rawValue: String(fields[0])) }
    var rule: String { String(fields[1]) }
    var platform: PushPlatform? { fields[2] == "-" ? nil : PushPlatform(name: String(fields[2])) }
    var location: Location {
        fields[3].hasPrefix("$") ? .path(String(fields[3])) : .header(String(fields[3]))
    }

    var testDescription: String { expected + (isCertain ? "" : " (uncertain)") }
}

/// A JSON object `prefix…suffix` padded with `a`s between them to exactly `bytes` bytes.
func padded(_ prefix: String, _ suffix: String, toBytes bytes: Int) -> String {
    prefix + String(repeating: "a", count: bytes - prefix.utf8.count - suffix.utf8.count) + suffix
}

/// At least one case per rule in `PushCheckRule.all` (`RuleTableTests` checks that), grouped as the rules
/// are. The expected severity is written out, so a rule whose severity changes fails here.
let ruleCases: [RuleCase] = apnsCases + apnsHeaderCases + fcmCases + legacyCases + vendorCases + uncertainCases

// MARK: APNs body (V1–V9, V11)

let apnsCases: [RuleCase] = [
    RuleCase(
        "error apns.body.aps ios $.payload",
        trips: #"{"headers":{"apns-push-type":"alert"},"payload":{"alert":"Hi"}}"#,
        nearMiss: #"{"headers":{"apns-push-type":"alert"},"payload":{"aps":{"alert":"Hi"}}}"#
    ),
    RuleCase(
        "error apns.body.aps ios $.aps",
        trips: #"{"aps":"Hi"}"#,
        nearMiss: #"{"aps":{"alert":"Hi"}}"#
    ),
    // FCM builds the iOS alert from `notification`, but never over an `aps` that is not a dictionary.
    RuleCase(
        "error apns.body.aps ios $.message.apns.payload.aps",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"payload":{"aps":"x"}}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"payload":{"aps":{}}}}}"#
    ),
    RuleCase(
        "warning apns.body.custom-key-in-aps ios $.aps.mcID",
        trips: #"{"aps":{"alert":"Hi","mcID":"m"}}"#,
        nearMiss: #"{"aps":{"alert":"Hi"},"mcID":"m"}"#
    ),
    RuleCase(
        "error apns.size ios $",
        trips: padded(#"{"aps":{"alert":"Hi"},"pad":""#, #""}"#, toBytes: 4_097),
        nearMiss: padded(#"{"aps":{"alert":"Hi"},"pad":""#, #""}"#, toBytes: 4_096)
    ),
    // VoIP pushes may have 5,120 bytes.
    RuleCase(
        "error apns.size ios $.payload",
        trips: padded(
            #"{"headers":{"apns-push-type":"voip","apns-topic":"com.example.app.voip"},"payload":{"aps":{},"pad":""#,
            #""}}"#,
            toBytes: 5_121
                + #"{"headers":{"apns-push-type":"voip","apns-topic":"com.example.app.voip"},"payload":}"#
                .utf8.count
        ),
        nearMiss: padded(
            #"{"headers":{"apns-push-type":"voip","apns-topic":"com.example.app.voip"},"payload":{"aps":{},"pad":""#,
            #""}}"#,
            toBytes: 5_120
                + #"{"headers":{"apns-push-type":"voip","apns-topic":"com.example.app.voip"},"payload":}"#
                .utf8.count
        )
    ),
    RuleCase(
        "error apns.background.content-available ios $.payload.aps",
        trips: #"{"headers":{"apns-push-type":"background","apns-priority":"5"},"payload":{"aps":{}}}"#,
        nearMiss:
            #"{"headers":{"apns-push-type":"background","apns-priority":"5"},"payload":{"aps":{"content-available":1}}}"#
    ),
    RuleCase(
        "error apns.background.priority ios apns-priority",
        trips: #"{"headers":{"apns-push-type":"background"},"payload":{"aps":{"content-available":1}}}"#,
        nearMiss:
            #"{"headers":{"apns-push-type":"background","apns-priority":"5"},"payload":{"aps":{"content-available":1}}}"#
    ),
    // Without a push type, a body that only wakes the app is a background push too.
    RuleCase(
        "error apns.background.priority ios apns-priority",
        trips: #"{"headers":{"apns-priority":"10"},"payload":{"aps":{"content-available":1}}}"#,
        nearMiss: #"{"headers":{"apns-priority":"10"},"payload":{"aps":{"content-available":1,"alert":"Hi"}}}"#
    ),
    RuleCase(
        "warning apns.background.user-keys ios $.payload.aps",
        trips:
            #"{"headers":{"apns-push-type":"background","apns-priority":"5"},"payload":{"aps":{"content-available":1,"badge":1}}}"#,
        nearMiss:
            #"{"headers":{"apns-push-type":"background","apns-priority":"5"},"payload":{"aps":{"content-available":1}}}"#
    ),
    RuleCase(
        "warning apns.content-available.value ios $.aps.content-available",
        trips: #"{"aps":{"content-available":true}}"#,
        nearMiss: #"{"aps":{"content-available":1}}"#
    ),
    RuleCase(
        "warning apns.content-available.with-alert ios $.aps.content-available",
        trips: #"{"aps":{"content-available":1,"alert":"Hi"}}"#,
        nearMiss: #"{"aps":{"content-available":1}}"#
    ),
    // A legacy body has no `aps`: the finding points at what FCM builds it from. It has no platform
    // blocks either, so what FCM builds for iOS holds only if Apple devices get it.
    RuleCase(
        "warning apns.content-available.with-alert ios $.content_available",
        certain: false,
        trips: #"{"to":"t","content_available":true,"notification":{"title":"T"}}"#,
        nearMiss: #"{"to":"t","content_available":true,"data":{"k":"v"}}"#
    ),
    RuleCase(
        "warning apns.mutable-content.value ios $.aps.mutable-content",
        trips: #"{"aps":{"alert":"Hi","mutable-content":true}}"#,
        nearMiss: #"{"aps":{"alert":"Hi","mutable-content":1}}"#
    ),
    RuleCase(
        "warning apns.mutable-content.needs-alert ios $.aps.mutable-content",
        trips: #"{"aps":{"mutable-content":1,"sound":"default"}}"#,
        nearMiss: #"{"aps":{"mutable-content":1,"sound":"default","alert":"Hi"}}"#
    ),
    // Apple, "Modifying content in newly delivered notifications": the extension runs only for a push the
    // system displays as an alert; an empty alert displays nothing (PushPayload.runsServiceExtension).
    RuleCase(
        "warning apns.mutable-content.needs-alert ios $.aps.mutable-content",
        trips: #"{"aps":{"mutable-content":1,"alert":{"title":""}}}"#,
        nearMiss: #"{"aps":{"mutable-content":1,"alert":{"title":"Hi"}}}"#
    ),
    RuleCase(
        "warning apns.mutable-content.needs-alert ios $.mutable_content",
        certain: false,
        trips: #"{"to":"t","mutable_content":true,"data":{"k":"v"}}"#,
        nearMiss: #"{"to":"t","mutable_content":true,"notification":{"body":"B"}}"#
    ),
    RuleCase(
        "error apns.interruption-level ios $.aps.interruption-level",
        trips: #"{"aps":{"alert":"Hi","interruption-level":"time-senstive"}}"#,
        nearMiss: #"{"aps":{"alert":"Hi","interruption-level":"time-sensitive"}}"#
    ),
    RuleCase(
        "error apns.relevance-score ios $.aps.relevance-score",
        trips: #"{"aps":{"alert":"Hi","relevance-score":1.5}}"#,
        nearMiss: #"{"aps":{"alert":"Hi","relevance-score":1}}"#
    ),
    RuleCase(
        "error apns.string-keys ios $.aps.thread-id",
        trips: #"{"aps":{"alert":"Hi","thread-id":7}}"#,
        nearMiss: #"{"aps":{"alert":"Hi","thread-id":"7"}}"#
    ),
    RuleCase(
        "error apns.alert.type ios $.aps.alert",
        trips: #"{"aps":{"alert":["Hi"]}}"#,
        nearMiss: #"{"aps":{"alert":{"title":"Hi"}}}"#
    ),
    RuleCase(
        "error apns.alert.type ios $.aps.alert.title-loc-args",
        trips: #"{"aps":{"alert":{"title-loc-key":"T","title-loc-args":[1]}}}"#,
        nearMiss: #"{"aps":{"alert":{"title-loc-key":"T","title-loc-args":["1"]}}}"#
    ),
    RuleCase(
        "warning apns.alert.keys ios $.aps.alert.text",
        trips: #"{"aps":{"alert":{"title":"Hi","text":"there"}}}"#,
        nearMiss: #"{"aps":{"alert":{"title":"Hi","body":"there"}}}"#
    ),
    RuleCase(
        "warning apns.alert.loc-args-without-key ios $.aps.alert.loc-args",
        trips: #"{"aps":{"alert":{"loc-args":["Ann"]}}}"#,
        nearMiss: #"{"aps":{"alert":{"loc-key":"GREETING","loc-args":["Ann"]}}}"#
    ),
    RuleCase(
        "error apns.badge ios $.aps.badge",
        trips: #"{"aps":{"alert":"Hi","badge":-1}}"#,
        nearMiss: #"{"aps":{"alert":"Hi","badge":0}}"#
    ),
    RuleCase(
        "error apns.sound ios $.aps.sound",
        trips: #"{"aps":{"alert":"Hi","sound":{"name":"alarm.caf","critical":1,"volume":2}}}"#,
        nearMiss: #"{"aps":{"alert":"Hi","sound":{"name":"alarm.caf","critical":1,"volume":0.5}}}"#
    ),
    RuleCase(
        "warning apns.sound.empty ios $.aps.sound",
        trips: #"{"aps":{"alert":"Hi","sound":""}}"#,
        nearMiss: #"{"aps":{"alert":"Hi","sound":"default"}}"#
    ),
    RuleCase(
        "warning apns.sound.empty ios $.aps.sound.name",
        trips: #"{"aps":{"alert":"Hi","sound":{"name":"","critical":1}}}"#,
        nearMiss: #"{"aps":{"alert":"Hi","sound":{"name":"alarm.caf","critical":1}}}"#
    ),
    // Apple documents `launch-image` as a string, but nothing says APNs refuses an array: a warning.
    RuleCase(
        "warning apns.alert.launch-image ios $.aps.alert.launch-image",
        trips: #"{"aps":{"alert":{"title":"Hi","launch-image":["a.png"]}}}"#,
        nearMiss: #"{"aps":{"alert":{"title":"Hi","launch-image":"a.png"}}}"#
    ),
    RuleCase(
        "error apns.alert.type ios $.aps.alert.title",
        trips: #"{"aps":{"alert":{"title":["Hi"],"launch-image":["a.png"]}}}"#,
        nearMiss: #"{"aps":{"alert":{"title":"Hi","launch-image":["a.png"]}}}"#
    ),
    RuleCase(
        "warning apns.liveactivity.keys ios $.payload.aps.content-state",
        trips: #"{"headers":{"apns-push-type":"alert"},"payload":{"aps":{"alert":"Hi","content-state":{}}}}"#,
        nearMiss: #"""
            {"headers":{"apns-push-type":"liveactivity","apns-topic":"com.example.app.push-type.liveactivity"},
             "payload":{"aps":{"event":"update","timestamp":1700000000,"content-state":{}}}}
            """#
    ),
    RuleCase(
        "error apns.liveactivity.event ios $.payload.aps",
        trips: #"""
            {"headers":{"apns-push-type":"liveactivity","apns-topic":"com.example.app.push-type.liveactivity"},
             "payload":{"aps":{"event":"begin","timestamp":1700000000,"content-state":{}}}}
            """#,
        nearMiss: #"""
            {"headers":{"apns-push-type":"liveactivity","apns-topic":"com.example.app.push-type.liveactivity"},
             "payload":{"aps":{"event":"start","timestamp":1700000000,"content-state":{}}}}
            """#
    ),
]

// MARK: APNs headers (V10)

let apnsHeaderCases: [RuleCase] = [
    RuleCase(
        "error apns.header.collapse-id ios apns-collapse-id",
        trips:
            #"{"headers":{"apns-push-type":"alert","apns-collapse-id":"\#(String(repeating: "c", count: 65))"},"payload":{"aps":{"alert":"Hi"}}}"#,
        nearMiss:
            #"{"headers":{"apns-push-type":"alert","apns-collapse-id":"\#(String(repeating: "c", count: 64))"},"payload":{"aps":{"alert":"Hi"}}}"#
    ),
    RuleCase(
        "error apns.header.priority ios apns-priority",
        trips: #"{"headers":{"apns-push-type":"alert","apns-priority":"7"},"payload":{"aps":{"alert":"Hi"}}}"#,
        nearMiss: #"{"headers":{"apns-push-type":"alert","apns-priority":"1"},"payload":{"aps":{"alert":"Hi"}}}"#
    ),
    RuleCase(
        "error apns.header.expiration ios apns-expiration",
        trips: #"{"headers":{"apns-push-type":"alert","apns-expiration":"tomorrow"},"payload":{"aps":{"alert":"Hi"}}}"#,
        nearMiss: #"{"headers":{"apns-push-type":"alert","apns-expiration":"0"},"payload":{"aps":{"alert":"Hi"}}}"#
    ),
    RuleCase(
        "warning apns.header.expiration-duration ios apns-expiration",
        trips: #"{"headers":{"apns-push-type":"alert","apns-expiration":"3600"},"payload":{"aps":{"alert":"Hi"}}}"#,
        nearMiss:
            #"{"headers":{"apns-push-type":"alert","apns-expiration":"1900000000"},"payload":{"aps":{"alert":"Hi"}}}"#
    ),
    RuleCase(
        "error apns.header.push-type ios apns-push-type",
        trips: #"{"headers":{"apns-push-type":"notification"},"payload":{"aps":{"alert":"Hi"}}}"#,
        nearMiss: #"{"headers":{"apns-push-type":"alert"},"payload":{"aps":{"alert":"Hi"}}}"#
    ),
    RuleCase(
        "warning apns.header.push-type-missing ios apns-push-type",
        trips: #"{"payload":{"aps":{"alert":"Hi"}}}"#,
        nearMiss: #"{"headers":{"apns-push-type":"alert"},"payload":{"aps":{"alert":"Hi"}}}"#
    ),
    RuleCase(
        "warning apns.header.push-type-mismatch ios apns-push-type",
        trips: #"{"headers":{"apns-push-type":"alert","apns-priority":"5"},"payload":{"aps":{"content-available":1}}}"#,
        nearMiss:
            #"{"headers":{"apns-push-type":"background","apns-priority":"5"},"payload":{"aps":{"content-available":1}}}"#
    ),
    RuleCase(
        "error apns.header.topic-suffix ios apns-topic",
        trips: #"{"headers":{"apns-push-type":"voip","apns-topic":"com.example.app"},"payload":{"aps":{}}}"#,
        nearMiss: #"{"headers":{"apns-push-type":"voip","apns-topic":"com.example.app.voip"},"payload":{"aps":{}}}"#
    ),
    RuleCase(
        "error apns.header.topic-suffix ios apns-topic",
        trips:
            #"{"headers":{"apns-push-type":"alert","apns-topic":"com.example.app.voip"},"payload":{"aps":{"alert":"Hi"}}}"#,
        nearMiss:
            #"{"headers":{"apns-push-type":"alert","apns-topic":"com.example.app"},"payload":{"aps":{"alert":"Hi"}}}"#
    ),
    RuleCase(
        "error apns.header.id ios apns-id",
        trips:
            #"{"headers":{"apns-push-type":"alert","apns-id":"123e4567-e89b-12d3-a456-42665544000"},"payload":{"aps":{"alert":"Hi"}}}"#,
        nearMiss:
            #"{"headers":{"apns-push-type":"alert","apns-id":"123e4567-e89b-12d3-a456-426655440000"},"payload":{"aps":{"alert":"Hi"}}}"#
    ),
    // Fullwidth digits are hexadecimal digits to `Character.isHexDigit`, but not to APNs.
    RuleCase(
        "error apns.header.id ios apns-id",
        trips:
            #"{"headers":{"apns-push-type":"alert","apns-id":"１２３e4567-e89b-12d3-a456-426655440000"},"payload":{"aps":{"alert":"Hi"}}}"#,
        nearMiss:
            #"{"headers":{"apns-push-type":"alert","apns-id":"123e4567-e89b-12d3-a456-426655440000"},"payload":{"aps":{"alert":"Hi"}}}"#
    ),
]

// MARK: FCM HTTP v1

let fcmCases: [RuleCase] = [
    RuleCase(
        "error fcm.request.message - $.validate_only",
        trips: #"{"message":{"token":"t","notification":{"title":"T"}},"validate_only":"yes"}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"}},"validate_only":false}"#
    ),
    RuleCase(
        "info fcm.request.validate-only - $.validateOnly",
        trips: #"{"message":{"token":"t","notification":{"title":"T"}},"validateOnly":true}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"}},"validateOnly":false}"#
    ),
    RuleCase(
        "error fcm.request.unknown-field - $.message.priority",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"priority":"high"}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"priority":"high"}}}"#
    ),
    RuleCase(
        "error fcm.request.unknown-field android $.message.android.time_to_live",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"time_to_live":3600}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"ttl":"3600s"}}}"#
    ),
    RuleCase(
        "error fcm.target.exactly-one - $.message",
        trips: #"{"message":{"token":"t","topic":"news","notification":{"title":"T"}}}"#,
        nearMiss: #"{"message":{"topic":"news","notification":{"title":"T"}}}"#
    ),
    RuleCase(
        "error fcm.target.exactly-one - $.message.token",
        trips: #"{"message":{"token":"","notification":{"title":"T"}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"}}}"#
    ),
    RuleCase(
        "warning fcm.topic.prefix - $.message.topic",
        trips: #"{"message":{"topic":"/topics/news","notification":{"title":"T"}}}"#,
        nearMiss: #"{"message":{"topic":"news","notification":{"title":"T"}}}"#
    ),
    RuleCase(
        "error fcm.topic.name - $.message.topic",
        trips: #"{"message":{"topic":"news!","notification":{"title":"T"}}}"#,
        nearMiss: #"{"message":{"topic":"news-1_~%.x","notification":{"title":"T"}}}"#
    ),
    // The topics reference's pattern bounds the length: `[a-zA-Z0-9-_.~%]{1,900}`.
    RuleCase(
        "error fcm.topic.name - $.message.topic",
        trips: #"{"message":{"topic":"\#(String(repeating: "n", count: 901))","notification":{"title":"T"}}}"#,
        nearMiss: #"{"message":{"topic":"\#(String(repeating: "n", count: 900))","notification":{"title":"T"}}}"#
    ),
    RuleCase(
        "error fcm.condition.topics - $.message.condition",
        trips:
            #"{"message":{"condition":"'a' in topics && ('b' in topics || 'c' in topics) && 'd' in topics && 'e' in topics && 'f' in topics","notification":{"title":"T"}}}"#,
        nearMiss:
            #"{"message":{"condition":"'a' in topics && ('b' in topics || 'c' in topics) && 'd' in topics && 'e' in topics","notification":{"title":"T"}}}"#
    ),
    RuleCase(
        "error fcm.data.object - $.message.data.count",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"data":{"count":3}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"data":{"count":"3"}}}"#
    ),
    RuleCase(
        "error fcm.data.object ios $.message.apns.headers.apns-priority",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"headers":{"apns-priority":10}}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"headers":{"apns-priority":"10"}}}}"#
    ),
    RuleCase(
        "error fcm.data.reserved-key - $.message.data.from",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"data":{"from":"shop"}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"data":{"from_shop":"shop"}}}"#
    ),
    RuleCase(
        #"error fcm.data.reserved-key android $.message.android.data["Google.sent"]"#,
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"data":{"Google.sent":"1"}}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"data":{"sent":"1"}}}}"#
    ),
    RuleCase(
        "warning fcm.data.overwritten-key - $.message.data.collapse_key",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"data":{"collapse_key":"c"}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"data":{"collapse":"c"}}}"#
    ),
    RuleCase(
        "warning fcm.data.overwritten-key - $.message.data.googleCampaign",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"data":{"googleCampaign":"c"}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"data":{"campaign_google":"c"}}}"#
    ),
    RuleCase(
        "warning fcm.data.overwritten-key - $.message.data.notification",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"data":{"notification":"n"}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"data":{"notification_id":"n"}}}"#
    ),
    // FCM counts the data's keys and values and the notification's text: 3 + 4,088 + 5 + 1 = 4,097 bytes.
    RuleCase(
        "error fcm.size - $.message",
        trips:
            #"{"message":{"token":"t","notification":{"title":"T"},"data":{"pad":"\#(String(repeating: "a", count: 4_088))"}}}"#,
        nearMiss:
            #"{"message":{"token":"t","notification":{"title":"T"},"data":{"pad":"\#(String(repeating: "a", count: 4_087))"}}}"#
    ),
    // Counted as the request carries the text: each `\"` is two bytes (3 + 2 × 2,047 = 4,097; 4,095).
    RuleCase(
        "error fcm.size - $.message",
        trips: #"{"message":{"token":"t","data":{"pad":"\#(String(repeating: #"\""#, count: 2_047))"}}}"#,
        nearMiss: #"{"message":{"token":"t","data":{"pad":"\#(String(repeating: #"\""#, count: 2_046))"}}}"#
    ),
    RuleCase(
        "error fcm.android.priority android $.message.android.priority",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"priority":"urgent"}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"priority":"HIGH"}}}"#
    ),
    RuleCase(
        "error fcm.android.ttl android $.message.android.ttl",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"ttl":"3600"}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"ttl":"3600.5s"}}}"#
    ),
    RuleCase(
        "error fcm.android.ttl android $.message.android.ttl",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"ttl":"2419201s"}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"ttl":"2419200s"}}}"#
    ),
    RuleCase(
        "warning fcm.android.data-override android $.message.android.data",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"data":{"a":"1"},"android":{"data":{"a":"2"}}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"data":{"a":"2"}}}}"#
    ),
    RuleCase(
        "error fcm.android.notification.color android $.message.android.notification.color",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"notification":{"color":"red"}}}}"#,
        nearMiss:
            ##"{"message":{"token":"t","notification":{"title":"T"},"android":{"notification":{"color":"#ff0000"}}}}"##
    ),
    RuleCase(
        "error fcm.notification.fields - $.message.notification.sound",
        trips: #"{"message":{"token":"t","notification":{"title":"T","sound":"default"}}}"#,
        nearMiss:
            #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"payload":{"aps":{"sound":"default"}}}}}"#
    ),
    RuleCase(
        "error fcm.notification.fields - $.message.notification.image",
        trips: #"{"message":{"token":"t","notification":{"title":"T","image":"sale.png"}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T","image":"https://shop.example/sale.png"}}}"#
    ),
    RuleCase(
        "error fcm.apns.block ios $.message.apns.payload",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"payload":"{\"aps\":{}}"}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"payload":{"aps":{}}}}}"#
    ),
    // Certain with an `apns` block; without one, see `uncertainCases`.
    RuleCase(
        "error fcm.apns.data-only-priority ios apns-priority",
        trips: #"{"message":{"token":"t","data":{"k":"v"},"apns":{"headers":{"apns-priority":"10"}}}}"#,
        nearMiss: #"{"message":{"token":"t","data":{"k":"v"},"apns":{"headers":{"apns-priority":"5"}}}}"#
    ),
    // Firebase's data message (custom data, no alert, sound or badge) is refused at high priority; an
    // `apns` block with headers only carries no data, and a sound is user-facing (Apple: alert, sound, badge).
    RuleCase(
        "error fcm.apns.data-only-priority ios apns-priority",
        trips: #"{"message":{"token":"t","data":{"k":"v"},"apns":{"headers":{"apns-push-type":"alert"}}}}"#,
        nearMiss: #"{"message":{"token":"t","apns":{"headers":{"apns-push-type":"alert"}}}}"#
    ),
    RuleCase(
        "error fcm.apns.data-only-priority ios apns-priority",
        trips: #"{"message":{"token":"t","apns":{"payload":{"aps":{},"k":"v"}}}}"#,
        nearMiss: #"{"message":{"token":"t","apns":{"payload":{"aps":{"sound":"default"},"k":"v"}}}}"#
    ),
    // A `notification` makes it a notification message, even one with only an image (no alert is built).
    RuleCase(
        "error fcm.apns.data-only-priority ios apns-priority",
        trips:
            #"{"message":{"token":"t","data":{"k":"v"},"notification":{},"apns":{"headers":{"apns-priority":"10"}}}}"#,
        nearMiss:
            #"{"message":{"token":"t","data":{"k":"v"},"notification":{"image":"https://x.example/i.png"},"apns":{"headers":{"apns-priority":"10"}}}}"#
    ),
    // proto3 JSON reads null as "not set": a null block is no block, and no error.
    RuleCase(
        "error fcm.block.object android $.message.android.notification",
        trips: #"{"message":{"token":"t","android":{"notification":"{}"}}}"#,
        nearMiss: #"{"message":{"token":"t","android":{"notification":null}}}"#
    ),
    RuleCase(
        "error fcm.block.object - $.message.fcmOptions",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"fcmOptions":1}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"fcmOptions":{}}}"#
    ),
    RuleCase(
        "error fcm.block.object web $.message.webpush",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"webpush":"high"}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"webpush":null}}"#
    ),
    RuleCase(
        "error fcm.android.fields android $.message.android.directBootOk",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"directBootOk":"true"}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"directBootOk":true}}}"#
    ),
    RuleCase(
        "error fcm.android.notification.fields android $.message.android.notification.sticky",
        trips: #"{"message":{"token":"t","android":{"notification":{"title":"T","sticky":"yes"}}}}"#,
        nearMiss: #"{"message":{"token":"t","android":{"notification":{"title":"T","sticky":true}}}}"#
    ),
    // proto3 JSON takes an int32 as a number or a string of one.
    RuleCase(
        "error fcm.android.notification.fields android $.message.android.notification.notificationCount",
        trips: #"{"message":{"token":"t","android":{"notification":{"title":"T","notificationCount":"3 new"}}}}"#,
        nearMiss: #"{"message":{"token":"t","android":{"notification":{"title":"T","notificationCount":"3"}}}}"#
    ),
    RuleCase(
        "error fcm.android.notification.priority-field android $.message.android.notification.notification_priority",
        trips: #"{"message":{"token":"t","android":{"notification":{"title":"T","notification_priority":"high"}}}}"#,
        nearMiss:
            #"{"message":{"token":"t","android":{"notification":{"title":"T","notification_priority":"PRIORITY_HIGH"}}}}"#
    ),
    // An enum's number is its value too.
    RuleCase(
        "error fcm.android.notification.visibility android $.message.android.notification.visibility",
        trips: #"{"message":{"token":"t","android":{"notification":{"title":"T","visibility":"private"}}}}"#,
        nearMiss: #"{"message":{"token":"t","android":{"notification":{"title":"T","visibility":1}}}}"#
    ),
    RuleCase(
        "error fcm.android.notification.proxy android $.message.android.notification.proxy",
        trips: #"{"message":{"token":"t","android":{"notification":{"title":"T","proxy":"if_priority_lowered"}}}}"#,
        nearMiss: #"{"message":{"token":"t","android":{"notification":{"title":"T","proxy":"IF_PRIORITY_LOWERED"}}}}"#
    ),
    RuleCase(
        "error fcm.android.notification.event-time android $.message.android.notification.eventTime",
        trips: #"{"message":{"token":"t","android":{"notification":{"title":"T","eventTime":"2019-10-20 12:00:00"}}}}"#,
        nearMiss:
            #"{"message":{"token":"t","android":{"notification":{"title":"T","eventTime":"2019-10-20T12:00:00.5-06:30"}}}}"#
    ),
    RuleCase(
        "error fcm.android.notification.light-settings android $.message.android.notification.light_settings",
        trips:
            #"{"message":{"token":"t","android":{"notification":{"light_settings":{"color":{"red":1},"light_on_duration":"1s"}}}}}"#,
        nearMiss:
            #"{"message":{"token":"t","android":{"notification":{"light_settings":{"color":{"red":1},"light_on_duration":"1s","light_off_duration":"0s"}}}}}"#
    ),
    RuleCase(
        "error fcm.android.notification.light-settings android $.message.android.notification.light_settings.color",
        trips:
            ##"{"message":{"token":"t","android":{"notification":{"light_settings":{"color":"#aabbcc","light_on_duration":"1s","light_off_duration":"1s"}}}}}"##,
        nearMiss:
            #"{"message":{"token":"t","android":{"notification":{"light_settings":{"color":{"red":0.6,"green":0.7,"blue":0.8},"light_on_duration":"1s","light_off_duration":"1s"}}}}}"#
    ),
    RuleCase(
        "error fcm.android.notification.vibrate-timings android $.message.android.notification.vibrate_timings",
        trips: #"{"message":{"token":"t","android":{"notification":{"title":"T","vibrate_timings":["0.5s",500]}}}}"#,
        nearMiss:
            #"{"message":{"token":"t","android":{"notification":{"title":"T","vibrate_timings":["0.5s","0.5s"]}}}}"#
    ),
    RuleCase(
        "error fcm.android.notification.image android $.message.android.notification.image",
        trips: #"{"message":{"token":"t","android":{"notification":{"title":"T","image":"image.jpg"}}}}"#,
        nearMiss:
            #"{"message":{"token":"t","android":{"notification":{"title":"T","image":"https://x.example/i.jpg"}}}}"#
    ),
    RuleCase(
        "warning fcm.android.notification.loc-args-without-key android $.message.android.notification.body_loc_args",
        trips: #"{"message":{"token":"t","android":{"notification":{"title":"T","body_loc_args":["a"]}}}}"#,
        nearMiss:
            #"{"message":{"token":"t","android":{"notification":{"title":"T","body_loc_key":"K","body_loc_args":["a"]}}}}"#
    ),
    // An empty label is proto3's default: not set.
    RuleCase(
        "error fcm.fcm-options.analytics-label ios $.message.apns.fcm_options.analytics_label",
        trips:
            #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"fcm_options":{"analytics_label":"a b"}}}}"#,
        nearMiss:
            #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"fcm_options":{"analytics_label":""}}}}"#
    ),
    RuleCase(
        "error fcm.apns.fcm-options.image ios $.message.apns.fcm_options.image",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"fcm_options":{"image":"i.png"}}}}"#,
        nearMiss:
            #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"fcm_options":{"image":"https://x.example/i.png"}}}}"#
    ),
    RuleCase(
        "error fcm.apns.live-activity-token ios $.message.apns.live_activity_token",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"live_activity_token":7}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"live_activity_token":"lat"}}}"#
    ),
    // An empty string is proto3's default: not set, so accepted, and the push goes to the device token.
    RuleCase(
        "warning fcm.apns.live-activity-token.empty ios $.message.apns.live_activity_token",
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"live_activity_token":""}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"live_activity_token":"lat"}}}"#
    ),
    RuleCase(
        "error fcm.webpush.link web $.message.webpush.fcm_options.link",
        trips:
            #"{"message":{"token":"t","notification":{"title":"T"},"webpush":{"fcm_options":{"link":"http://shop.example"}}}}"#,
        nearMiss:
            #"{"message":{"token":"t","notification":{"title":"T"},"webpush":{"fcm_options":{"link":"https://shop.example"}}}}"#
    ),
]

// MARK: Legacy FCM HTTP

let legacyCases: [RuleCase] = [
    RuleCase(
        "error fcm.legacy.api - $",
        trips: #"{"to":"t","notification":{"title":"T"}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"}}}"#
    ),
    RuleCase(
        "error fcm.legacy.target - $",
        trips: #"{"to":"t","registration_ids":["a"],"notification":{"title":"T"}}"#,
        nearMiss: #"{"registration_ids":["a"],"notification":{"title":"T"}}"#
    ),
    RuleCase(
        "error fcm.legacy.target - $.registration_ids",
        trips: #"{"registration_ids":[],"notification":{"title":"T"}}"#,
        nearMiss: #"{"registration_ids":["a"],"notification":{"title":"T"}}"#
    ),
    RuleCase(
        "error fcm.legacy.options - $.priority",
        trips: #"{"to":"t","priority":"urgent","notification":{"title":"T"}}"#,
        nearMiss: #"{"to":"t","priority":"high","notification":{"title":"T"}}"#
    ),
    RuleCase(
        "error fcm.legacy.options - $.time_to_live",
        trips: #"{"to":"t","time_to_live":"3600","notification":{"title":"T"}}"#,
        nearMiss: #"{"to":"t","time_to_live":3600,"notification":{"title":"T"}}"#
    ),
    RuleCase(
        "error fcm.legacy.options - $.content_available",
        trips: #"{"to":"t","content_available":"true","data":{"k":"v"}}"#,
        nearMiss: #"{"to":"t","content_available":true,"data":{"k":"v"}}"#
    ),
]

// MARK: Vendors' SDKs and platform divergence

let vendorCases: [RuleCase] = [
    RuleCase(
        "error vendor.cordial.mcid ios $.mcID",
        trips: #"{"aps":{"alert":"Hi"},"mcID":42}"#,
        nearMiss: #"{"aps":{"alert":"Hi"},"mcID":"42"}"#
    ),
    RuleCase(
        "error vendor.cordial.mcid ios $.message.apns.payload.mcID",
        trips:
            #"{"message":{"token":"t","notification":{"title":"T"},"data":{"mcID":"42"},"apns":{"payload":{"mcID":42}}}}"#,
        nearMiss: #"{"message":{"token":"t","notification":{"title":"T"},"data":{"mcID":"42"}}}"#
    ),
    RuleCase(
        "warning vendor.cordial.extension-layout ios $.system",
        trips: #"{"aps":{"alert":"Hi"},"system":{"messageAttribution":{"mcID":"m"}}}"#,
        nearMiss: #"{"aps":{"alert":"Hi"},"mcID":"m","system":{"messageAttribution":{"mcID":"m"}}}"#
    ),
    RuleCase(
        "error vendor.exponea.source ios $.source",
        trips: #"{"aps":{"alert":"Hi"},"source":"XNPE_PLATFORM"}"#,
        nearMiss: #"{"aps":{"alert":"Hi"},"source":"xnpe_platform"}"#
    ),
    RuleCase(
        "error vendor.exponea.source android $.source",
        trips: #"{"source":"xnpe-platform ","title":"T","message":"M"}"#,
        nearMiss: #"{"source":"xnpe_platform","title":"T","message":"M"}"#
    ),
    RuleCase(
        "error vendor.exponea.source ios $.source",
        trips: #"{"aps":{"alert":"Hi"},"source":["xnpe_platform"]}"#,
        nearMiss: #"{"aps":{"alert":"Hi"},"source":"xnpe_platform_v2_backend"}"#
    ),
    RuleCase(
        "warning vendor.exponea.silent-flag ios $.silent",
        trips: #"{"aps":{"content-available":1},"source":"xnpe_platform","silent":"true"}"#,
        nearMiss: #"{"aps":{"content-available":1},"source":"xnpe_platform","silent":1}"#
    ),
    RuleCase(
        "warning vendor.exponea.silent-flag android $.silent",
        trips: #"{"source":"xnpe_platform","title":"T","message":"M","silent":"True"}"#,
        nearMiss: #"{"source":"xnpe_platform","title":"T","message":"M","silent":"true"}"#
    ),
    RuleCase(
        "warning vendor.exponea.not-shown android $",
        trips: #"{"source":"xnpe_platform","title":" ","message":""}"#,
        nearMiss: #"{"source":"xnpe_platform","title":" ","message":"M"}"#
    ),
    RuleCase(
        "warning vendor.exponea.not-shown android $",
        trips: #"{"source":"xnpe_platform","title":"T","message":"M","notification_id":"one"}"#,
        nearMiss: #"{"source":"xnpe_platform","title":"T","message":"M","notification_id":"1"}"#
    ),
    RuleCase(
        "warning vendor.exponea.actions ios $.actions",
        trips:
            #"{"aps":{"alert":"Hi"},"source":"xnpe_platform","actions":[{"title":"Open","action":"app","index":0}]}"#,
        nearMiss:
            #"{"aps":{"alert":"Hi"},"source":"xnpe_platform","actions":[{"title":"Open","action":"app","index":"0"}]}"#
    ),
    RuleCase(
        "error vendor.swrve.push-id ios $._p",
        trips: #"{"aps":{"alert":"Hi"},"_p":""}"#,
        nearMiss: #"{"aps":{"alert":"Hi"},"_p":" "}"#
    ),
    // An empty `_sp` beside a usable `_p`: the push is Swrve's, but shown. An empty `_p` beside a usable
    // `_sp` does not matter.
    RuleCase(
        "error vendor.swrve.push-id ios $._sp",
        trips: #"{"aps":{"content-available":1},"_p":"7","_sp":""}"#,
        nearMiss: #"{"aps":{"content-available":1},"_p":"","_sp":"7"}"#
    ),
    RuleCase(
        "warning vendor.swrve.push-id-boolean ios $._p",
        trips: #"{"aps":{"alert":"Hi"},"_p":true}"#,
        nearMiss: #"{"aps":{"alert":"Hi"},"_p":1}"#
    ),
    RuleCase(
        "warning vendor.swrve.rich-version ios $._sw",
        trips: #"{"aps":{"alert":"Hi"},"_p":"7","_sw":{"version":"2"}}"#,
        nearMiss: #"{"aps":{"alert":"Hi"},"_p":"7","_sw":{"version":"1.5"}}"#
    ),
    RuleCase(
        "warning vendor.swrve.rich-version android $._sw",
        trips: #"{"_p":"7","text":"Hi","_sw":"{\"version\":2}"}"#,
        nearMiss: #"{"_p":"7","text":"Hi","_sw":"{\"version\":1}"}"#
    ),
    RuleCase(
        "error vendor.atomic.envelope ios $.atomic",
        trips:
            #"{"aps":{"alert":"Hi"},"atomic":{"source":"io.atomic","cardInstanceId":42,"streamContainerId":"1234"}}"#,
        nearMiss:
            #"{"aps":{"alert":"Hi"},"atomic":{"source":"io.atomic","cardInstanceId":"42","streamContainerId":1234}}"#
    ),
    RuleCase(
        "error vendor.atomic.envelope android $.atomic",
        trips:
            #"{"title":"T","body":"B","atomic":"{'source':'io.atomic','cardInstanceId':'c','streamContainerId':'1'}"}"#,
        nearMiss:
            #"{"title":"T","body":"B","atomic":"{\"source\":\"io.atomic\",\"cardInstanceId\":\"c\",\"streamContainerId\":\"1\"}"}"#
    ),
    RuleCase(
        "error vendor.atomic.envelope ios $.atomic",
        trips:
            #"{"aps":{"alert":"Hi"},"atomic":[{"source":"io.atomic","cardInstanceId":"c","streamContainerId":"1"}]}"#,
        nearMiss: #"{"aps":{"alert":"Hi"},"atomic":["io.atomic"]}"#
    ),
    RuleCase(
        "warning vendor.embedded-json android $._sw",
        trips: #"{"_p":"7","text":"Hi","_sw":"{\"media\":{\"title\":\"T\"}"}"#,
        nearMiss: #"{"_p":"7","text":"Hi","_sw":"{\"media\":{\"title\":\"T\"}}"}"#
    ),
    RuleCase(
        "warning vendor.ambiguous ios $",
        trips: #"{"aps":{"alert":"Hi"},"source":"xnpe_platform","mcID":"m"}"#,
        nearMiss: #"{"aps":{"alert":"Hi"},"source":"xnpe_platform","mc_id":"m"}"#
    ),
    RuleCase(
        "warning vendor.silent-flag-ignored ios $.silent",
        trips: #"{"aps":{"alert":"Hi"},"mcID":"m","silent":1}"#,
        nearMiss: #"{"aps":{"alert":"Hi"},"mcID":"m","silent":false}"#
    ),
    RuleCase(
        "warning vendor.silent-flag-ignored ios $._sp",
        trips: #"{"aps":{"alert":"Hi"},"source":"xnpe_platform","_sp":"7"}"#,
        nearMiss: #"{"aps":{"alert":"Hi"},"source":"xnpe_platform","_sp":""}"#
    ),
    // The issue's case: Android reads `actions` as JSON and `silent` "true"; iOS reads neither. Without
    // the platforms' blocks, it holds only if devices of both platforms receive the request.
    RuleCase(
        "warning platform.divergence - $",
        certain: false,
        trips: #"""
            {"message":{"token":"t","notification":{"title":"Sale","body":"Today only"},
             "data":{"source":"xnpe_platform","title":"Sale","message":"Today only","silent":"true",
                     "actions":"[{\"title\":\"Shop\",\"action\":\"app\"}]"}}}
            """#,
        nearMiss: #"""
            {"message":{"token":"t","notification":{"title":"Sale","body":"Today only"},
             "data":{"source":"xnpe_platform","title":"Sale","message":"Today only",
                     "actions":"[{\"title\":\"Shop\",\"action\":\"app\"}]"},
             "apns":{"payload":{"actions":[{"title":"Shop","action":"app"}]}}}}
            """#
    ),
    // Silent on iOS (`content-available` only) and visible on Android: a divergence for a vendor's push,
    // and for no one else's (the app decides). With both platforms' blocks, it is certain.
    RuleCase(
        "warning platform.divergence - $",
        trips: #"""
            {"message":{"token":"t","data":{"mcID":"m"},"android":{"priority":"high"},
             "apns":{"headers":{"apns-push-type":"background","apns-priority":"5"},
                     "payload":{"aps":{"content-available":1}}}}}
            """#,
        nearMiss: #"""
            {"message":{"token":"t","data":{"mc_id":"m"},"android":{"priority":"high"},
             "apns":{"headers":{"apns-push-type":"background","apns-priority":"5"},
                     "payload":{"aps":{"content-available":1}}}}}
            """#
    ),
    RuleCase(
        "warning platform.divergence - $",
        certain: false,
        trips: #"""
            {"message":{"token":"t","data":{"mcID":"m"},
             "apns":{"headers":{"apns-push-type":"background","apns-priority":"5"},
                     "payload":{"aps":{"content-available":1}}}}}
            """#,
        nearMiss: #"""
            {"message":{"token":"t","data":{"mc_id":"m"},
             "apns":{"headers":{"apns-push-type":"background","apns-priority":"5"},
                     "payload":{"aps":{"content-available":1}}}}}
            """#
    ),
]

// MARK: Uncertain: the request does not say that a device of the platform receives it

/// Device rules (``PushCheckRule/Scope/device``) tripped by FCM bodies that name no platform for the
/// finding (a token, topic or condition, without the platform's block): each finding is at most a
/// warning and says so. `CertaintyTests` checks that each of them is certain, at the rule's severity,
/// when the checker is told the platform, and gone when it is told another.
let uncertainCases: [RuleCase] = [
    // The issue's case: a data message to a token that may be an Android device's.
    RuleCase(
        "warning fcm.apns.data-only-priority ios apns-priority",
        certain: false,
        trips: #"{"message":{"token":"t","data":{"k":"v"},"android":{"priority":"high"}}}"#,
        nearMiss:
            #"{"message":{"token":"t","data":{"k":"v"},"notification":{"title":"T"},"android":{"priority":"high"}}}"#
    ),
    RuleCase(
        "warning fcm.apns.data-only-priority ios apns-priority",
        certain: false,
        trips: #"{"message":{"topic":"news","data":{"k":"v"}}}"#,
        nearMiss: #"{"message":{"topic":"news","notification":{"body":"B"}}}"#
    ),
    RuleCase(
        "warning apns.header.push-type-missing ios apns-push-type",
        certain: false,
        trips: #"{"message":{"token":"t","notification":{"title":"T"},"android":{"priority":"high"}}}"#,
        nearMiss:
            #"{"message":{"token":"t","notification":{"title":"T"},"android":{"priority":"high"},"apns":{"headers":{"apns-push-type":"alert"}}}}"#
    ),
    // FCM's limit is certain; the iOS payload's only if an Apple device gets it (4,110 bytes: the data
    // beside `aps`, and the alert FCM builds).
    RuleCase(
        "warning apns.size ios $.message.apns.payload",
        certain: false,
        trips:
            #"{"message":{"token":"t","notification":{"title":"T"},"data":{"pad":"\#(String(repeating: "a", count: 4_080))"}}}"#,
        nearMiss:
            #"{"message":{"token":"t","notification":{"title":"T"},"data":{"pad":"\#(String(repeating: "a", count: 4_040))"}}}"#
    ),
    // Exponea's iOS SDK reads `silent` only as a number; Android reads "true". Only iOS is at fault.
    RuleCase(
        "warning vendor.exponea.silent-flag ios $.message.data.silent",
        certain: false,
        trips:
            #"{"message":{"token":"t","data":{"source":"xnpe_platform","title":"T","message":"M","silent":"true"}}}"#,
        nearMiss: #"{"message":{"token":"t","data":{"source":"xnpe_platform","title":"T","message":"M"}}}"#
    ),
    RuleCase(
        "warning vendor.exponea.not-shown android $",
        certain: false,
        trips: #"{"message":{"token":"t","data":{"source":"xnpe_platform","title":" ","message":""}}}"#,
        nearMiss: #"{"message":{"token":"t","data":{"source":"xnpe_platform","title":" ","message":"M"}}}"#
    ),
    RuleCase(
        "warning vendor.embedded-json android $.message.data._sw",
        certain: false,
        trips: #"{"message":{"token":"t","data":{"_p":"7","text":"Hi","_sw":"{\"media\":{}"}}}"#,
        nearMiss: #"{"message":{"token":"t","data":{"_p":"7","text":"Hi","_sw":"{\"media\":{}}"}}}"#
    ),
]
