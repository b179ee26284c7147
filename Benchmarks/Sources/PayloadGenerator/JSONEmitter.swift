/// How a sender spells its JSON. Real senders differ: Python's `json.dumps` writes `", "` and `": "`
/// and escapes every non-ASCII character as `\uXXXX`; Android's `org.json` escapes `/` as `\/`; Go and
/// Node write compact UTF-8.
public struct JSONStyle: Sendable {
    /// Write `", "` and `": "` instead of `","` and `":"`.
    public var spaced: Bool
    /// Escape every non-ASCII character as `\uXXXX` (surrogate pairs above U+FFFF).
    public var asciiOnly: Bool
    /// Escape `/` as `\/`.
    public var escapeSlashes: Bool
    /// Put each member on its own indented line (used only for JSON embedded in a string, never for a
    /// whole payload, which must stay on one line of a JSON Lines capture).
    public var pretty: Bool

    /// Creates a style.
    public init(spaced: Bool = false, asciiOnly: Bool = false, escapeSlashes: Bool = false, pretty: Bool = false) {
        self.spaced = spaced
        self.asciiOnly = asciiOnly
        self.escapeSlashes = escapeSlashes
        self.pretty = pretty
    }

    /// Compact UTF-8, no optional escapes.
    public static let compact = JSONStyle()
}

/// Writes JSON text into a byte buffer, one value at a time, inserting commas itself.
///
/// It trusts its caller (keys and values are always well formed); the generator breaks payloads on
/// purpose afterwards, never through the emitter.
struct JSONEmitter {
    var out: [UInt8]
    var style: JSONStyle
    /// Bit `d` is set when the container at depth `d` already holds a member.
    private var hasMember: UInt64 = 0
    private var depth = 0

    init(style: JSONStyle, capacity: Int = 4096) {
        self.style = style
        self.out = []
        self.out.reserveCapacity(capacity)
    }

    mutating func reset(style: JSONStyle) {
        out.removeAll(keepingCapacity: true)
        self.style = style
        hasMember = 0
        depth = 0
        pendingValue = false
    }

    var count: Int { out.count }

    /// True between a key and its value: the value writes no comma.
    private var pendingValue = false

    /// Writes the comma before a new member or element, unless this value belongs to a key just written.
    @inline(__always)
    private mutating func separator() {
        if pendingValue {
            pendingValue = false
            return
        }
        if depth == 0 { return }
        let bit: UInt64 = 1 << UInt64(depth)
        if hasMember & bit != 0 {
            out.append(UInt8(ascii: ","))
            if style.spaced && !style.pretty { out.append(UInt8(ascii: " ")) }
        } else {
            hasMember |= bit
        }
        if style.pretty { newline(depth) }
    }

    private mutating func newline(_ level: Int) {
        out.append(0x0A)
        for _ in 0..<level { out.append(contentsOf: [0x20, 0x20]) }
    }

    private mutating func close(_ byte: UInt8) {
        if style.pretty && hasMember & (1 << UInt64(depth)) != 0 { newline(depth - 1) }
        depth -= 1
        out.append(byte)
    }

    @inline(__always)
    private mutating func valuePrefix() { separator() }

    mutating func beginObject() {
        separator()
        out.append(UInt8(ascii: "{"))
        depth += 1
        hasMember &= ~(1 << UInt64(depth))
    }

    mutating func endObject() { close(UInt8(ascii: "}")) }

    mutating func beginArray() {
        separator()
        out.append(UInt8(ascii: "["))
        depth += 1
        hasMember &= ~(1 << UInt64(depth))
    }

    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes a key and its colon; the value follows.
    mutating func key(_ name: StaticString) {
        separator()
        out.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
        if style.spaced || style.pretty { out.append(UInt8(ascii: " ")) }
        pendingValue = true
    }

    /// Writes a key given as bytes (generated custom keys), escaped like any string.
    mutating func key(bytes: [UInt8]) {
        separator()
        writeString(bytes)
        out.append(UInt8(ascii: ":"))
        if style.spaced || style.pretty { out.append(UInt8(ascii: " ")) }
        pendingValue = true
    }

    mutating func string(_ text: StaticString) {
        valuePrefix()
        text.withUTF8Buffer { writeString($0) }
    }

    mutating func string(_ text: [UInt8]) {
        valuePrefix()
        writeString(text)
    }

    mutating func int(_ value: Int) {
        valuePrefix()
        appendDecimal(value)
    }

    /// Writes a fixed-point decimal `value / 10^scale` with exactly `scale` fraction digits.
    mutating func fixed(_ value: Int, scale: Int) {
        valuePrefix()
        var divisor = 1
        for _ in 0..<scale { divisor *= 10 }
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        appendDecimal(Int(magnitude / UInt(divisor)))
        out.append(UInt8(ascii: "."))
        var fraction = Int(magnitude % UInt(divisor))
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: scale)
        var k = scale - 1
        while k >= 0 {
            digits[k] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
            k -= 1
        }
        out.append(contentsOf: digits)
    }

    /// Writes number text as it is (the caller's text is a valid JSON number).
    mutating func number(text: [UInt8]) {
        valuePrefix()
        out.append(contentsOf: text)
    }

    mutating func bool(_ value: Bool) {
        valuePrefix()
        if value {
            out.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    mutating func null() {
        valuePrefix()
        out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    /// Writes JSON text produced by another emitter as a JSON string (the FCM data convention).
    mutating func embedded(_ json: [UInt8]) {
        valuePrefix()
        writeString(json)
    }

    private mutating func appendDecimal(_ value: Int) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var v = value.magnitude
        if v == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            var k = raw.count
            while v > 0 {
                k -= 1
                raw[k] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            }
            out.append(contentsOf: raw[k...])
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func unicodeEscape(_ unit: UInt32) {
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "u"))
        out.append(Self.hexDigits[Int(unit >> 12 & 0xF)])
        out.append(Self.hexDigits[Int(unit >> 8 & 0xF)])
        out.append(Self.hexDigits[Int(unit >> 4 & 0xF)])
        out.append(Self.hexDigits[Int(unit & 0xF)])
    }

    private mutating func writeString<C: Collection>(_ text: C) where C.Element == UInt8, C.Index == Int {
        out.append(UInt8(ascii: "\""))
        var i = text.startIndex
        let end = text.endIndex
        while i < end {
            let byte = text[i]
            switch byte {
            case UInt8(ascii: "\""):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case UInt8(ascii: "/") where style.escapeSlashes:
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case 0x0A:
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "n"))
            case 0x0D:
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "r"))
            case 0x09:
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "t"))
            case 0..<0x20:
                unicodeEscape(UInt32(byte))
            case 0x80... where style.asciiOnly:
                // Decode one scalar of (valid) UTF-8 and write it as one or two \u escapes.
                var scalar: UInt32
                var length: Int
                if byte >= 0xF0 {
                    scalar = UInt32(byte & 0x07)
                    length = 4
                } else if byte >= 0xE0 {
                    scalar = UInt32(byte & 0x0F)
                    length = 3
                } else {
                    scalar = UInt32(byte & 0x1F)
                    length = 2
                }
                for k in 1..<length { scalar = scalar << 6 | UInt32(text[i + k] & 0x3F) }
                if scalar >= 0x10000 {
                    let v = scalar - 0x10000
                    unicodeEscape(0xD800 | v >> 10)
                    unicodeEscape(0xDC00 | v & 0x3FF)
                } else {
                    unicodeEscape(scalar)
                }
                i += length
                continue
            default:
                out.append(byte)
            }
            i += 1
        }
        out.append(UInt8(ascii: "\""))
    }
}
