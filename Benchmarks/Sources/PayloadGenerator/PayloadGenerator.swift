#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A deterministic generator of realistic push payloads.
///
/// The same seed gives the same bytes on every machine. Payloads mimic what the four vendors' SDKs
/// read (see `docs/vendor-rules.md`) and what other common senders put beside them, in the
/// two shapes a device receives:
///
/// - APNs: a nested `aps` dictionary (alert string or dict, badge, sound, category, `mutable-content`,
///   `content-available`, …) plus the sender's own keys, with nested objects and arrays;
/// - FCM data: a flat map of strings, where nested values are JSON text inside a string (so they are
///   full of `\"` escapes).
///
/// Sizes follow a log-normal spread clamped to 150 B … 4 KiB; with the defaults the median payload is
/// about 780 B and the mean about 870 B (each sender's fixed keys come on top of the drawn size). Text
/// mixes languages, scripts and emoji; some senders escape non-ASCII as `\uXXXX` (surrogate pairs for emoji) or `/` as
/// `\/`. About `malformedPercent` % of payloads are broken on purpose (truncated, invalid UTF-8,
/// trailing comma, duplicate key). No payload contains a raw line feed, so they can be joined as JSON Lines.
///
/// ```swift
/// var generator = PayloadGenerator(seed: 1)
/// var bytes: [UInt8] = []
/// let info = generator.next(into: &bytes)
/// ```
public struct PayloadGenerator: Sendable {
    /// Who sent a payload.
    public enum Sender: String, CaseIterable, Sendable {
        case cordial, exponea, swrve, atomic, braze, oneSignal, airship, iterable, customerIO, firebase
    }

    /// How a payload reached the device.
    public enum Shape: String, Sendable {
        /// An APNs payload: nested JSON with an `aps` dictionary.
        case apns
        /// An FCM data message: a flat map of strings.
        case fcmData
    }

    /// How a payload was broken on purpose, if at all.
    public enum Defect: String, CaseIterable, Sendable {
        case none, truncated, invalidUTF8, trailingComma, duplicateKey
        /// A backslash that starts no JSON escape (`\x`, `\'`, `\u` with too few or non-hex digits, a lone
        /// low surrogate); only ``PrefixedPayloadGenerator`` makes it.
        case badEscape

        /// The defects of the push and wide shapes, in the order their streams draw them.
        static let pushAndWide: [Defect] = [.truncated, .invalidUTF8, .trailingComma, .duplicateKey]
    }

    /// What was generated.
    public struct Info: Sendable {
        /// The sender the payload imitates.
        public var sender: Sender
        /// APNs or FCM data.
        public var shape: Shape
        /// The deliberate defect, or `.none` for valid JSON.
        public var defect: Defect
    }

    /// The percentage (0…100) of payloads broken on purpose.
    public var malformedPercent: Double
    /// The median of the drawn target sizes in bytes (payloads end up somewhat larger: see the type's discussion).
    public var medianBytes: Double
    /// The smallest and largest payload size targeted (malformed payloads may end slightly outside).
    public var sizeRange: ClosedRange<Int>

    private var rng: SeededRandom
    private var emitter = JSONEmitter(style: .compact)
    private var inner = JSONEmitter(style: .compact)
    private var language = Text.english
    private var style = JSONStyle.compact
    private var target = 0

    /// Creates a generator; equal seeds and settings give equal payload sequences.
    public init(
        seed: UInt64 = 1,
        malformedPercent: Double = 1,
        medianBytes: Double = 660,
        sizeRange: ClosedRange<Int> = 150...4096
    ) {
        self.rng = SeededRandom(seed: seed)
        self.malformedPercent = malformedPercent
        self.medianBytes = medianBytes
        self.sizeRange = sizeRange
    }

