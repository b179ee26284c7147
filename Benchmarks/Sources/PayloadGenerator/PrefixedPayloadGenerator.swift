#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A deterministic generator of the third capture shape, ``CaptureShape/prefixed``, built from issue 36's
/// description of a held-out capture nobody here has seen: what a producer that numbers its own keys makes
/// of a push payload.
///
/// Every payload is an object of 10–20 top-level keys, about 1 KB (median about 1,250 B: sizes drawn
/// log-normal, text filling what the other members leave). One sender's own keys come first (Exponea's
/// `source`, `title`, `message`; Cordial's `mcID` and `deepLink`; an `aps` dictionary with an alert title
/// in half of them, and so on); the rest are keys that share prefixes and differ in a counter, as in
/// `text_0`, `text_1`, `metrics_0`, `ctx_3`, `prod_5`, with prefixes from 1 to 22 bytes long (so some keys
/// share 20 bytes before they differ). Their values:
/// - long text in Japanese, Chinese, Korean, Russian, Arabic and emoji (ZWJ sequences and flags), some
///   English, 24 to 480 bytes;
/// - two or three arrays of 5–10 floats with one to six decimals (a few negative, a few whole numbers);
/// - one to three objects nested two levels deep, 3–9 members a level, with integers of 13–15 digits
///   (millisecond timestamps, ids), booleans and `null`;
/// - short scalars: counters, 13–15 digit ids, floats, flags, `null`, URLs, uuids.
///
/// 13% of payloads write every non-ASCII character as `\uXXXX` (surrogate pairs above U+FFFF), 10% escape
/// `/` as `\/`, independently. About `malformedPercent` % are broken: truncated, a bad escape in a string
/// (`\x`, `\'`, a `\u` with too few or non-hex digits, a lone low surrogate) or invalid UTF-8. No raw
/// line feeds, compact JSON.
public struct PrefixedPayloadGenerator: Sendable {
    /// The percentage (0…100) of payloads broken on purpose.
    public var malformedPercent: Double

    private var rng: SeededRandom
    private var emitter = JSONEmitter(style: .compact)

    /// Creates a generator; equal seeds and settings give equal payload sequences.
    public init(seed: UInt64 = 1, malformedPercent: Double = 1) {
        // A different stream from the other generators' for the same seed.
        self.rng = SeededRandom(seed: seed ^ 0x5052_4546_4958_4544)
        self.malformedPercent = malformedPercent
    }

    /// The defects of this shape, as the held-out capture's description lists them.
    private static let defects: [PayloadGenerator.Defect] = [.truncated, .badEscape, .invalidUTF8]

