// Seeded generators of JSON text for differential tests, property tests, benchmarks and fuzzers.
// Everything here is deterministic for a given seed and depends on the standard library only.

// MARK: - Random numbers

/// SplitMix64: a tiny, fast, seedable generator, so a failing case can be reproduced from its seed.
///
/// Not cryptographic; it exists to make test input repeatable across runs and machines.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The internal state; two generators with the same state produce the same sequence.
    public var state: UInt64

    /// Creates a generator whose sequence is fully determined by `seed`.
    public init(seed: UInt64) {
        self.state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly chosen integer in `range`.
    ///
    /// Implemented here rather than with `Int.random(in:using:)`, whose algorithm the standard library
    /// does not promise to keep, so a seed means the same input on every toolchain.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        if span == 0 { return Int(truncatingIfNeeded: next()) }  // the full 64-bit range
        return range.lowerBound &+ Int(truncatingIfNeeded: next().multipliedFullWidth(by: span).high)
    }

    /// A uniformly chosen integer in `range`, which must not be empty.
    public mutating func int(in range: Range<Int>) -> Int {
        int(in: range.lowerBound...(range.upperBound - 1))
    }

    /// `true` with probability `probability` (0...1).
    public mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1p-53 < probability
    }

    /// A uniformly chosen element of `elements`, which must not be empty.
    public mutating func element<C: Collection>(of elements: C) -> C.Element where C.Index == Int {
        elements[elements.startIndex + int(in: 0..<elements.count)]
    }
}

// MARK: - The model of a generated document

/// What a generated JSON text means: the value a correct parser must produce from it.
///
/// Strings and keys hold decoded text, while numbers keep the literal they were written as, since the
/// engines keep it too and derive every numeric view from it.
public indirect enum GeneratedJSON: Sendable, Equatable {
    /// One member of an object.
    public struct Member: Sendable, Equatable {
        /// The decoded key.
        public var key: String
        /// The member's value.
        public var value: GeneratedJSON

        /// Creates a member.
        public init(key: String, value: GeneratedJSON) {
            self.key = key
            self.value = value
        }
    }

    /// An object, members in text order; keys are unique by their UTF-8 bytes.
    case object([Member])
    /// An array.
    case array([GeneratedJSON])
    /// A string, decoded.
    case string(String)
    /// A number, as the literal written in the text (such as `-12.5e3`).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The deepest nesting of objects and arrays; a scalar has depth 0 and `{}` depth 1.
    public var depth: Int {
        switch self {
        case .object(let members): return 1 + (members.map(\.value.depth).max() ?? 0)
        case .array(let elements): return 1 + (elements.map(\.depth).max() ?? 0)
        default: return 0
        }
    }
}

/// A generated JSON text together with its meaning.
public struct GeneratedDocument: Sendable {
    /// The UTF-8 JSON text.
    public var bytes: [UInt8]
    /// What the text means.
    public var value: GeneratedJSON
}

// MARK: - Valid documents

/// Generates random, valid RFC 8259 JSON texts that every strict engine must accept.
///
/// Texts exercise what strict parsers get wrong: every escape (short forms, `\uXXXX` in both cases,
/// surrogate pairs), multi-byte UTF-8 up to U+10FFFF, escaped object keys, integers across the whole
/// `Int64` range, fractions and exponents up to the edges of `Double`, and whitespace between any
/// two tokens. Keys are unique within each object after decoding, and `\u0000` appears only in
/// values, so the texts also pass the push-payload rules (``JSONParser`` and jansson alike).
///
/// ```swift
/// var generator = JSONGenerator(seed: 42)
/// let document = generator.document()  // document.bytes is the text, document.value its meaning
/// ```
public struct JSONGenerator: Sendable {
    /// Shape and flavour of the generated texts.
    public struct Options: Sendable {
        /// The deepest nesting of objects and arrays, the top-level object included (at least 1).
        public var maximumDepth: Int
        /// The most members an object, or elements an array, may have.
        public var maximumMembers: Int
        /// The most Unicode scalars in a string value.
        public var maximumStringScalars: Int
        /// How often whitespace appears at each place the grammar allows it.
        public var whitespaceProbability: Double
        /// How often a character that may be written raw is written as an escape instead.
        public var escapeProbability: Double