    /// Replaces the contents of `bytes` with the next payload and tells what it is.
    public mutating func next(into bytes: inout [UInt8]) -> Info {
        let sender = pickSender()
        let shape: Shape =
            sender == .firebase ? (rng.below(4) == 0 ? .apns : .fcmData) : (rng.below(2) == 0 ? .apns : .fcmData)
        // Senders' serialisers: Python writes spaced ASCII-only JSON, org.json escapes slashes, others are compact.
        let flavour = rng.below(100)
        style = JSONStyle(
            spaced: flavour < 15,
            asciiOnly: flavour < 12,
            escapeSlashes: (flavour >= 15 && flavour < 30) || (shape == .fcmData && flavour < 40)
        )
        language = Text.language(&rng)
        let defect: Defect =
            rng.chance(malformedPercent) ? Defect.pushAndWide[rng.below(Defect.pushAndWide.count)] : .none
        while true {
            target = targetSize()
            emitter.reset(style: style)
            emitter.beginObject()
            build(sender, shape)
            pad(shape)
            emitter.endObject()
            if emitter.count <= sizeRange.upperBound { break }
        }
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: emitter.out)
        if defect != .none { Defects.apply(defect, to: &bytes, &rng) }
        return Info(sender: sender, shape: shape, defect: defect)
    }

    /// The next payload as a new array.
    public mutating func next() -> (bytes: [UInt8], info: Info) {
        var bytes: [UInt8] = []
        let info = next(into: &bytes)
        return (bytes, info)
    }

    private mutating func pickSender() -> Sender {
        // The four vendors the library classifies dominate; the rest is traffic it must leave alone.
        let r = rng.below(100)
        switch r {
        case 0..<16: return .cordial
        case 16..<34: return .exponea
        case 34..<52: return .swrve
        case 52..<60: return .atomic
        case 60..<70: return .braze
        case 70..<77: return .oneSignal
        case 77..<83: return .airship
        case 83..<89: return .iterable
        case 89..<94: return .customerIO
        default: return .firebase
        }
    }

    private mutating func targetSize() -> Int {
        let size = Int(medianBytes * exp(0.55 * rng.normal()))
        return min(max(size, sizeRange.lowerBound), sizeRange.upperBound - 64)
    }

    // MARK: Pieces

    private var remaining: Int { target - emitter.count }

    private mutating func title() -> [UInt8] {
        var text = rng.pick(language.titles)
        if rng.below(4) == 0 {
            text.append(UInt8(ascii: " "))
            text += rng.pick(Text.emoji)
        }
        return text
    }

    /// Body text of roughly `length` bytes, whole sentences, sometimes on several lines.
    private mutating func body(_ length: Int) -> [UInt8] {
        var text = rng.pick(language.sentences)
        while text.count < length {
            text.append(rng.below(6) == 0 ? 0x0A : UInt8(ascii: " "))
            if rng.below(10) == 0 {
                text += rng.pick(Text.emoji)
                text.append(UInt8(ascii: " "))
            }
            text += rng.pick(language.sentences)
        }
        return text
    }

    /// A body length that grows with the target size, so large payloads are large mostly through text.
    private mutating func bodyLength() -> Int {
        max(20, min(900, Int(Double(target) * (0.08 + 0.17 * rng.unit()))))
    }

    private mutating func aps(silent: Bool, alertDict: Bool? = nil, mutable: Bool = false) {
        emitter.key("aps")
        emitter.beginObject()
        if silent {
            emitter.key("content-available")
            emitter.int(1)
            emitter.endObject()
            return
        }
        emitter.key("alert")
        if alertDict ?? (rng.below(10) < 7) {
            emitter.beginObject()
            emitter.key("title")
            emitter.string(title())
            if rng.below(5) == 0 {
                emitter.key("subtitle")
                emitter.string(rng.pick(language.titles))
            }
            emitter.key("body")
            emitter.string(body(bodyLength()))
            if rng.below(30) == 0 {
                emitter.key("launch-image")
                emitter.string("Default.png")
            }
            emitter.endObject()
        } else {
            emitter.string(body(bodyLength()))
        }
        if rng.below(10) < 4 {
            emitter.key("badge")
            emitter.int(rng.int(0...120))
        }
        let sound = rng.below(100)
        if sound < 50 {
            emitter.key("sound")
            emitter.string("default")
        } else if sound < 53 {
            emitter.key("sound")
            emitter.beginObject()
            emitter.key("critical")
            emitter.int(1)
            emitter.key("name")
            emitter.string("alarm.caf")
            emitter.key("volume")
            emitter.fixed(rng.int(1...10), scale: 1)
            emitter.endObject()
        }
        if rng.below(10) < 3 {
            emitter.key("category")
            emitter.string(rng.pick(Self.categories))
        }
        if mutable || rng.below(5) == 0 {
            emitter.key("mutable-content")
            emitter.int(1)
        }
        if rng.below(10) == 0 {
            emitter.key("content-available")
            emitter.int(1)
        }
        if rng.below(5) == 0 {
            emitter.key("thread-id")
            emitter.string(rng.pick(Self.threads))
        }
        if rng.below(10) == 0 {
            emitter.key("interruption-level")
            emitter.string(rng.pick(Self.interruptionLevels))
        }
        if rng.below(20) == 0 {
            emitter.key("relevance-score")
            emitter.fixed(rng.int(0...100), scale: 2)
        }
        emitter.endObject()
    }

    private static let categories: [[UInt8]] = Text.bytes([
        "carouselNotificationCategory", "MESSAGE", "ORDER_UPDATE", "ab_cat_1", "SALE", "NEWS_ARTICLE",
    ])
    private static let threads: [[UInt8]] = Text.bytes(["orders", "chat-2931", "news", "promotions"])
    private static let interruptionLevels: [[UInt8]] = Text.bytes(["active", "passive", "time-sensitive"])

    /// Runs `body` on the payload's emitter, with the generator beside it (whose own emitter is then a stand-in).
    private mutating func direct(_ body: (inout JSONEmitter, inout Self) -> Void) {
        var e = emitter
        emitter = JSONEmitter(style: .compact, capacity: 0)
        body(&e, &self)
        emitter = e
    }

    /// Writes a string member whose value is JSON text built by `body` (the FCM data convention).
    private mutating func embedded(
        _ key: StaticString,
        pretty: Bool = false,
        _ body: (inout JSONEmitter, inout Self) -> Void
    ) {
        var innerStyle = style
        innerStyle.pretty = pretty
        var nested = inner
        inner = JSONEmitter(style: .compact, capacity: 0)
        nested.reset(style: innerStyle)
        body(&nested, &self)
        emitter.key(key)
        emitter.embedded(nested.out)
        inner = nested
    }

    // MARK: Senders

    private mutating func build(_ sender: Sender, _ shape: Shape) {
        switch sender {
        case .cordial: cordial(shape)
        case .exponea: exponea(shape)
        case .swrve: swrve(shape)
        case .atomic: atomic(shape)
        case .braze: braze(shape)
        case .oneSignal: oneSignal(shape)
        case .airship: airship(shape)
        case .iterable: iterable(shape)
        case .customerIO: customerIO(shape)
        case .firebase: firebase(shape)
        }
    }

    private mutating func mcID() -> [UInt8] {
        if rng.below(10) == 0 { return Array("test_mc_id".utf8) }
        var id = Text.digits(2, &rng)
        id.append(UInt8(ascii: ":"))
        id += Text.hex(24, &rng)
        id += Array(":ot:".utf8)
        id += Text.hex(24, &rng)
        id.append(UInt8(ascii: ":"))
        id += Text.digits(1, &rng)
        return id
    }

    private static let iamTypes: [[UInt8]] = Text.bytes(["modal", "banner_up", "banner_bottom", "fullscreen"])

    private static func cordialDeepLink(_ e: inout JSONEmitter, _ g: inout Self) {
        e.beginObject()
        e.key("url")
        e.string(Text.url(&g.rng))
        if g.rng.below(2) == 0 {
            e.key("fallbackUrl")
            e.string(Text.url(&g.rng))
        }
        if g.rng.below(4) == 0 {
            e.key("vanityUrl")
            e.string(Text.url(&g.rng))
        }
        e.endObject()
    }

    private static func cordialSystem(_ e: inout JSONEmitter, _ g: inout Self) {
        e.beginObject()
        if g.rng.below(4) != 0 {
            e.key("iam")
            e.beginObject()
            e.key("type")
            e.string(g.rng.pick(iamTypes))
            e.key("displayType")
            e.string(g.rng.below(3) == 0 ? "displayOnAppOpenEvent" : "displayImmediately")
            e.key("inactiveSessionDisplay")
            e.string(g.rng.below(4) == 0 ? "hide-in-app" : "show-in-app")
            if g.rng.below(3) == 0 {
                e.key("expirationTime")
                e.string("2024-0\(g.rng.int(1...9))-1\(g.rng.int(0...9))T0\(g.rng.int(0...9)):00:00.000Z".utf8Array)
            }
            if g.rng.below(4) == 0 {
                e.key("right")
                e.int(g.rng.int(0...20))
                e.key("left")
                e.int(g.rng.int(0...20))
            }
            e.endObject()
        }
        if g.rng.below(2) == 0 {
            e.key("inbox")
            e.beginObject()
            e.endObject()
        }
        e.endObject()
    }

    private static func carousel(_ e: inout JSONEmitter, _ g: inout Self) {
        e.beginArray()
        for _ in 0..<g.rng.int(2...5) {
            e.beginObject()
            e.key("imageURL")
            e.string(Text.url(&g.rng, image: true))
            e.key("deepLink")
            e.string(Text.url(&g.rng))
            e.endObject()
        }
        e.endArray()
    }

    private mutating func cordial(_ shape: Shape) {
        let silent = rng.below(4) == 0
        let hasSystem = silent || rng.below(4) == 0
        if shape == .apns {
            aps(silent: silent, mutable: rng.below(3) == 0)
            emitter.key("mcID")
            emitter.string(mcID())
            if rng.below(10) < 6 {
                emitter.key("deepLink")
                direct { e, g in Self.cordialDeepLink(&e, &g) }
            }
            if hasSystem {
                emitter.key("system")
                direct { e, g in Self.cordialSystem(&e, &g) }
            }
            if rng.below(10) < 3 {
                emitter.key("imageURL")
                emitter.string(Text.url(&rng, image: true))
            }
            if remaining > 300 && rng.below(8) == 0 {
                emitter.key("carousel")
                direct { e, g in Self.carousel(&e, &g) }
            }
        } else {
            emitter.key("mcID")
            emitter.string(mcID())
            if !silent {
                emitter.key("title")
                emitter.string(title())
                emitter.key("body")
                emitter.string(body(bodyLength()))
            }
            if rng.below(10) < 6 { embedded("deepLink") { e, g in Self.cordialDeepLink(&e, &g) } }
            if hasSystem { embedded("system") { e, g in Self.cordialSystem(&e, &g) } }
            if rng.below(10) < 3 {
                emitter.key("imageURL")
                emitter.string(Text.url(&rng, image: true))
            }
            if remaining > 300 && rng.below(8) == 0 { embedded("carousel") { e, g in Self.carousel(&e, &g) } }
        }
    }

    private static let exponeaActions: [[UInt8]] = Text.bytes(["app", "browser", "deeplink"])

    private static func exponeaButtons(_ e: inout JSONEmitter, _ g: inout Self) {
        e.beginArray()
        for _ in 0..<g.rng.int(1...3) {
            e.beginObject()
            e.key("title")
            e.string(g.rng.pick(g.language.titles))
            let action = g.rng.pick(exponeaActions)
            e.key("action")
            e.string(action)
            if action.count > 3 {
                e.key("url")
                e.string(Text.url(&g.rng, deepLink: action.count == 8))
            }
            e.endObject()
        }
        e.endArray()
    }

    private static func exponeaAttributes(_ e: inout JSONEmitter, _ g: inout Self, platform: StaticString) {
        e.beginObject()
        e.key("event_type")
        e.string(g.rng.below(10) == 0 ? "custom_push_open" : "campaign")
        e.key("campaign_id")
        e.string(Text.hex(24, &g.rng))
        e.key("campaign_name")
        e.string(g.rng.pick(Text.campaignNames))
        e.key("action_id")
        e.int(g.rng.int(1...400))
        e.key("action_type")
        e.string("mobile notification")
        e.key("action_name")
        e.string("Unnamed mobile push")
        e.key("campaign_policy")
        e.string("")
        e.key("subject")
        e.string(g.rng.pick(g.language.titles))
        e.key("language")
        e.string(g.rng.below(2) == 0 ? "" : "en")
        e.key("platform")
        e.string(platform)
        e.key("recipient")
        e.string(g.rng.below(2) == 0 ? Text.hex(64, &g.rng).uppercased : Text.token(152, &g.rng))
        e.key("sent_timestamp")
        e.fixed(1_650_000_000_000_000 + g.rng.below(100_000_000_000_000), scale: 6)
        if g.rng.below(3) == 0 {
            e.key("type")
            e.string("push")
        }
        if g.rng.below(4) == 0 {
            e.key("consent_category")
            e.string("Marketing")
        }
        e.endObject()
    }

    private static func utmParams(_ e: inout JSONEmitter, _ g: inout Self) {
        e.beginObject()
        e.key("utm_source")
        e.string("exponea")
        e.key("utm_campaign")
        e.string(g.rng.pick(Text.campaignNames))
        e.key("utm_medium")
        e.string("mobile_push_notification")
        if g.rng.below(2) == 0 {
            e.key("utm_content")
            e.string(g.rng.below(2) == 0 ? "hu" : "en")
        }
        if g.rng.below(5) == 0 {
            e.key("xnpe_cmp")
            e.string(Text.token(40, &g.rng))
        }
        e.endObject()
    }

    private mutating func exponea(_ shape: Shape) {
        let silent = rng.below(10) == 0
        let action = rng.pick(Self.exponeaActions)
        if shape == .apns {
            emitter.key("source")
            emitter.string("xnpe_platform")
            emitter.key("title")
            emitter.string(title())
            emitter.key("message")
            emitter.string(body(bodyLength()))
            emitter.key("action")
            emitter.string(action)
            if action.count > 3 {
                emitter.key("url")
                emitter.string(Text.url(&rng, deepLink: action.count == 8))
            }
            if rng.below(2) == 0 {
                emitter.key("actions")
                direct { e, g in Self.exponeaButtons(&e, &g) }
            }
            if rng.below(10) < 9 {
                emitter.key("attributes")
                direct { e, g in Self.exponeaAttributes(&e, &g, platform: "ios") }
            }
            if rng.below(10) < 6 {
                emitter.key("url_params")
                direct { e, g in Self.utmParams(&e, &g) }
            }
            if rng.below(2) == 0 || silent {
                emitter.key("silent")
                emitter.int(silent ? 1 : 0)
            }
            if rng.below(10) < 3 {
                emitter.key("has_tracking_consent")
                if rng.below(3) == 0 {
                    emitter.string(rng.below(2) == 0 ? "1" : "false")
                } else {
                    emitter.bool(rng.below(4) != 0)
                }
            }
            if rng.below(5) == 0 {
                emitter.key("consent_category_tracking")
                emitter.string("Marketing")
            }
            if rng.below(10) < 3 {
                emitter.key("image")
                emitter.string(Text.url(&rng, image: true))
            }
            if rng.below(10) == 0 {
                emitter.key("legacy_ios_category")
                emitter.null()
            }
            aps(silent: silent, alertDict: rng.below(2) == 0, mutable: true)
        } else {
            emitter.key("notification_id")
            emitter.string(Text.digits(10, &rng))
            emitter.key("source")
            emitter.string("xnpe_platform")
            emitter.key("silent")
            emitter.string(silent ? "true" : "false")
            emitter.key("action")
            emitter.string(action)
            if action.count > 3 {
                emitter.key("url")
                emitter.string(Text.url(&rng, deepLink: action.count == 8))
            }
            if rng.below(10) < 6 { embedded("url_params") { e, g in Self.utmParams(&e, &g) } }
            emitter.key("title")
            emitter.string(title())
            if rng.below(2) == 0 { embedded("actions") { e, g in Self.exponeaButtons(&e, &g) } }
            if rng.below(10) < 9 {
                embedded("attributes", pretty: rng.below(4) == 0) { e, g in
                    Self.exponeaAttributes(&e, &g, platform: "android")
                }
            }
            emitter.key("message")
            emitter.string(body(bodyLength()))
            if rng.below(10) < 3 {
                emitter.key("image")
                emitter.string(Text.url(&rng, image: true))
            }
            if rng.below(10) < 3 {
                emitter.key("has_tracking_consent")
                emitter.string(rng.below(4) == 0 ? "false" : "true")
            }
        }
    }

    private static let swrveButtonActions: [[UInt8]] = Text.bytes(["open_url", "open_app", "dismiss", "open_campaign"])

    private static func swrveRich(_ e: inout JSONEmitter, _ g: inout Self, android: Bool) {
        e.beginObject()
        if android {
            e.key("title")
            e.string(g.rng.pick(g.language.titles))
            e.key("icon_url")
            e.string(Text.url(&g.rng, image: true))
        }
        e.key("version")
        e.int(1)
        if android && g.rng.below(3) == 0 {
            e.key("notification_id")
            e.int(g.rng.int(1...99_999))
        }
        e.key("media")
        e.beginObject()
        e.key("title")
        e.string(g.title())
        if g.rng.below(2) == 0 {
            e.key("subtitle")
            e.string(g.rng.pick(g.language.titles))
        }
        e.key("body")
        e.string(g.body(g.bodyLength() / 2))
        e.key("type")
        e.string("image")
        e.key("url")
        e.string(Text.url(&g.rng, image: true))
        if g.rng.below(3) == 0 {
            e.key("fallback_url")
            e.string(Text.url(&g.rng, image: true))
            e.key("fallback_sd")
            e.string(Text.url(&g.rng, deepLink: true))
        }
        e.endObject()
        if g.rng.below(2) == 0 {
            e.key("buttons")
            e.beginArray()
            for _ in 0..<g.rng.int(1...3) {
                e.beginObject()
                e.key("title")
                e.string(g.rng.pick(g.language.titles))
                if g.rng.below(2) == 0 {
                    e.key("button_type")
                    e.beginArray()
                    e.string("foreground")
                    e.endArray()
                }
                let action = g.rng.pick(swrveButtonActions)
                e.key("action_type")
                e.string(action)
                if action.count == 8 {
                    e.key("action")
                    e.string(Text.url(&g.rng, deepLink: true))
                } else if action.count == 13 {
                    e.key("action")
                    e.int(g.rng.int(1000...99_999))
                }
                e.endObject()
            }
            e.endArray()
        }
        if g.rng.below(3) == 0 {
            e.key("campaign")
            e.beginObject()
            e.key("id")
            e.int(g.rng.int(1000...999_999))
            e.endObject()
        }
        e.endObject()
    }

    private static func customPairs(_ e: inout JSONEmitter, _ g: inout Self, count: Int) {
        e.beginObject()
        let first = g.rng.below(Text.idKeys.count)
        for k in 0..<count {
            e.key(bytes: Text.idKeys[(first + k) % Text.idKeys.count])
            e.string(Text.token(g.rng.int(4...24), &g.rng))
        }
        e.endObject()
    }

    private mutating func swrve(_ shape: Shape) {
        let silent = rng.below(8) == 0
        let pushID = Text.digits(rng.int(1...7), &rng)
        if shape == .apns {
            if silent {
                emitter.key("_sp")
                if rng.below(3) == 0 { emitter.int(rng.int(0...9999)) } else { emitter.string(pushID) }
                emitter.key("_s.SilentPayload")
                direct { e, g in Self.customPairs(&e, &g, count: g.rng.int(1...4)) }
                aps(silent: true)
                return
            }
            emitter.key("_p")
            if rng.below(5) == 0 { emitter.int(rng.int(1...9_999_999)) } else { emitter.string(pushID) }
            if rng.below(2) == 0 {
                emitter.key("_sw")
                direct { e, g in Self.swrveRich(&e, &g, android: false) }
            }
            if rng.below(10) < 3 {
                emitter.key("_sd")
                emitter.string(Text.url(&rng, deepLink: true))
            }
            if rng.below(10) == 0 {
                emitter.key("_siw")
                emitter.string("720")
            }
            if rng.below(10) == 0 {
                emitter.key("_aui")
                emitter.string(Text.digits(8, &rng))
            }
            aps(silent: false, mutable: true)
        } else {
            if silent {
                emitter.key("_sp")
                emitter.string(pushID)
                embedded("_s.SilentPayload") { e, g in Self.customPairs(&e, &g, count: g.rng.int(1...4)) }
                return
            }
            emitter.key("_p")
            emitter.string(pushID)
            emitter.key("text")
            emitter.string(body(bodyLength()))
            if rng.below(2) == 0 {
                emitter.key("sound")
                emitter.string("default")
            }
            if rng.below(2) == 0 {
                embedded("_sw", pretty: rng.below(3) == 0) { e, g in Self.swrveRich(&e, &g, android: true) }
            }
            if rng.below(10) < 3 {
                emitter.key("_sd")
                emitter.string(Text.url(&rng, deepLink: true))
            }
            emitter.key("_s.t")
            emitter.string(Text.digits(10, &rng))
            if rng.below(10) == 0 {
                emitter.key("_siw")
                emitter.string("720")
            }
            if rng.below(10) == 0 {
                emitter.key("_aui")
                emitter.string(Text.digits(8, &rng))
            }
            if rng.below(10) == 0 {
                embedded("_s.JsonPayload") { e, g in Self.customPairs(&e, &g, count: g.rng.int(1...3)) }
            }
        }
    }

    private static func atomicPayload(_ e: inout JSONEmitter, _ g: inout Self) {
        e.beginObject()
        e.key("source")
        e.string("io.atomic")
        e.key("cardInstanceId")
        e.string(Text.uuid(&g.rng))
        e.key("streamContainerId")
        if g.rng.below(4) == 0 { e.int(g.rng.int(1...99_999)) } else { e.string(Text.digits(4, &g.rng)) }
        if g.rng.below(10) < 8 {
            e.key("detail")
            e.beginObject()
            e.key("businessId")
            e.string(Text.token(8, &g.rng, alphabet: Array("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789".utf8)))
            if g.rng.below(2) == 0 {
                e.key("priority")
                e.int(g.rng.int(1...10))
            }
            e.endObject()
        }
        e.endObject()
    }

    private mutating func atomic(_ shape: Shape) {
        if shape == .apns {
            aps(silent: false, alertDict: true)
            emitter.key("atomic")
            direct { e, g in Self.atomicPayload(&e, &g) }
        } else {
            emitter.key("title")
            emitter.string(title())
            emitter.key("body")
            emitter.string(body(bodyLength()))
            embedded("atomic") { e, g in Self.atomicPayload(&e, &g) }
        }
    }

    private mutating func braze(_ shape: Shape) {
        if shape == .apns {
            aps(silent: false, mutable: rng.below(2) == 0)
            emitter.key("ab")
            emitter.beginObject()
            emitter.key("c")
            emitter.string(Text.token(rng.int(40...80), &rng, alphabet: Text.base64Digits))
            if rng.below(3) == 0 {
                emitter.key("att")
                emitter.beginObject()
                emitter.key("url")
                emitter.string(Text.url(&rng, image: true))
                emitter.key("type")
                emitter.string("jpg")
                emitter.endObject()
            }
            emitter.endObject()
            if rng.below(10) < 4 {
                emitter.key("ab_uri")
                emitter.string(Text.url(&rng, deepLink: true))
            }
        } else {
            emitter.key("_ab")
            emitter.string("true")
            emitter.key("t")
            emitter.string(title())
            emitter.key("a")
            emitter.string(body(bodyLength()))
            emitter.key("cid")
            emitter.string(Text.token(rng.int(40...80), &rng, alphabet: Text.base64Digits))
            if rng.below(10) < 4 {
                emitter.key("uri")
                emitter.string(Text.url(&rng, deepLink: true))
            }
            if rng.below(4) == 0 {
                emitter.key("ab_iu")
                emitter.string(Text.url(&rng, image: true))
            }
            emitter.key("ab_nc")
            emitter.string("com_appboy_default_notification_channel")
        }
    }

    private mutating func oneSignal(_ shape: Shape) {
        if shape == .apns {
            aps(silent: false, mutable: true)
            emitter.key("custom")
            emitter.beginObject()
            emitter.key("i")
            emitter.string(Text.uuid(&rng))
            if rng.below(3) == 0 {
                emitter.key("u")
                emitter.string(Text.url(&rng))
            }
            if rng.below(2) == 0 {
                emitter.key("a")
                direct { e, g in Self.customPairs(&e, &g, count: g.rng.int(1...4)) }
            }
            emitter.endObject()
            if rng.below(4) == 0 {
                emitter.key("att")
                emitter.beginObject()
                emitter.key("id")
                emitter.string(Text.url(&rng, image: true))
                emitter.endObject()
            }
        } else {
            embedded("custom") { e, g in
                e.beginObject()
                e.key("i")
                e.string(Text.uuid(&g.rng))
                if g.rng.below(2) == 0 {
                    e.key("a")
                    Self.customPairs(&e, &g, count: g.rng.int(1...4))
                }
                e.endObject()
            }
            emitter.key("alert")
            emitter.string(body(bodyLength()))
            emitter.key("title")
            emitter.string(title())
            emitter.key("pri")
            emitter.string("5")
            emitter.key("vis")
            emitter.string("1")
            if rng.below(3) == 0 {
                emitter.key("bicon")
                emitter.string(Text.url(&rng, image: true))
            }
        }
    }

    private mutating func airship(_ shape: Shape) {
        if shape == .apns {
            aps(silent: rng.below(10) == 0)
            emitter.key("_")
            emitter.string(Text.uuid(&rng))
            emitter.key("com.urbanairship.metadata")
            emitter.string(Text.token(rng.int(60...140), &rng, alphabet: Text.base64Digits))
            if rng.below(10) < 4 {
                emitter.key("^d")
                emitter.string(Text.url(&rng, deepLink: true))
            }
        } else {
            emitter.key("com.urbanairship.push.ALERT")
            emitter.string(body(bodyLength()))
            if rng.below(2) == 0 {
                emitter.key("com.urbanairship.push.TITLE")
                emitter.string(title())
            }
            emitter.key("com.urbanairship.push.PUSH_ID")
            emitter.string(Text.uuid(&rng))
            emitter.key("com.urbanairship.push.CANONICAL_PUSH_ID")
            emitter.string(Text.uuid(&rng))
            emitter.key("com.urbanairship.metadata")
            emitter.string(Text.token(rng.int(60...140), &rng, alphabet: Text.base64Digits))
            if rng.below(10) < 4 {
                embedded("com.urbanairship.actions") { e, g in
                    e.beginObject()
                    e.key("^d")
                    e.string(Text.url(&g.rng, deepLink: true))
                    e.endObject()
                }
            }
        }
    }

    private static func iterablePayload(_ e: inout JSONEmitter, _ g: inout Self) {
        e.beginObject()
        e.key("campaignId")
        e.int(g.rng.int(100_000...9_999_999))
        e.key("templateId")
        e.int(g.rng.int(100_000...9_999_999))
        e.key("messageId")
        e.string(Text.hex(32, &g.rng))
        e.key("isGhostPush")
        e.bool(false)
        if g.rng.below(2) == 0 {
            e.key("defaultAction")
            e.beginObject()
            e.key("type")
            e.string("openUrl")
            e.key("data")
            e.string(Text.url(&g.rng))
            e.endObject()
        }
        if g.rng.below(4) == 0 {
            e.key("actionButtons")
            e.beginArray()
            for index in 0..<g.rng.int(1...2) {
                e.beginObject()
                e.key("identifier")
                e.string(index == 0 ? "open" : "dismiss")
                e.key("title")
                e.string(g.rng.pick(g.language.titles))
                e.key("buttonType")
                e.string("default")
                e.key("openApp")
                e.bool(index == 0)
                e.key("action")
                e.beginObject()
                e.key("type")
                e.string(index == 0 ? "openUrl" : "")
                e.key("data")
                e.string(index == 0 ? Text.url(&g.rng) : [])
                e.endObject()
                e.endObject()
            }
            e.endArray()
        }
        if g.rng.below(4) == 0 {
            e.key("attachment-url")
            e.string(Text.url(&g.rng, image: true))
        }
        e.endObject()
    }

    private mutating func iterable(_ shape: Shape) {
        if shape == .apns {
            aps(silent: false, mutable: rng.below(2) == 0)
            emitter.key("itbl")
            direct { e, g in Self.iterablePayload(&e, &g) }
        } else {
            emitter.key("title")
            emitter.string(title())
            emitter.key("body")
            emitter.string(body(bodyLength()))
            embedded("itbl") { e, g in Self.iterablePayload(&e, &g) }
        }
    }

    private mutating func customerIO(_ shape: Shape) {
        let deliveryID = Text.token(rng.int(28...40), &rng, alphabet: Text.base64Digits)
        let token = Text.hex(64, &rng)
        if shape == .apns {
            aps(silent: false, mutable: true)
            emitter.key("CIO-Delivery-ID")
            emitter.string(deliveryID)
            emitter.key("CIO-Delivery-Token")
            emitter.string(token)
            emitter.key("CIO")
            emitter.beginObject()
            emitter.key("push")
            emitter.beginObject()
            if rng.below(2) == 0 {
                emitter.key("link")
                emitter.string(Text.url(&rng, deepLink: true))
            }
            if rng.below(3) == 0 {
                emitter.key("image")
                emitter.string(Text.url(&rng, image: true))
            }
            emitter.endObject()
            emitter.endObject()
        } else {
            emitter.key("CIO-Delivery-ID")
            emitter.string(deliveryID)
            emitter.key("CIO-Delivery-Token")
            emitter.string(token)
            emitter.key("title")
            emitter.string(title())
            emitter.key("body")
            emitter.string(body(bodyLength()))
            if rng.below(2) == 0 {
                emitter.key("link")
                emitter.string(Text.url(&rng, deepLink: true))
            }
            if rng.below(3) == 0 {
                emitter.key("image")
                emitter.string(Text.url(&rng, image: true))
            }
        }
    }

    private mutating func firebase(_ shape: Shape) {
        if shape == .apns {
            aps(silent: rng.below(8) == 0)
            emitter.key("gcm.message_id")
            emitter.string(Text.digits(16, &rng))
            emitter.key("google.c.a.e")
            emitter.string("1")
            emitter.key("google.c.sender.id")
            emitter.string(Text.digits(12, &rng))
            if rng.below(3) == 0 {
                emitter.key("fcm_options")
                emitter.beginObject()
                emitter.key("image")
                emitter.string(Text.url(&rng, image: true))
                emitter.endObject()
            }
        } else {
            emitter.key("google.sent_time")
            emitter.string(Text.digits(13, &rng))
            emitter.key("google.ttl")
            emitter.string("2419200")
            emitter.key("google.message_id")
            emitter.string(Array("0:".utf8) + Text.digits(16, &rng) + Array("%".utf8) + Text.hex(16, &rng))
            emitter.key("gcm.notification.title")
            emitter.string(title())
            emitter.key("gcm.notification.body")
            emitter.string(body(bodyLength()))
            emitter.key("gcm.n.e")
            emitter.string("1")
            emitter.key("google.c.a.e")
            emitter.string("1")
            emitter.key("google.c.sender.id")
            emitter.string(Text.digits(12, &rng))
            emitter.key("collapse_key")
            emitter.string("com.example.app")
            emitter.key("from")
            emitter.string(Text.digits(12, &rng))
        }
    }

    // MARK: Padding

    /// Adds the app's own custom keys until the payload reaches its target size. Keys are never repeated.
    private mutating func pad(_ shape: Shape) {
        var used: UInt64 = 0
        var extra = 0
        while remaining > 24 {
            let kind = rng.below(20)
            let pool: [[UInt8]]
            let base: Int
            switch kind {
            case 0..<6: (pool, base) = (Text.idKeys, 0)
            case 6..<9: (pool, base) = (Text.numberKeys, 16)
            case 9..<13: (pool, base) = (Text.urlKeys, 24)
            case 13..<14: (pool, base) = (Text.flagKeys, 32)
            default: (pool, base) = (Text.textKeys, 40)
            }
            let index = rng.below(pool.count)
            var key = pool[index]
            if used & (1 << UInt64(base + index)) != 0 {
                extra += 1
                key += Array("_\(extra)".utf8)
            }
            used |= 1 << UInt64(base + index)
            let room = remaining - key.count - 6
            emitter.key(bytes: key)
            switch kind {
            case 0..<6:
                emitter.string(Text.token(max(1, min(room, rng.int(6...28))), &rng))
            case 6..<9:
                let integer = rng.below(3) != 0
                let value = rng.int(0...99_999)
                if shape == .apns {
                    if integer { emitter.int(value) } else { emitter.fixed(value, scale: 2) }
                } else {
                    var text = Array(String(value / (integer ? 1 : 100)).utf8)
                    if !integer { text += Array(".\(value % 100 / 10)\(value % 10)".utf8) }
                    emitter.string(text)
                }
            case 9..<13:
                emitter.string(Text.url(&rng, image: kind != 9))
            case 13..<14:
                if shape == .apns {
                    emitter.bool(rng.below(2) == 0)
                } else {
                    emitter.string(rng.below(2) == 0 ? "true" : "false")
                }
            default:
                var text = body(min(room, rng.int(20...400)))
                if text.count > room { text = Self.prefix(text, room) }
                emitter.string(text)
            }
        }
    }

    /// The longest prefix of UTF-8 `text` no longer than `limit` bytes that ends on a character boundary.
    static func prefix(_ text: [UInt8], _ limit: Int) -> [UInt8] {
        var end = min(limit, text.count)
        while end > 0 && end < text.count && text[end] & 0xC0 == 0x80 { end -= 1 }
        return Array(text[0..<end])
    }
}

extension String {
    fileprivate var utf8Array: [UInt8] { Array(utf8) }
}

extension Array where Element == UInt8 {
    fileprivate var uppercased: [UInt8] { map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 32 : $0 } }
}
