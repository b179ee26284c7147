#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The captures a benchmark can generate: the shape the engine was tuned on, and a second one it was not.
public enum CaptureShape: String, CaseIterable, Sendable {
    /// ``PayloadGenerator``: push payloads as the vendors' SDKs read them (median about 780 B, a few
    /// top-level keys, mostly short strings, some JSON embedded in strings).
    case pushes
    /// ``WidePayloadGenerator``: payloads of about 1 KB with 15–25 top-level keys, nested objects two or
    /// three levels deep, arrays of floats and of large integers, and long CJK, emoji and Cyrillic text
    /// (issue 25's held-out capture).
    case wide
    /// ``PrefixedPayloadGenerator``: payloads of about 1 KB with 10–20 top-level keys that share prefixes
    /// (`text_0`, `metrics_1`, `ctx_3`) beside one sender's keys, arrays of floats, objects two levels deep
    /// with 13–15 digit integers, long CJK, Cyrillic, Arabic and emoji text (built from issue 36's
    /// description of its held-out capture).
    case prefixed
}

/// The generator of either capture shape, for tools that take the shape as an option.
public struct AnyPayloadGenerator: Sendable {
    private var pushes: PayloadGenerator?
    private var wide: WidePayloadGenerator?
    private var prefixed: PrefixedPayloadGenerator?

    /// Creates the generator of `shape`; equal arguments give equal payload sequences.
    public init(shape: CaptureShape, seed: UInt64 = 1, malformedPercent: Double = 1) {
        switch shape {
        case .pushes: pushes = PayloadGenerator(seed: seed, malformedPercent: malformedPercent)
        case .wide: wide = WidePayloadGenerator(seed: seed, malformedPercent: malformedPercent)
        case .prefixed: prefixed = PrefixedPayloadGenerator(seed: seed, malformedPercent: malformedPercent)
        }
    }

    /// Replaces the contents of `bytes` with the next payload and tells what it is.
    public mutating func next(into bytes: inout [UInt8]) -> PayloadGenerator.Info {
        if wide != nil { return wide!.next(into: &bytes) }
        if prefixed != nil { return prefixed!.next(into: &bytes) }
        return pushes!.next(into: &bytes)
    }
}

/// A deterministic generator of the second capture shape, ``CaptureShape/wide``: what an app's own
/// analytics and content keys make of a push payload when they travel with it.
///
/// Every payload is an object of 15–25 top-level keys, never repeated, about 1 KB in all (median about
/// 1,110 B: text and nested objects are added while the payload is below a size drawn log-normal around
/// 850 B, then short values up to the key count): an `aps` dictionary with an alert title in most of them
/// and a `source` string in some (what `engine-task` reads), one to three nested objects two or three
/// levels deep (device, geo, experiment, pricing), arrays of floats (scores, embeddings, coordinates: two
/// to six decimals, full 17-digit doubles, exponents) and of large integers (millisecond timestamps,
/// 64-bit snowflake ids of 19 digits, some negative), and long text, mostly Japanese, Chinese, Korean,
/// Russian and emoji. Some senders write spaced JSON, a few escape non-ASCII as `\uXXXX`. About
/// `malformedPercent` % of payloads are broken as ``PayloadGenerator`` breaks them. No raw line feeds.
public struct WidePayloadGenerator: Sendable {
    /// The percentage (0…100) of payloads broken on purpose.
    public var malformedPercent: Double

    private var rng: SeededRandom
    private var emitter = JSONEmitter(style: .compact)

    /// Creates a generator; equal seeds and settings give equal payload sequences.
    public init(seed: UInt64 = 1, malformedPercent: Double = 1) {
        // A different stream from PayloadGenerator's for the same seed.
        self.rng = SeededRandom(seed: seed ^ 0x5749_4445_5749_4445)
        self.malformedPercent = malformedPercent
    }