    /// Replaces the contents of `bytes` with the next payload and tells what it is.
    public mutating func next(into bytes: inout [UInt8]) -> PayloadGenerator.Info {
        let unicodeEscapes = rng.below(100) < 13
        let slashEscapes = rng.below(100) < 10
        let style = JSONStyle(spaced: false, asciiOnly: unicodeEscapes, escapeSlashes: slashEscapes)
        let defect: PayloadGenerator.Defect = rng.chance(malformedPercent) ? rng.pick(Self.defects) : .none
        let target = min(max(Int(640 * exp(0.28 * rng.normal())), 450), 2_600)
        let keyCount = rng.int(10...20)
        let sender = rng.pick(PayloadGenerator.Sender.allCases)
        let hasAPS = rng.below(2) == 0

        emitter.reset(style: style)
        emitter.beginObject()
        var written = 0
        if hasAPS {
            aps()
            written += 1
        }
        written += senderKeys(sender)

        // The numbered members: how many of each kind, then grouped by prefix as a producer writes them.
        var kinds: [Kind] = []
        let numbered = max(keyCount - written, 6)
        let floats = rng.int(2...3)
        let nested = rng.int(1...3)
        let texts = rng.int(1...4)
        for _ in 0..<floats { kinds.append(.floats) }
        for _ in 0..<nested { kinds.append(.nested) }
        for _ in 0..<texts { kinds.append(.text) }
        while kinds.count < numbered { kinds.append(.scalar) }
        // A line that escapes `/` has a URL to escape it in.
        var needsURL = slashEscapes
        if needsURL && !kinds.contains(.scalar) { kinds.append(.scalar) }
        // Each kind takes one or two prefixes of its family; keys of one prefix count up from a start.
        var members: [(prefix: [UInt8], counter: Int, kind: Kind)] = []
        for kind in [Kind.text, .floats, .nested, .scalar] {
            let count = kinds.filter { $0 == kind }.count
            if count == 0 { continue }
            let family = Self.prefixes(kind)
            let first = rng.pick(family)
            let second = count > 2 && rng.below(3) == 0 ? rng.pick(family) : first
            var counters = [rng.below(4) == 0 ? rng.int(1...12) : 0, rng.below(4) == 0 ? rng.int(1...12) : 0]
            for k in 0..<count {
                let which = (k % 2 == 1 && second != first) ? 1 : 0
                members.append((which == 0 ? first : second, counters[which], kind))
                counters[which] += rng.below(5) == 0 ? 2 : 1
            }
        }
        // Prefix groups in a random order, keeping each group's counters ascending.
        var groupOrder = Array(0..<4)
        for k in stride(from: 3, to: 0, by: -1) { groupOrder.swapAt(k, rng.below(k + 1)) }
        let kindRank: [Kind: Int] = [
            .text: groupOrder[0], .floats: groupOrder[1], .nested: groupOrder[2], .scalar: groupOrder[3],
        ]
        members.sort { (kindRank[$0.kind]!, $0.counter) < (kindRank[$1.kind]!, $1.counter) }

        var textsLeft = texts
        // What the members other than text will take, roughly: the text fills what they leave.
        var otherLeft = members.reduce(0) { $0 + Self.estimatedBytes($1.kind) }
        var keys: Set<[UInt8]> = []
        for member in members {
            // Two kinds may share a prefix (`prod_0` a scalar, `prod_1` an object): never repeat a key.
            var counter = member.counter
            var key: [UInt8]
            repeat {
                key = member.prefix
                key.append(UInt8(ascii: "_"))
                key += Array(String(counter).utf8)
                counter += 1
            } while !keys.insert(key).inserted
            emitter.key(bytes: key)
            switch member.kind {
            case .text:
                let room = target - emitter.count - otherLeft
                let length = min(max(room / textsLeft, 24), 480)
                emitter.string(text(length))
                textsLeft -= 1
            case .floats:
                floatArray()
                otherLeft -= Self.estimatedBytes(.floats)
            case .nested:
                nestedObject(depth: 2)
                otherLeft -= Self.estimatedBytes(.nested)
            case .scalar:
                if needsURL {
                    emitter.string(Text.url(&rng))
                    needsURL = false
                } else {
                    scalar()
                }
                otherLeft -= Self.estimatedBytes(.scalar)
            }
        }
        emitter.endObject()
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: emitter.out)
        if defect != .none { Defects.apply(defect, to: &bytes, &rng) }
        return PayloadGenerator.Info(sender: sender, shape: hasAPS ? .apns : .fcmData, defect: defect)
    }

    // MARK: Keys

    private enum Kind: Hashable { case text, floats, nested, scalar }

    /// About what a member of `kind` takes, key included (text: nothing, it fills the rest).
    private static func estimatedBytes(_ kind: Kind) -> Int {
        switch kind {
        case .text: 0
        case .floats: 80
        case .nested: 220
        case .scalar: 30
        }
    }

    /// Key prefixes by the kind of value, short and long, several sharing their first bytes.
    private static func prefixes(_ kind: Kind) -> [[UInt8]] {
        switch kind {
        case .text: textPrefixes
        case .floats: floatPrefixes
        case .nested: nestedPrefixes
        case .scalar: scalarPrefixes
        }
    }

    private static let textPrefixes: [[UInt8]] = Text.bytes([
        "text", "t", "txt", "msg", "content_text", "content_block_text", "i18n_label", "localized_body_text",
    ])
    private static let floatPrefixes: [[UInt8]] = Text.bytes([
        "metrics", "m", "scores", "embedding", "embedding_vector_dim", "feature_weights", "metrics_window",
    ])
    private static let nestedPrefixes: [[UInt8]] = Text.bytes([
        "ctx", "context", "prod", "product_details", "evt", "recommendation_context",
    ])
    private static let scalarPrefixes: [[UInt8]] = Text.bytes([
        "prod", "ctx", "attr", "x", "flag", "ts", "user_segment", "cnt", "recommendation_score", "campaign_attr",
    ])

    // MARK: Values

    /// Long text in scripts beyond Latin, with emoji runs; some English.
    private mutating func text(_ length: Int) -> [UInt8] {
        let language: Language =
            switch rng.below(10) {
            case 0..<4: Text.cjk
            case 4..<8: Text.cyrillicArabic
            default: Text.english
            }
        var text = rng.pick(rng.below(2) == 0 ? language.titles : language.sentences)
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

    /// A float with one to six decimals, sometimes negative or whole.
    private mutating func float() -> [UInt8] {
        var out: [UInt8] = rng.below(6) == 0 ? [UInt8(ascii: "-")] : []
        let whole = rng.below(4) == 0 ? rng.below(1_000) : rng.below(10)
        out += Array(String(whole).utf8)
        if rng.below(12) == 0 { return out }
        out.append(UInt8(ascii: "."))
        let decimals = rng.below(3) == 0 ? rng.int(1...5) : 6
        for k in 0..<decimals {
            // The last digit is not 0, as a shortest-form writer prints it.
            out.append(UInt8(ascii: "0") + UInt8(k == decimals - 1 ? 1 + rng.below(9) : rng.below(10)))
        }
        return out
    }

    private mutating func floatArray() {
        emitter.beginArray()
        for _ in 0..<rng.int(5...10) { emitter.number(text: float()) }
        emitter.endArray()
    }

    /// An integer of 13 to 15 digits: a millisecond timestamp or an id.
    private mutating func longInteger() -> [UInt8] {
        if rng.below(2) == 0 { return Array(String(1_700_000_000_000 + rng.below(100_000_000_000)).utf8) }
        return Text.digits(rng.int(13...15), &rng)
    }

    /// Keys of nested objects, 1 to 26 bytes (at most 32, for the mask of used ones).
    private static let nestedKeys: [[UInt8]] = Text.bytes([
        "id", "ts", "a", "b", "x", "created_at_ms", "updated_at_ms", "is_active", "enabled", "deleted", "parent",
        "meta", "ref", "owner_id", "seen", "opt_in", "version_ts", "last_seen_ms", "region_id", "is_eligible",
        "last_interaction_ts_ms", "has_consent", "is_eligible_for_promotion", "flag", "valid_until_ms", "n",
    ])

    /// An object `depth` levels deep, of 3 to 9 members: integers of 13–15 digits, booleans, nulls, and one
    /// object below.
    private mutating func nestedObject(depth: Int) {
        emitter.beginObject()
        var used: UInt32 = 0
        let count = rng.int(3...9)
        let child = depth > 1 ? rng.below(count) : -1
        for member in 0..<count {
            var index = rng.below(Self.nestedKeys.count)
            while used & (1 << UInt32(index)) != 0 { index = (index + 1) % Self.nestedKeys.count }
            used |= 1 << UInt32(index)
            emitter.key(bytes: Self.nestedKeys[index])
            if member == child {
                nestedObject(depth: depth - 1)
                continue
            }
            switch rng.below(8) {
            case 0..<3: emitter.number(text: longInteger())
            case 3..<6: emitter.bool(rng.below(2) == 0)
            default: emitter.null()
            }
        }
        emitter.endObject()
    }

    private mutating func scalar() {
        switch rng.below(10) {
        case 0..<3: emitter.number(text: longInteger())
        case 3: emitter.int(rng.int(0...500))
        case 4: emitter.number(text: float())
        case 5: emitter.bool(rng.below(2) == 0)
        case 6: emitter.null()
        case 7: emitter.string(Text.url(&rng, image: rng.below(2) == 0))
        case 8: emitter.string(Text.uuid(&rng))
        default: emitter.string(Text.token(rng.int(8...24), &rng))
        }
    }

    // MARK: The sender's keys

    private mutating func aps() {
        emitter.key("aps")
        emitter.beginObject()
        emitter.key("alert")
        emitter.beginObject()
        emitter.key("title")
        emitter.string(rng.pick(rng.below(2) == 0 ? Text.cjk.titles : Text.cyrillicArabic.titles))
        emitter.key("body")
        emitter.string(text(rng.int(20...80)))
        emitter.endObject()
        emitter.key("sound")
        emitter.string("default")
        if rng.below(2) == 0 {
            emitter.key("mutable-content")
            emitter.int(1)
        }
        emitter.endObject()
    }

    /// One sender's own keys, as its SDK reads them; returns how many top-level keys it wrote.
    private mutating func senderKeys(_ sender: PayloadGenerator.Sender) -> Int {
        switch sender {
        case .exponea:
            emitter.key("source")
            emitter.string("xnpe_platform")
            emitter.key("title")
            emitter.string(rng.pick(Text.cjk.titles))
            emitter.key("message")
            emitter.string(rng.pick(Text.cyrillicArabic.sentences))
            emitter.key("url")
            emitter.string(Text.url(&rng))
            return 4
        case .cordial:
            emitter.key("mcID")
            emitter.string(Text.hex(24, &rng) + Array(":".utf8) + Text.hex(24, &rng))
            emitter.key("deepLink")
            emitter.beginObject()
            emitter.key("url")
            emitter.string(Text.url(&rng))
            emitter.key("fallbackUrl")
            emitter.string(Text.url(&rng))
            emitter.endObject()
            return 2
        case .swrve:
            emitter.key("_p")
            emitter.string(Text.digits(rng.int(5...7), &rng))
            emitter.key("_siw")
            emitter.string(Text.digits(4, &rng))
            return 2
        case .atomic:
            emitter.key("atomic")
            emitter.beginObject()
            emitter.key("source")
            emitter.string("io.atomic")
            emitter.key("cardInstanceId")
            emitter.string(Text.uuid(&rng))
            emitter.key("streamContainerId")
            emitter.int(rng.int(1_000...9_999))
            emitter.endObject()
            return 1
        case .braze:
            emitter.key("ab")
            emitter.beginObject()
            emitter.key("c")
            emitter.string(Text.token(32, &rng))
            emitter.endObject()
            emitter.key("ab_uri")
            emitter.string(Text.url(&rng, deepLink: true))
            return 2
        case .oneSignal:
            emitter.key("custom")
            emitter.beginObject()
            emitter.key("i")
            emitter.string(Text.uuid(&rng))
            emitter.key("u")
            emitter.string(Text.url(&rng))
            emitter.endObject()
            return 1
        case .airship:
            emitter.key("com.urbanairship.metadata")
            emitter.string(Text.token(48, &rng))
            emitter.key("_")
            emitter.string(Text.uuid(&rng))
            return 2
        case .iterable:
            emitter.key("itbl")
            emitter.beginObject()
            emitter.key("campaignId")
            emitter.int(rng.int(100_000...999_999))
            emitter.key("templateId")
            emitter.int(rng.int(100_000...999_999))
            emitter.key("messageId")
            emitter.string(Text.hex(32, &rng))
            emitter.key("isGhostPush")
            emitter.bool(false)
            emitter.endObject()
            return 1
        case .customerIO:
            emitter.key("CIO-Delivery-ID")
            emitter.string(Text.token(28, &rng))
            emitter.key("CIO-Delivery-Token")
            emitter.string(Text.token(64, &rng))
            return 2
        case .firebase:
            emitter.key("gcm.message_id")
            emitter.string(Array("0:".utf8) + Text.digits(16, &rng) + Array("%".utf8) + Text.hex(16, &rng))
            emitter.key("google.c.a.e")
            emitter.string("1")
            return 2
        }
    }
}