        /// Creates options; the defaults give texts of a few hundred bytes, like push payloads.
        public init(
            maximumDepth: Int = 5,
            maximumMembers: Int = 6,
            maximumStringScalars: Int = 12,
            whitespaceProbability: Double = 0.15,
            escapeProbability: Double = 0.2
        ) {
            precondition(maximumDepth >= 1, "the top-level object needs depth 1")
            self.maximumDepth = maximumDepth
            self.maximumMembers = maximumMembers
            self.maximumStringScalars = maximumStringScalars
            self.whitespaceProbability = whitespaceProbability
            self.escapeProbability = escapeProbability
        }
    }

    /// The random source; its state advances with every text generated.
    public var random: SplitMix64
    /// Shape and flavour of the generated texts.
    public var options: Options

    /// Creates a generator whose texts are fully determined by `seed` and `options`.
    public init(seed: UInt64, options: Options = Options()) {
        self.random = SplitMix64(seed: seed)
        self.options = options
    }

    /// A new document: a top-level object, possibly surrounded by whitespace.
    public mutating func document() -> GeneratedDocument {
        var bytes: [UInt8] = []
        whitespace(&bytes)
        let value = object(into: &bytes, depth: 1)
        whitespace(&bytes)
        return GeneratedDocument(bytes: bytes, value: value)
    }

    /// A new value of any kind (a scalar, or a container no deeper than `maximumDepth`).
    public mutating func value(maximumDepth: Int) -> GeneratedDocument {
        var bytes: [UInt8] = []
        let value = self.value(into: &bytes, depth: options.maximumDepth - maximumDepth + 1)
        return GeneratedDocument(bytes: bytes, value: value)
    }

    // `depth` is the nesting level the value would have if it were a container.
    private mutating func value(into bytes: inout [UInt8], depth: Int) -> GeneratedJSON {
        let canNest = depth <= options.maximumDepth
        switch random.int(in: 0...99) {
        case 0..<12 where canNest: return object(into: &bytes, depth: depth)
        case 12..<22 where canNest: return array(into: &bytes, depth: depth)
        case 0..<45: return string(into: &bytes)
        case 45..<80:
            let text = number()
            bytes += text.utf8
            return .number(text)
        case 80..<88:
            bytes += "true".utf8
            return .bool(true)
        case 88..<95:
            bytes += "false".utf8
            return .bool(false)
        default:
            bytes += "null".utf8
            return .null
        }
    }