    /// Replaces the contents of `bytes` with the next payload and tells what it is.
    public mutating func next(into bytes: inout [UInt8]) -> PayloadGenerator.Info {
        let flavour = rng.below(100)
        let style = JSONStyle(spaced: flavour < 12, asciiOnly: flavour < 5, escapeSlashes: flavour >= 90)
        let defect: PayloadGenerator.Defect =
            rng.chance(malformedPercent)
            ? PayloadGenerator.Defect.pushAndWide[rng.below(PayloadGenerator.Defect.pushAndWide.count)] : .none
        let target = min(max(Int(850 * exp(0.3 * rng.normal())), 500), 2_400)
        let keyCount = rng.int(15...25)
        let hasAPS = rng.below(10) < 8
        let sender = rng.pick(PayloadGenerator.Sender.allCases)

        emitter.reset(style: style)
        emitter.beginObject()
        var written = 0
        if hasAPS {
            aps()
            written += 1
        }
        if rng.below(10) < 4 {
            emitter.key("source")
            emitter.string(rng.pick(Self.sources))
            written += 1
        }
        // The other keys in a random order, each at most once; nested objects and the text come first
        // in the draw often enough that every payload has some.
        var order = Array(Self.members.indices)
        for k in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(k, rng.below(k + 1)) }
        var nested = 0
        for index in order where written < keyCount {
            let member = Self.members[index]
            // Text stops once the payload has reached its size; the rest are short values.
            let room = target - emitter.count
            switch member.kind {
            case .text: if room < 250 { continue }
            case .floats, .integers: if room < 150 { continue }
            case .nested:
                if nested == 3 || (nested >= 1 && room < 250) { continue }
                nested += 1
            default: break
            }
            emitter.key(bytes: member.key)
            value(member.kind, room: room)
            written += 1
        }
        emitter.endObject()
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: emitter.out)
        if defect != .none { Defects.apply(defect, to: &bytes, &rng) }
        return PayloadGenerator.Info(sender: sender, shape: hasAPS ? .apns : .fcmData, defect: defect)
    }

    // MARK: Members

    private enum Kind {
        case id, timestamp, snowflake, count, price, ratio, flag, nothing, url, token, language
        case text, floats, integers, nested
    }

    private struct Member: Sendable {
        var key: [UInt8]
        var kind: Kind
    }

    private static func members(_ kind: Kind, _ keys: [String]) -> [Member] {
        keys.map { Member(key: Array($0.utf8), kind: kind) }
    }

    /// Every top-level key a payload may have beside `aps` and `source` (40, of which 13–24 are drawn).
    private static let members: [Member] =
        members(.id, ["campaign_id", "message_id", "user_id"])
        + members(.timestamp, ["sent_at", "expires_at", "event_ts"])
        + members(.snowflake, ["trace_id", "thread_snowflake", "account_id"])
        + members(.count, ["unread", "retry", "priority_rank"])
        + members(.price, ["price", "discount"])
        + members(.ratio, ["ctr", "score"])
        + members(.flag, ["is_test", "sticky"])
        + members(.nothing, ["collapse_key_override"])
        + members(.url, ["landing_url", "image"])
        + members(.token, ["device_token", "install_id"])
        + members(.language, ["locale"])
        + members(.text, ["headline", "body_text", "preview", "summary", "quote", "caption"])
        + members(.floats, ["scores", "embedding", "coords", "weights"])
        + members(.integers, ["segment_ids", "delivered_ms", "item_ids"])
        + members(.nested, ["context", "experiment", "pricing", "geo"])

    private static let sources: [[UInt8]] = Text.bytes([
        "xnpe_platform", "io.atomic", "cordial", "swrve", "braze", "backend-eu-1", "campaign-service",
    ])
    private static let locales: [[UInt8]] = Text.bytes(["ja-JP", "zh-CN", "ko-KR", "ru-RU", "uk-UA", "en-US", "de-DE"])

    private mutating func value(_ kind: Kind, room: Int) {
        switch kind {
        case .id: emitter.string(Text.uuid(&rng))
        case .timestamp: emitter.int(1_700_000_000_000 + rng.below(100_000_000_000))
        case .snowflake: emitter.number(text: snowflake())
        case .count: emitter.int(rng.int(0...250))
        case .price: emitter.fixed(rng.int(99...99_999), scale: 2)
        case .ratio: emitter.number(text: float())
        case .flag: emitter.bool(rng.below(2) == 0)
        case .nothing: emitter.null()
        case .url: emitter.string(Text.url(&rng, image: rng.below(2) == 0))
        case .token: emitter.string(Text.token(rng.int(22...64), &rng))
        case .language: emitter.string(rng.pick(Self.locales))
        case .text: emitter.string(text(min(room / 5, 240)))
        case .floats:
            emitter.beginArray()
            for _ in 0..<rng.int(3...8) { emitter.number(text: float()) }
            emitter.endArray()
        case .integers:
            emitter.beginArray()
            for _ in 0..<rng.int(2...5) {
                if rng.below(3) == 0 {
                    emitter.number(text: snowflake())
                } else {
                    emitter.int(1_700_000_000_000 + rng.below(100_000_000_000))
                }
            }
            emitter.endArray()
        case .nested: nestedObject(depth: rng.int(2...3))
        }
    }

    /// A 64-bit id of 18 or 19 digits (a Twitter-style snowflake), sometimes negative (a signed hash).
    private mutating func snowflake() -> [UInt8] {
        let value = Int64(1_000_000_000_000_000_000) + Int64(rng.below(8_000_000_000_000_000_000))
        var text = Array(String(rng.below(4) == 0 ? value / 10 : value).utf8)
        if rng.below(8) == 0 { text.insert(UInt8(ascii: "-"), at: 0) }
        return text
    }

    /// A float as senders write them: a few decimals, a full double's shortest form, or an exponent.
    private mutating func float() -> [UInt8] {
        let sign = rng.below(5) == 0 ? "-" : ""
        switch rng.below(10) {
        case 0..<5:
            let scale = rng.int(2...6)
            var divisor = 1
            for _ in 0..<scale { divisor *= 10 }
            let value = rng.below(1_000 * divisor)
            let fraction = String(value % divisor)
            return Array(
                (sign + "\(value / divisor)." + String(repeating: "0", count: scale - fraction.count) + fraction).utf8
            )
        case 5..<8:
            return Array((sign + "\(rng.unit())").utf8)
        default:
            let mantissa = rng.int(1...9)
            let fraction = rng.int(0...9_999)
            let exponent = rng.int(-12...12)
            return Array((sign + "\(mantissa).\(fraction)" + (rng.below(2) == 0 ? "e" : "E") + "\(exponent)").utf8)
        }
    }

    /// Long text, mostly in scripts beyond Latin: Japanese, Chinese, Korean, Russian, emoji runs.
    private mutating func text(_ length: Int) -> [UInt8] {
        let language: Language =
            switch rng.below(10) {
            case 0..<4: Text.cjk
            case 4..<7: Text.cyrillicArabic
            case 7..<8: Text.english
            default: Text.spanish
            }
        var text = rng.pick(language.sentences)
        while text.count < length {
            text.append(UInt8(ascii: " "))
            if rng.below(3) == 0 {
                for _ in 0..<rng.int(1...4) { text += rng.pick(Text.emoji) }
                text.append(UInt8(ascii: " "))
            }
            text += rng.pick(rng.below(4) == 0 ? language.titles : language.sentences)
        }
        return text
    }

    private mutating func aps() {
        emitter.key("aps")
        emitter.beginObject()
        emitter.key("alert")
        emitter.beginObject()
        emitter.key("title")
        emitter.string(rng.pick(rng.below(2) == 0 ? Text.cjk.titles : Text.cyrillicArabic.titles))
        emitter.key("body")
        emitter.string(text(rng.int(30...120)))
        emitter.endObject()
        if rng.below(2) == 0 {
            emitter.key("badge")
            emitter.int(rng.int(0...99))
        }
        emitter.key("sound")
        emitter.string("default")
        emitter.key("mutable-content")
        emitter.int(1)
        emitter.endObject()
    }

    private static let nestedKeys: [[UInt8]] = Text.bytes([
        "device", "os", "version", "screen", "w", "h", "lat", "lon", "accuracy", "variant", "bucket", "weights",
        "amount", "currency", "tax", "tiers", "city", "region", "name", "label",
    ])

    /// An object nested `depth` levels (2 or 3): a few scalar members and one object one level down.
    private mutating func nestedObject(depth: Int) {
        emitter.beginObject()
        var used: UInt32 = 0
        for member in 0..<rng.int(2...3) {
            var index = rng.below(Self.nestedKeys.count)
            while used & (1 << UInt32(index)) != 0 { index = (index + 1) % Self.nestedKeys.count }
            used |= 1 << UInt32(index)
            emitter.key(bytes: Self.nestedKeys[index])
            if member == 0 && depth > 1 {
                nestedObject(depth: depth - 1)
                continue
            }
            switch rng.below(6) {
            case 0: emitter.number(text: float())
            case 1: emitter.int(rng.int(0...5_000))
            case 2: emitter.string(rng.pick(rng.below(2) == 0 ? Text.cjk.titles : Text.cyrillicArabic.titles))
            case 3:
                emitter.beginArray()
                for _ in 0..<rng.int(2...4) { emitter.number(text: float()) }
                emitter.endArray()
            case 4: emitter.string(rng.pick(Self.locales))
            default: emitter.bool(rng.below(2) == 0)
            }
        }
        emitter.endObject()
    }
}
