public import PushPayloads

/// One conformance case: input bytes and the error code they must produce, or `nil` for acceptance.
///
/// The same table drives the native engine's tests and the jansson engine's agreement tests, so every
/// rule is checked on both.
public struct JSONConformanceCase: Sendable, CustomStringConvertible {
    /// What the case checks, shown as the test argument.
    public var name: String
    /// The input.
    public var bytes: [UInt8]
    /// The code the input must be rejected with, or `nil` when it must be accepted.
    public var expected: PushPayloadError.Code?
    /// Where the native engine must report the error, when the case pins it down.
    public var byteOffset: Int?
    /// The code the jansson engine gives, where it differs from ``expected`` by a documented choice
    /// (jansson refuses keys with U+0000, which the native engine accepts).
    public var janssonExpected: PushPayloadError.Code?

    /// A case whose input is the UTF-8 of `text`.
    public init(_ name: String, _ text: String, _ expected: PushPayloadError.Code? = nil, byteOffset: Int? = nil) {
        self.name = name
        self.bytes = Array(text.utf8)
        self.expected = expected
        self.byteOffset = byteOffset
        self.janssonExpected = expected
    }

    /// A case whose input is `bytes`, which need not be UTF-8.
    public init(_ name: String, bytes: [UInt8], _ expected: PushPayloadError.Code? = nil, byteOffset: Int? = nil) {
        self.name = name
        self.bytes = bytes
        self.expected = expected
        self.byteOffset = byteOffset
        self.janssonExpected = expected
    }

    /// A case that jansson rejects with `janssonExpected` while the native engine gives `expected`.
    public init(
        _ name: String,
        _ text: String,
        _ expected: PushPayloadError.Code?,
        jansson janssonExpected: PushPayloadError.Code?
    ) {
        self.init(name, text, expected)
        self.janssonExpected = janssonExpected
    }

    /// The case's name.
    public var description: String { name }
}