    private mutating func object(into bytes: inout [UInt8], depth: Int) -> GeneratedJSON {
        bytes.append(UInt8(ascii: "{"))
        var members: [GeneratedJSON.Member] = []
        var seen: Set<[UInt8]> = []
        let count = random.int(in: 0...options.maximumMembers)
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            whitespace(&bytes)
            var key = keyText()
            // Unique by bytes, not by String equality, which treats "é" and "e\u{301}" as equal.
            while !seen.insert(Array(key.utf8)).inserted { key += String(random.int(in: 0...9)) }
            bytes.append(UInt8(ascii: "\""))
            for scalar in key.unicodeScalars { appendScalar(scalar, into: &bytes) }
            bytes.append(UInt8(ascii: "\""))
            whitespace(&bytes)
            bytes.append(UInt8(ascii: ":"))
            whitespace(&bytes)
            members.append(.init(key: key, value: value(into: &bytes, depth: depth + 1)))
            whitespace(&bytes)
        }
        if count == 0 { whitespace(&bytes) }
        bytes.append(UInt8(ascii: "}"))
        return .object(members)
    }

    private mutating func array(into bytes: inout [UInt8], depth: Int) -> GeneratedJSON {
        bytes.append(UInt8(ascii: "["))
        var elements: [GeneratedJSON] = []
        let count = random.int(in: 0...options.maximumMembers)
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            whitespace(&bytes)
            elements.append(value(into: &bytes, depth: depth + 1))
            whitespace(&bytes)
        }
        if count == 0 { whitespace(&bytes) }
        bytes.append(UInt8(ascii: "]"))
        return .array(elements)
    }

    private mutating func whitespace(_ bytes: inout [UInt8]) {
        guard random.chance(options.whitespaceProbability) else { return }
        bytes += random.element(of: [" ", "  ", "\n", "\t", "\r\n", " \n\t\r "]).utf8
    }

    // MARK: Strings

    /// Words real payloads use as keys, so texts look like pushes and keys often share prefixes.
    static let keyWords = [
        "aps", "alert", "title", "body", "sound", "badge", "content-available", "mutable-content",
        "category", "thread-id", "data", "source", "mcID", "deepLink", "url", "_sw", "attributes",
        "a", "ab", "abc", "", "k", "id", "x",
    ]

    /// Scalars for string content, chosen for the UTF-8 lengths and escapes they exercise.
    static let textScalars: [Unicode.Scalar] = [
        "a", "b", "z", "A", "Z", "0", "9", " ", "-", "_", ".", "~", "'", "/", "\"", "\\", "\u{7F}",
        "\u{80}", "é", "ß", "ñ", "\u{7FF}",  // 2 bytes
        "\u{800}", "€", "中", "文", "\u{D7FF}", "\u{E000}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}",  // 3 bytes
        "\u{10000}", "😀", "𝄞", "🇫", "🇷", "\u{1F3FD}", "\u{10FFFF}",  // 4 bytes
        "\u{01}", "\u{08}", "\u{09}", "\u{0A}", "\u{0C}", "\u{0D}", "\u{1F}",  // must be escaped
    ]

    private mutating func keyText() -> String {
        if random.chance(0.7) { return random.element(of: Self.keyWords) }
        var key = ""
        for _ in 0..<random.int(in: 1...6) { key.unicodeScalars.append(random.element(of: Self.textScalars)) }
        return key
    }

    private mutating func string(into bytes: inout [UInt8]) -> GeneratedJSON {
        var text = ""
        let count = random.int(in: 0...options.maximumStringScalars)
        for _ in 0..<count {
            // U+0000 only in values: keys can't hold it (jansson and C SDKs can't represent it).
            let scalar = random.chance(0.03) ? "\u{0}" : random.element(of: Self.textScalars)
            text.unicodeScalars.append(scalar)
        }
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars { appendScalar(scalar, into: &bytes) }
        bytes.append(UInt8(ascii: "\""))
        return .string(text)
    }

    /// Writes one scalar of string content: raw when JSON allows it and the dice say so, otherwise
    /// as one of its escapes.
    private mutating func appendScalar(_ scalar: Unicode.Scalar, into bytes: inout [UInt8]) {
        let value = scalar.value
        let mustEscape = value < 0x20 || scalar == "\"" || scalar == "\\"
        if !mustEscape && !random.chance(options.escapeProbability) {
            bytes += String(scalar).utf8
            return
        }
        let short: UInt8? =
            switch scalar {
            case "\"": UInt8(ascii: "\"")
            case "\\": UInt8(ascii: "\\")
            case "/": UInt8(ascii: "/")
            case "\u{08}": UInt8(ascii: "b")
            case "\u{0C}": UInt8(ascii: "f")
            case "\u{0A}": UInt8(ascii: "n")
            case "\u{0D}": UInt8(ascii: "r")
            case "\u{09}": UInt8(ascii: "t")
            default: nil
            }
        if let short, random.chance(0.6) {
            bytes += [UInt8(ascii: "\\"), short]
            return
        }
        let uppercase = random.chance(0.5)
        if value >= 0x10000 {
            let offset = value - 0x10000
            Self.appendUnicodeEscape(0xD800 + (offset >> 10), uppercase: uppercase, into: &bytes)
            Self.appendUnicodeEscape(0xDC00 + (offset & 0x3FF), uppercase: uppercase, into: &bytes)
        } else {
            Self.appendUnicodeEscape(value, uppercase: uppercase, into: &bytes)
        }
    }

    /// Appends `\uXXXX` for the UTF-16 code unit `unit`.
    public static func appendUnicodeEscape(_ unit: UInt32, uppercase: Bool = false, into bytes: inout [UInt8]) {
        let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) { bytes.append(digits[Int(unit >> UInt32(shift) & 0xF)]) }
    }

    // MARK: Numbers

    /// Literals at the edges of `Int64` and `Double` that strict engines must still accept.
    public static let edgeNumbers = [
        "0", "-0", "1", "-1", "0.0", "-0.0", "1.0", "1e0", "1E0", "1e+0", "1e-0", "1E+2", "100e-2", "0.5",
        "9223372036854775807", "-9223372036854775808", "9223372036854775806", "-9223372036854775807",
        "9007199254740992", "9007199254740993", "-9007199254740993", "4294967296", "2147483648",
        "1.7976931348623157e308", "-1.7976931348623157e308", "1.7976931348623157E+308", "1e308",
        "9.999999999999999e307", "2.2250738585072014e-308", "2.2250738585072011e-308", "5e-324", "4.9e-324",
        "-5e-324", "1e-400", "-1e-400", "0e999999", "0.0e-999999", "0.000001", "123456789012345678901234567890.5",
        "0.30000000000000004441", "0.1000000000000000055511151231257827021181583404541015625",
        "9223372036854775807.0", "9.223372036854775807e18", "-9.223372036854775808e18", "1e19",
        "17976931348623157" + String(repeating: "0", count: 292) + ".0",
    ]

    /// A random number literal: small and huge integers, fractions, exponents and edge values.
    public mutating func number() -> String {
        switch random.int(in: 0...9) {
        case 0, 1: return String(random.int(in: -1000...1000))
        case 2: return String(Int64(truncatingIfNeeded: random.next()))
        case 3:
            // Integers just inside Int64, where digit-count shortcuts go wrong.
            let magnitude = Int64.max - Int64(random.int(in: 0...1000))
            return random.chance(0.5) ? String(magnitude) : String(-magnitude - (random.chance(0.5) ? 1 : 0))
        case 4: return random.element(of: Self.edgeNumbers)
        case 5:
            var bits = random.next()
            while !Double(bitPattern: bits).isFinite { bits = random.next() }
            // `description` is valid JSON for every finite Double ("1e-05", "-0.0", "1.2e+300").
            return Double(bitPattern: bits).description
        default:
            // Up to 6 integer digits and exponents within ±300 keep the value finite.
            var text = random.chance(0.3) ? "-" : ""
            text += random.chance(0.3) ? "0" : String(random.int(in: 1...999_999))
            if random.chance(0.7) {
                text += "."
                for _ in 0..<random.int(in: 1...20) { text += String(random.int(in: 0...9)) }
            }
            if random.chance(0.6) || !text.contains(".") {
                text += random.chance(0.5) ? "e" : "E"
                text += random.element(of: ["", "+", "-"])
                let exponent = random.int(in: 0...300)
                text += random.chance(0.1) ? "00" + String(exponent) : String(exponent)
            }
            return text
        }
    }
}