extension JSONConformanceCase {
    private static func wrap(_ value: String) -> String { #"{"k":"# + value + "}" }
    private static func wrapBytes(_ value: [UInt8]) -> [UInt8] { Array(#"{"k":""#.utf8) + value + Array(#""}"#.utf8) }

    /// Every rule of the engine issue, each at least once.
    public static let all: [JSONConformanceCase] = [
        // Accepted.
        .init("empty object", "{}"),
        .init("whitespace around", " \t\r\n{ \"a\" : [ 1 , 2 ] }\n\t "),
        .init("nested", #"{"aps":{"alert":{"title":"t","body":"b"},"badge":1},"a":[[],{},[{}]]}"#),
        .init("all scalars", #"{"s":"x","i":-12,"f":1.5e-3,"t":true,"f2":false,"n":null,"z":0,"nz":-0,"e":1E+2}"#),
        .init("escapes", wrap(#""\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00""#)),
        .init("escaped NUL in value", wrap(#""a\u0000b""#)),
        .init("valid 2-byte UTF-8", wrap("\"é\"")),
        .init("valid 3-byte UTF-8", wrap("\"€ 中文\"")),
        .init("valid 4-byte UTF-8", wrap("\"😀𝄞\"")),
        .init("max Unicode scalar", bytes: wrapBytes([0xF4, 0x8F, 0xBF, 0xBF])),
        .init("U+FFFF noncharacter", bytes: wrapBytes([0xEF, 0xBF, 0xBF])),
        .init("escaped key matches", #"{"\u0073ource":"xnpe_platform"}"#),
        .init("same prefix keys", #"{"a":1,"ab":2,"abc":3}"#),
        .init("Int64 max", wrap("9223372036854775807")),
        .init("Int64 min", wrap("-9223372036854775808")),
        .init("largest double", wrap("1.7976931348623157e308")),
        .init("underflow is zero", wrap("1e-400")),
        .init("zero with huge exponent", wrap("0e999999")),
        .init("long string crossing words", wrap("\"" + String(repeating: "abcdefgh", count: 40) + "\"")),
        .init("many keys hashed", "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"),

        // Syntax.
        .init("empty input", "", .invalidJSON),
        .init("only whitespace", "  \n ", .invalidJSON),
        .init("truncated object", #"{"a":1"#, .invalidJSON),
        .init("truncated after colon", #"{"a":"#, .invalidJSON),
        .init("truncated string", #"{"a":"abc"#, .invalidJSON),
        .init("truncated escape", #"{"a":"abc\"#, .invalidJSON),
        .init("truncated unicode escape", #"{"a":"\u12"#, .invalidJSON),
        .init("truncated literal", #"{"a":tru"#, .invalidJSON),
        .init("trailing garbage", #"{"a":1}x"#, .invalidJSON),
        .init("two values on one line", #"{"a":1} {"b":2}"#, .invalidJSON),
        .init("trailing comma in object", #"{"a":1,}"#, .invalidJSON),
        .init("trailing comma in array", #"{"a":[1,]}"#, .invalidJSON),
        .init("missing comma", #"{"a":1 "b":2}"#, .invalidJSON),
        .init("missing colon", #"{"a" 1}"#, .invalidJSON),
        .init("single quotes", "{'a':1}", .invalidJSON),
        .init("single-quoted value", #"{"a":'b'}"#, .invalidJSON),
        .init("unquoted key", "{a:1}", .invalidJSON),
        .init("leading zero", wrap("01"), .invalidJSON),
        .init("negative leading zero", wrap("-01"), .invalidJSON),
        .init("plus sign", wrap("+1"), .invalidJSON),
        .init("bare minus", wrap("-"), .invalidJSON),
        .init("dot without digits", wrap("1."), .invalidJSON),
        .init("leading dot", wrap(".5"), .invalidJSON),
        .init("exponent without digits", wrap("1e"), .invalidJSON),
        .init("hex number", wrap("0x10"), .invalidJSON),
        .init("NaN", wrap("NaN"), .invalidJSON),
        .init("Infinity", wrap("Infinity"), .invalidJSON),
        .init("negative Infinity", wrap("-Infinity"), .invalidJSON),
        .init("raw tab in string", wrap("\"a\tb\""), .invalidJSON),
        .init("raw newline in string", wrap("\"a\nb\""), .invalidJSON),
        .init("raw NUL in string", bytes: wrapBytes([0x61, 0x00, 0x62]), .invalidJSON),
        .init("bad escape", wrap(#""\x41""#), .invalidJSON),
        .init("bad escape letter", wrap(#""\a""#), .invalidJSON),
        .init("short unicode escape", wrap(#""\u41""#), .invalidJSON),
        .init("non-hex unicode escape", wrap(#""\u00G1""#), .invalidJSON),
        .init("lone high surrogate", wrap(#""\uD800""#), .invalidJSON),
        .init("lone high surrogate then text", wrap(#""\uD800abc""#), .invalidJSON),
        .init("lone low surrogate", wrap(#""\uDC00""#), .invalidJSON),
        .init("high then high surrogate", wrap(#""\uD800\uD800""#), .invalidJSON),
        .init("high then non-surrogate", wrap(#""\uD800\u0041""#), .invalidJSON),
        .init("reversed surrogates", wrap(#""\uDC00\uD800""#), .invalidJSON),
        .init("comment", "{/*c*/}", .invalidJSON),
        .init("uppercase literal", wrap("True"), .invalidJSON),
        .init("unclosed array", #"{"a":[1,2}"#, .invalidJSON),
        .init("mismatched brackets", #"{"a":[1,2}]"#, .invalidJSON),
        .init("BOM", bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8), .invalidJSON),
        // Open brackets cost one byte a node: the node buffer must be sized for them (found in review).
        .init("unclosed brackets", String(repeating: "[", count: 100), .invalidJSON),
        .init("unclosed brackets in an object", #"{"a":"# + String(repeating: "[", count: 120), .invalidJSON),
        .init("unclosed objects", String(repeating: #"{"a":"#, count: 100), .invalidJSON),

        // UTF-8.
        .init("overlong 2-byte", bytes: wrapBytes([0xC0, 0xAF]), .invalidUTF8),
        .init("overlong 2-byte C1", bytes: wrapBytes([0xC1, 0xBF]), .invalidUTF8),
        .init("overlong 3-byte", bytes: wrapBytes([0xE0, 0x80, 0xAF]), .invalidUTF8),
        .init("overlong 4-byte", bytes: wrapBytes([0xF0, 0x80, 0x80, 0xAF]), .invalidUTF8),
        .init("UTF-8 encoded high surrogate", bytes: wrapBytes([0xED, 0xA0, 0x80]), .invalidUTF8),
        .init("UTF-8 encoded low surrogate", bytes: wrapBytes([0xED, 0xBF, 0xBF]), .invalidUTF8),
        .init("above U+10FFFF", bytes: wrapBytes([0xF4, 0x90, 0x80, 0x80]), .invalidUTF8),
        .init("5-byte form", bytes: wrapBytes([0xF8, 0x88, 0x80, 0x80, 0x80]), .invalidUTF8),
        .init("6-byte form", bytes: wrapBytes([0xFC, 0x84, 0x80, 0x80, 0x80, 0x80]), .invalidUTF8),
        .init("lone continuation", bytes: wrapBytes([0x80]), .invalidUTF8),
        .init("truncated 2-byte", bytes: wrapBytes([0xC3]), .invalidUTF8),
        .init("truncated 3-byte", bytes: wrapBytes([0xE2, 0x82]), .invalidUTF8),
        .init("truncated 4-byte", bytes: wrapBytes([0xF0, 0x9F, 0x98]), .invalidUTF8),
        .init("FF byte", bytes: wrapBytes([0xFF]), .invalidUTF8),
        .init("invalid UTF-8 in key", bytes: Array(#"{""#.utf8) + [0xFE] + Array(#"":1}"#.utf8), .invalidUTF8),
        .init("invalid UTF-8 outside strings", bytes: Array("{}".utf8) + [0xFF], .invalidUTF8),
        .init("invalid UTF-8 as a value", bytes: Array(#"{"a":"#.utf8) + [0xC0, 0x80] + Array("}".utf8), .invalidUTF8),
        .init("truncated UTF-8 at end of input", bytes: Array(#"{"a":""#.utf8) + [0xE2, 0x82], .invalidUTF8),

        // Duplicates and keys.
        .init("duplicate key", #"{"a":1,"a":2}"#, .duplicateKey),
        .init("duplicate key nested", #"{"aps":{"sound":"a","badge":1,"sound":"b"}}"#, .duplicateKey),
        .init("duplicate key in array element", #"{"a":[{"x":1},{"x":1,"x":2}]}"#, .duplicateKey),
        .init("duplicate key via escape", #"{"source":"a","\u0073ource":"b"}"#, .duplicateKey),
        .init("duplicate key via escaped slash", #"{"a/b":1,"a\/b":2}"#, .duplicateKey),
        .init(
            "duplicate key among many",
            "{" + (0..<40).map { "\"k\($0)\":1" }.joined(separator: ",") + ",\"k7\":2}",
            .duplicateKey
        ),
        .init(
            "duplicate escaped key among many",
            "{" + (0..<40).map { "\"k\($0)\":1" }.joined(separator: ",") + ",\"\\u006b7\":2}",
            .duplicateKey
        ),
        // JSONTestSuite y_object_escaped_null_in_key: valid JSON, and a Swift String holds U+0000; jansson's
        // C-string keys can't, so it refuses.
        .init("NUL in key", #"{"a\u0000b":1}"#, nil, jansson: .nulInKey),
        .init("NUL only key", #"{"\u0000":1,"":2}"#, nil, jansson: .nulInKey),
        .init("NUL in nested key", #"{"aps":{"al\u0000ert":"x"}}"#, nil, jansson: .nulInKey),

        // Numbers out of range.
        .init("Int64 max + 1", wrap("9223372036854775808"), .numberOutOfRange),
        .init("Int64 min - 1", wrap("-9223372036854775809"), .numberOutOfRange),
        .init("20-digit integer", wrap("12345678901234567890"), .numberOutOfRange),
        .init("double overflow", wrap("1e309"), .numberOutOfRange),
        .init("double overflow at the edge", wrap("1.8e308"), .numberOutOfRange),
        .init("double overflow by digits", wrap(String(repeating: "9", count: 320) + ".0"), .numberOutOfRange),

        // Top level.
        .init("top-level array", "[1,2]", .notAnObject),
        .init("top-level string", #""x""#, .notAnObject),
        .init("top-level number", "42", .notAnObject),
        .init("top-level null", "null", .notAnObject),
        .init("top-level true", " true ", .notAnObject),
        .init("top-level string after whitespace", #"  "x""#, .notAnObject, byteOffset: 2),

        // Regressions found by the differential tests.
        .init(
            "NUL after a number",
            bytes: Array(#"{"a":1"#.utf8) + [0x00] + Array("}".utf8),
            .invalidJSON,
            byteOffset: 6
        ),
        .init("NUL after a literal", bytes: Array(#"{"a":true"#.utf8) + [0x00] + Array("}".utf8), .invalidJSON),
        .init(
            "NUL after a number in an array",
            bytes: Array(#"{"a":[1.5e3"#.utf8) + [0x00] + Array("]}".utf8),
            .invalidJSON
        ),
        .init("NUL after a top-level number", bytes: [UInt8(ascii: "1"), 0x00], .invalidJSON, byteOffset: 1),
        // Not UTF-8 is reported as such wherever the byte stands, as jansson does.
        .init("invalid UTF-8 after a backslash", bytes: wrapBytes([0x61, 0x5C, 0xFD]), .invalidUTF8, byteOffset: 8),
        .init(
            "invalid UTF-8 in a \\u escape",
            bytes: wrapBytes(Array(#"\u00"#.utf8) + [0xF4, 0x90, 0x80, 0x80]),
            .invalidUTF8,
            byteOffset: 10
        ),
        .init(
            "invalid UTF-8 in true",
            bytes: Array(#"{"k":tru"#.utf8) + [0x80] + Array("e}".utf8),
            .invalidUTF8,
            byteOffset: 8
        ),
        .init(
            "invalid UTF-8 in false",
            bytes: Array(#"{"k":fals"#.utf8) + [0xFF] + Array("}".utf8),
            .invalidUTF8,
            byteOffset: 9
        ),
        .init(
            "invalid UTF-8 in null",
            bytes: Array(#"{"k":n"#.utf8) + [0xC0, 0xAF] + Array("ll}".utf8),
            .invalidUTF8,
            byteOffset: 6
        ),
        .init(
            "invalid UTF-8 in place of a low surrogate",
            bytes: wrapBytes(Array(#"\uD83D"#.utf8) + [0xCD] + Array("uDE00".utf8)),
            .invalidUTF8,
            byteOffset: 12
        ),
        .init(
            "invalid UTF-8 after a high surrogate's backslash",
            bytes: wrapBytes(Array(#"\uD83D\"#.utf8) + [0xF5] + Array("DE00".utf8)),
            .invalidUTF8,
            byteOffset: 13
        ),
        .init(
            "valid UTF-8 in a literal",
            bytes: Array(#"{"k":tru"#.utf8) + [0xC3, 0xA9] + Array("}".utf8),
            .invalidJSON,
            byteOffset: 5
        ),
    ]
}