// MARK: - Mutations

/// A way to damage a valid JSON text so that strict engines (most likely) reject it.
public enum JSONMutation: String, CaseIterable, Sendable {
    /// Cut the text before a byte of a randomly chosen kind: inside a key, a string, an escape, a
    /// multi-byte character, a number or a literal, or at whitespace or punctuation.
    case truncate
    /// Flip one bit of one byte.
    case flipBit
    /// Replace one byte with a random byte.
    case replaceByte
    /// Insert one random byte.
    case insertByte
    /// Delete one byte.
    case deleteByte
    /// Insert a backslash escape JSON does not have (`\x41`, `\a`, `\u12G4`, …) into a string.
    case insertBadEscape
    /// Insert a lone or mismatched surrogate escape (`\uD83D`, `\uDC00`, `\uD800\u0041`, …) into a string.
    case insertLoneSurrogate
    /// Insert an invalid UTF-8 sequence (overlong, encoded surrogate, 5-byte, truncated, …), mostly
    /// into a string.
    case insertInvalidUTF8
    /// Repeat an object's key in the same object, spelled the same way.
    case duplicateKey
    /// Repeat an object's key in the same object, spelled with `\u` escapes.
    case duplicateEscapedKey
    /// Put a comma before a closing `}` or `]`.
    case trailingComma
    /// Append a second top-level value.
    case appendValue
    /// Wrap the text in objects and arrays, to around the default depth limit or far past it.
    case deepenNesting
}

/// Damages valid JSON texts, for differential and robustness tests.
///
/// Mutations that need structure (a key to repeat, a string to insert into) read the text with a
/// small lexer; texts that are not valid JSON are still mutated, only less precisely.
public struct JSONMutator: Sendable {
    /// The random source.
    public var random: SplitMix64

    /// Creates a mutator whose choices are fully determined by `seed`.
    public init(seed: UInt64) {
        self.random = SplitMix64(seed: seed)
    }

    /// Applies a randomly chosen mutation.
    public mutating func mutate(_ bytes: [UInt8]) -> (mutation: JSONMutation, bytes: [UInt8]) {
        let mutation = random.element(of: JSONMutation.allCases)
        return (mutation, mutate(bytes, with: mutation))
    }

    /// Applies `mutation`. When the text offers no place for it (no key to repeat, say), falls back to
    /// a byte-level mutation, so the result always differs from the input.
    public mutating func mutate(_ bytes: [UInt8], with mutation: JSONMutation) -> [UInt8] {
        let map = JSONTextMap(bytes)
        switch mutation {
        case .truncate:
            return truncate(bytes, map: map)
        case .flipBit:
            guard !bytes.isEmpty else { return [UInt8(random.int(in: 0...255))] }
            var result = bytes
            result[random.int(in: 0..<bytes.count)] ^= 1 << UInt8(random.int(in: 0...7))
            return result
        case .replaceByte:
            guard !bytes.isEmpty else { return [UInt8(random.int(in: 0...255))] }
            var result = bytes
            let position = random.int(in: 0..<bytes.count)
            var byte = UInt8(random.int(in: 0...255))
            if byte == result[position] { byte &+= 1 }
            result[position] = byte
            return result
        case .insertByte:
            var result = bytes
            result.insert(randomInterestingByte(), at: random.int(in: 0...bytes.count))
            return result
        case .deleteByte:
            guard !bytes.isEmpty else { return [UInt8(ascii: "}")] }
            var result = bytes
            result.remove(at: random.int(in: 0..<bytes.count))
            return result
        case .insertBadEscape:
            return insert(random.element(of: Self.badEscapes), intoStringOf: bytes, map: map)
        case .insertLoneSurrogate:
            return insert(random.element(of: Self.loneSurrogates), intoStringOf: bytes, map: map)
        case .insertInvalidUTF8:
            let sequence = random.element(of: Self.invalidUTF8)
            if random.chance(0.25) {
                var result = bytes
                result.insert(contentsOf: sequence, at: random.int(in: 0...bytes.count))
                return result
            }
            return insert(sequence, intoStringOf: bytes, map: map)
        case .duplicateKey, .duplicateEscapedKey:
            guard !map.keys.isEmpty else { return mutate(bytes, with: .trailingComma) }
            let key = random.element(of: map.keys)
            let raw = Array(bytes[key.start + 1..<key.end - 1])
            let spelling = mutation == .duplicateKey ? raw : Self.escapedSpelling(ofKey: raw)
            let member = [UInt8(ascii: "\"")] + spelling + Array(#"":0,"#.utf8)
            var result = bytes
            result.insert(contentsOf: member, at: key.objectStart + 1)
            return result
        case .trailingComma:
            guard !map.closers.isEmpty else { return bytes + Array(",".utf8) }
            var result = bytes
            result.insert(UInt8(ascii: ","), at: random.element(of: map.closers))
            return result
        case .appendValue:
            let second = random.element(of: [#"{}"#, #"{"a":1}"#, "[]", "1", "0", #""x""#, "null", "true", ",{}"])
            let separator = random.element(of: ["", " ", "\n", "\r\n"])
            return bytes + Array((separator + second).utf8)
        case .deepenNesting:
            return deepen(bytes, map: map)
        }
    }

    /// Escapes (after a backslash) that RFC 8259 does not define, including malformed `\u`s.
    public static let badEscapes: [[UInt8]] = [
        #"\x41"#, #"\a"#, #"\'"#, #"\U0041"#, #"\u12G4"#, #"\u-123"#, #"\u 123"#, #"\0"#, #"\v"#, #"\e"#,
        "\\ ", "\\\n", #"\u00"#, #"\u"#, "\\\u{E9}",
    ].map { Array($0.utf8) }

    /// Surrogate escapes that do not form a pair.
    public static let loneSurrogates: [[UInt8]] = [
        #"\uD83D"#, #"\uDBFF"#, #"\ud800"#, #"\uDC00"#, #"\udfff"#, #"\uDE00\uD83D"#, #"\uD800\uD800"#,
        #"\uD800\u0041"#, #"\uD800x"#, #"\uD800\n"#, #"\uDBFF\uE000"#,
    ].map { Array($0.utf8) }

    /// Byte sequences that are not UTF-8.
    public static let invalidUTF8: [[UInt8]] = [
        [0xC0, 0xAF], [0xC1, 0xBF],  // overlong 2-byte
        [0xE0, 0x80, 0xAF], [0xE0, 0x9F, 0xBF],  // overlong 3-byte
        [0xF0, 0x80, 0x80, 0xAF], [0xF0, 0x8F, 0xBF, 0xBF],  // overlong 4-byte
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80],  // encoded surrogates
        [0xF4, 0x90, 0x80, 0x80], [0xF7, 0xBF, 0xBF, 0xBF],  // above U+10FFFF
        [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFC, 0x84, 0x80, 0x80, 0x80, 0x80],  // 5- and 6-byte forms
        [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xE2], [0xF0],  // truncated
        [0x80], [0xBF], [0x80, 0x80],  // continuation bytes without a lead
        [0xFE], [0xFF], [0xC3, 0x28], [0xE2, 0x28, 0xA1], [0xF0, 0x28, 0x8C, 0x28],  // bad continuation
    ]

    private mutating func randomInterestingByte() -> UInt8 {
        if random.chance(0.5) { return UInt8(random.int(in: 0...255)) }
        return random.element(of: Array(#"{}[],:"\ 0-.eEtfnu"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xFF])
    }

    private mutating func truncate(_ bytes: [UInt8], map: JSONTextMap) -> [UInt8] {
        guard bytes.count > 1 else { return [] }
        // Pick the kind first, so rare kinds (an escape, a literal) get cut as often as common ones.
        let kinds = Set(map.roles.dropFirst())
        let kind = random.element(of: kinds.sorted { $0.rawValue < $1.rawValue })
        let positions = (1..<bytes.count).filter { map.roles[$0] == kind }
        return Array(bytes[..<random.element(of: positions)])
    }

    private mutating func insert(_ sequence: [UInt8], intoStringOf bytes: [UInt8], map: JSONTextMap) -> [UInt8] {
        var result = bytes
        let position =
            map.stringInsertionPoints.isEmpty
            ? random.int(in: 0...bytes.count) : random.element(of: map.stringInsertionPoints)
        result.insert(contentsOf: sequence, at: position)
        return result
    }

    private mutating func deepen(_ bytes: [UInt8], map: JSONTextMap) -> [UInt8] {
        // Aim at the default limit of 128 (one below, at, one above) or well past it.
        let target = random.element(of: [127, 128, 129, 130, random.int(in: 1...300), random.int(in: 2_000...2_100)])
        let levels = max(1, target - map.maximumDepth)
        var prefix: [UInt8] = []
        var suffix: [UInt8] = []
        for _ in 0..<levels {
            if random.chance(0.5) {
                prefix += Array(#"{"d":"#.utf8)
                suffix += [UInt8(ascii: "}")]
            } else {
                prefix += [UInt8(ascii: "[")]
                suffix += [UInt8(ascii: "]")]
            }
        }
        // An array at the top is not a payload; keep an object outermost so the depth rule is what's tested.
        if prefix.first == UInt8(ascii: "[") {
            prefix.insert(contentsOf: Array(#"{"d":"#.utf8), at: 0)
            suffix.insert(UInt8(ascii: "}"), at: 0)
        }
        return prefix + bytes + suffix.reversed()
    }

    /// The key's raw text (between the quotes) respelled so every scalar is a `\u` escape; if the key
    /// was already spelled that way, the hex digits change case instead.
    public static func escapedSpelling(ofKey raw: [UInt8]) -> [UInt8] {
        var units: [UInt16] = []
        for scalar in decodeStringContent(raw).unicodeScalars { units += Array(String(scalar).utf16) }
        var spelling: [UInt8] = []
        for unit in units { JSONGenerator.appendUnicodeEscape(UInt32(unit), uppercase: true, into: &spelling) }
        if spelling == raw {
            spelling = []
            for unit in units { JSONGenerator.appendUnicodeEscape(UInt32(unit), uppercase: false, into: &spelling) }
        }
        return spelling
    }

    /// Decodes the content of a valid JSON string (the bytes between the quotes).
    public static func decodeStringContent(_ raw: [UInt8]) -> String {
        var units: [UInt16] = []
        var bytes: [UInt8] = []
        func flushBytes() {
            units += Array(String(decoding: bytes, as: UTF8.self).utf16)
            bytes = []
        }
        var i = 0
        while i < raw.count {
            guard raw[i] == UInt8(ascii: "\\"), i + 1 < raw.count else {
                bytes.append(raw[i])
                i += 1
                continue
            }
            flushBytes()
            let escape = raw[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "u") where i + 4 <= raw.count:
                units.append(UInt16(String(decoding: raw[i..<i + 4], as: UTF8.self), radix: 16) ?? 0xFFFD)
                i += 4
            default: units.append(UInt16(escape))
            }
        }
        flushBytes()
        return String(decoding: units, as: UTF16.self)
    }
}

// MARK: - Reading the structure of a text

/// What one byte of a JSON text is part of.
public enum JSONByteRole: Int, Sendable, Hashable, CaseIterable {
    /// Whitespace between tokens.
    case whitespace
    /// `{`, `}`, `[`, `]`, `,` or `:`.
    case punctuation
    /// A quote that opens or closes a key.
    case keyQuote
    /// Raw text of a key.
    case keyText
    /// A quote that opens or closes a string value.
    case stringQuote
    /// Raw text of a string value.
    case stringText
    /// A byte of an escape after its backslash (the backslash itself is text).
    case escape
    /// A continuation byte of a multi-byte UTF-8 character.
    case utf8Continuation
    /// A byte of a number.
    case number
    /// A byte of `true`, `false` or `null`.
    case literal
    /// Anything else (the text is not valid JSON there).
    case other
}

/// The structure of a JSON text as far as mutations need it: what each byte is, where keys and
/// closing brackets are, where bytes can go into a string. Tolerates any input without trapping.
public struct JSONTextMap: Sendable {
    /// A key and the object it belongs to.
    public struct Key: Sendable {
        /// Offset of the `{` of the object holding the key.
        public var objectStart: Int
        /// Offset of the key's opening quote.
        public var start: Int
        /// Offset just past the key's closing quote.
        public var end: Int
    }

    /// The role of each byte.
    public private(set) var roles: [JSONByteRole]
    /// Every object key.
    public private(set) var keys: [Key] = []
    /// Offsets of every `}` and `]`.
    public private(set) var closers: [Int] = []
    /// Offsets inside string values and keys where a character or escape may start.
    public private(set) var stringInsertionPoints: [Int] = []
    /// The deepest nesting of objects and arrays.
    public private(set) var maximumDepth = 0

    /// Reads `bytes`.
    public init(_ bytes: [UInt8]) {
        roles = Array(repeating: .other, count: bytes.count)
        var objects: [Int?] = []  // the `{` offset of each open container, nil for arrays
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                roles[i] = .whitespace
                i += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                roles[i] = .punctuation
                objects.append(byte == UInt8(ascii: "{") ? i : nil)
                maximumDepth = max(maximumDepth, objects.count)
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                roles[i] = .punctuation
                closers.append(i)
                _ = objects.popLast()
                i += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                roles[i] = .punctuation
                i += 1
            case UInt8(ascii: "\""):
                let start = i
                let end = scanString(bytes, from: i)
                var next = end
                while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
                let isKey = next < bytes.count && bytes[next] == UInt8(ascii: ":")
                if isKey, case let objectStart?? = objects.last {
                    keys.append(Key(objectStart: objectStart, start: start, end: end))
                }
                for k in start..<end {
                    switch roles[k] {
                    case .stringQuote where isKey: roles[k] = .keyQuote
                    case .stringText where isKey: roles[k] = .keyText
                    default: break
                    }
                }
                i = end
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                while i < bytes.count, Self.isNumberByte(bytes[i]) {
                    roles[i] = .number
                    i += 1
                }
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                while i < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[i]) {
                    roles[i] = .literal
                    i += 1
                }
            default:
                i += 1
            }
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default: return false
        }
    }

    /// Marks a string starting at the quote at `start`; returns the offset past its closing quote.
    private mutating func scanString(_ bytes: [UInt8], from start: Int) -> Int {
        roles[start] = .stringQuote
        var i = start + 1
        while i < bytes.count {
            let byte = bytes[i]
            stringInsertionPoints.append(i)
            if byte == UInt8(ascii: "\"") {
                roles[i] = .stringQuote
                return i + 1
            }
            roles[i] = .stringText
            if byte == UInt8(ascii: "\\") {
                var length = 2
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") {
                    length = 6
                    // A surrogate pair is one character: nothing may go between its halves.
                    if i + 11 < bytes.count, bytes[i + 2] | 0x20 == UInt8(ascii: "d"),
                        (UInt8(ascii: "8")...UInt8(ascii: "b")).contains(bytes[i + 3] | 0x20),
                        bytes[i + 6] == UInt8(ascii: "\\")
                    {
                        length = 12
                    }
                }
                for k in i + 1..<min(i + length, bytes.count) { roles[k] = .escape }
                i += length
            } else if byte >= 0x80 {
                i += 1
                while i < bytes.count, bytes[i] & 0xC0 == 0x80 {
                    roles[i] = .utf8Continuation
                    i += 1
                }
            } else {
                i += 1
            }
        }
        return bytes.count
    }
}
