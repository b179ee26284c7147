import PushPayloadsJSON
import Testing

@Suite("JSON views")
struct JSONValueTests {
    private func document(_ text: String) throws -> JSONDocument {
        try JSONDocument(jsonString: text)
    }

    private func value(_ text: String) throws -> JSONValue {
        try JSONDocument(jsonValueString: text).root
    }

    // MARK: Kinds

    @Test(
        "kind and typed accessors",
        arguments: [
            (#"{}"#, JSONValue.Kind.object), ("[]", .array), (#""s""#, .string), ("1", .number), ("-1.5e3", .number),
            ("true", .bool), ("false", .bool), ("null", .null),
        ]
    )
    func kinds(_ text: String, _ kind: JSONValue.Kind) throws {
        let value = try value(text)
        #expect(value.kind == kind)
        #expect((value.objectValue != nil) == (kind == .object))
        #expect((value.arrayValue != nil) == (kind == .array))
        #expect((value.stringValue != nil) == (kind == .string))
        #expect((value.numberValue != nil) == (kind == .number))
        #expect((value.boolValue != nil) == (kind == .bool))
        #expect(value.isNull == (kind == .null))
        #expect((value.stringUTF8Count != nil) == (kind == .string))
        #expect(value.isString("s") == (kind == .string))
        // Views of the wrong kind answer nil rather than trap.
        #expect(value["s"] == nil)
        #expect(kind == .array || value[0] == nil)
    }

    @Test("booleans are never numbers and numbers never booleans")
    func booleans() throws {
        let object = try document(#"{"t":true,"f":false,"one":1,"zero":0,"s":"true"}"#).rootObject
        #expect(object["t"]?.boolValue == true)
        #expect(object["f"]?.boolValue == false)
        #expect(object["one"]?.boolValue == nil)
        #expect(object["zero"]?.boolValue == nil)
        #expect(object["s"]?.boolValue == nil)
        #expect(object["t"]?.numberValue == nil)
    }

    // MARK: Objects

    @Test("lookup compares decoded keys: \\u0073ource is found as source")
    func escapedKeyLookup() throws {
        let object = try document(#"{"\u0073ource":"xnpe_platform","a\/b":1,"\u00e9t\u00C9":2,"\uD83D\uDE00":3}"#)
            .rootObject
        #expect(object["source"]?.isString("xnpe_platform") == true)
        #expect(object["\\u0073ource"] == nil, "the raw spelling is not the key")
        #expect(object["a/b"]?.numberValue?.int64Value == 1)
        #expect(object["étÉ"]?.numberValue?.int64Value == 2)
        #expect(object["😀"]?.numberValue?.int64Value == 3)
        #expect(object.contains("source"))
        #expect(!object.contains("sourc"))
        #expect(!object.contains("sources"))
        #expect(object.keys == ["source", "a/b", "étÉ", "😀"])
        #expect(object[utf8: Array("source".utf8)]?.isString("xnpe_platform") == true)
        #expect(object[utf8: "source".utf8]?.isString("xnpe_platform") == true)
        #expect(object[utf8: "a source".utf8.dropFirst(2)]?.isString("xnpe_platform") == true, "a slice")
        #expect(object[utf8: "étÉ".utf8.lazy.map { $0 }]?.numberValue?.int64Value == 2, "not contiguous")
        #expect(object[utf8: "sourc".utf8] == nil && object[utf8: [UInt8]()] == nil)
    }

    @Test("lookup is exact: keys are compared byte for byte, not by Unicode equivalence or case")
    func exactKeys() throws {
        let object = try document(#"{"caf\u00e9":1,"Source":2,"":3}"#).rootObject
        #expect(object["café"] != nil)
        #expect(object["cafe\u{301}"] == nil, "NFD spelling is a different key to SDKs")
        #expect(object["source"] == nil)
        #expect(object["Source"] != nil)
        #expect(object[""]?.numberValue?.int64Value == 3)
    }

    @Test("members iterate in input order with decoded keys; count and isEmpty")
    func objectIteration() throws {
        let object = try document(#"{"z":1,"a":[2],"m":{"x":3},"\n":null}"#).rootObject
        #expect(object.count == 4)
        #expect(!object.isEmpty)
        #expect(object.map(\.key) == ["z", "a", "m", "\n"])
        #expect(object.map(\.value.kind) == [.number, .array, .object, .null])
        #expect(object.values.map(\.kind) == [.number, .array, .object, .null])
        #expect(object.underestimatedCount == 4)
        #expect(object.value.kind == .object)
        let empty = try document("{ }").rootObject
        #expect(empty.isEmpty)
        #expect(empty.count == 0)
        #expect(Array(empty).isEmpty)
    }

    @Test("rootObject of a non-object document is empty")
    func rootObjectOfArray() throws {
        let document = try JSONDocument(jsonValueString: "[1,2]")
        #expect(document.rootObject.isEmpty)
        #expect(document.root.arrayValue?.count == 2)
    }

    // MARK: Arrays

    @Test("arrays: order, count, subscripts in and out of range")
    func arrays() throws {
        let array = try #require(try value(#"[1,"two",[3],{"four":4},null,true]"#).arrayValue)
        #expect(array.count == 6)
        #expect(!array.isEmpty)
        #expect(array.map(\.kind) == [.number, .string, .array, .object, .null, .bool])
        #expect(array[0]?.numberValue?.int64Value == 1)
        #expect(array[1]?.stringValue == "two")
        #expect(array[2]?[0]?.numberValue?.int64Value == 3)
        #expect(array[3]?["four"]?.numberValue?.int64Value == 4)
        #expect(array[5]?.boolValue == true)
        #expect(array[6] == nil)
        #expect(array[-1] == nil)
        #expect(array[Int.max] == nil)
        #expect(array[Int.min] == nil)
        #expect(array.value[2]?.arrayValue?.count == 1)
        let empty = try #require(try value("[ ]").arrayValue)
        #expect(empty.isEmpty)
        #expect(empty[0] == nil)
    }

    // MARK: Strings

    @Test(
        "stringValue decodes every escape",
        arguments: [
            (#""\"""#, "\""), (#""\\""#, "\\"), (#""\/""#, "/"), (#""\b""#, "\u{08}"), (#""\f""#, "\u{0C}"),
            (#""\n""#, "\n"), (#""\r""#, "\r"), (#""\t""#, "\t"), (#""\u0041""#, "A"), (#""\u00e9""#, "é"),
            (#""\u00E9""#, "é"), (#""\u20AC""#, "€"), (#""\uFFFF""#, "\u{FFFF}"), (#""\u0000""#, "\u{0}"),
            (#""\u001f""#, "\u{1F}"), (#""\uD83D\uDE00""#, "😀"), (#""\ud834\udd1e""#, "𝄞"),
            (#""\uDBFF\uDFFF""#, "\u{10FFFF}"), (#""\uD800\uDC00""#, "\u{10000}"),
            (#""a\u0000b\n\u00e9\uD83D\uDE00z""#, "a\u{0}b\né😀z"), (#""""#, ""), (#""plain""#, "plain"),
            (#""é€😀""#, "é€😀"),
        ]
    )
    func stringEscapes(_ json: String, _ expected: String) throws {
        let value = try value(json)
        #expect(value.stringValue.map { Array($0.utf8) } == Array(expected.utf8))
        #expect(value.isString(expected))
        #expect(value.stringUTF8Count == expected.utf8.count)
        #expect(value.isEmptyString == expected.isEmpty)
        #expect(value.withDecodedUTF8 { Array($0) } == Array(expected.utf8))
        // Documents equal by decoded text whatever the spelling.
        let plain = try JSONDocument(jsonValueString: "\"" + Self.rawJSONString(expected) + "\"")
        #expect(plain.root == value)
    }

    /// `text` written with the fewest escapes JSON requires.
    private static func rawJSONString(_ text: String) -> String {
        var bytes: [UInt8] = []
        let digits = Array("0123456789abcdef".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case 0..<0x20: bytes += Array(#"\u00"#.utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("isString compares the decoded text exactly")
    func isString() throws {
        let value = try value(#""x\u006Epe_platform""#)
        #expect(value.isString("xnpe_platform"))
        #expect(!value.isString("xnpe_platfor"))
        #expect(!value.isString("xnpe_platform "))
        #expect(!value.isString("XNPE_PLATFORM"))
        #expect(!value.isString(""))
        #expect(!value.isString(#"x\u006Epe_platform"#), "the raw spelling is not the text")
        #expect(try self.value(#""""#).isString(""))
        #expect(try self.value(#""""#).isEmptyString)
        #expect(try self.value(#""\u0000""#).isEmptyString == false)
        #expect(try self.value(#"" ""#).isEmptyString == false)
        #expect(try self.value("0").isString("0") == false)
        #expect(try self.value("null").isString("null") == false)
        // Long text crosses the word-at-a-time paths.
        let long = String(repeating: "abcdefé€😀", count: 50)
        #expect(try self.value("\"" + long + "\"").isString(long))
        #expect(try self.value("\"" + long + "\"").isString(long + "x") == false)
    }

    // MARK: Numbers

    @Test(
        "int64Value answers like NSNumber as? Int",
        arguments: [
            ("1", Int64(1)), ("1.0", 1), ("1e0", 1), ("1E+0", 1), ("100e-2", 1), ("1.5e1", 15), ("-0", 0), ("-0.0", 0),
            ("-2.0", -2), ("0", 0), ("9223372036854775807", .max), ("-9223372036854775808", .min),
            ("-9.223372036854775808e18", .min), ("4611686018427387904.0", 4_611_686_018_427_387_904),
            ("1.5", nil), ("0.5", nil), ("-0.1", nil), ("1e300", nil), ("9.223372036854775807e18", nil),
            ("1e19", nil), ("1.7976931348623157e308", nil),
        ] as [(String, Int64?)]
    )
    func int64Value(_ text: String, _ expected: Int64?) throws {
        let number = try #require(try value(text).numberValue)
        #expect(number.int64Value == expected)
        #expect(number.intValue == expected.map(Int.init))
        #expect(number.text == text)
        #expect(number.description == text)
        #expect(number.isIntegerLiteral == !text.contains { ".eE".contains($0) })
    }

    @Test(
        "doubleValue is the nearest Double",
        arguments: [
            ("1", 1.0), ("-1.5e-3", -0.0015), ("0.1", 0.1), ("1E2", 100),
            ("9223372036854775807", 9.223372036854775807e18),
            ("1.7976931348623157e308", .greatestFiniteMagnitude),
            ("-1.7976931348623157e308", -.greatestFiniteMagnitude),
            ("5e-324", .leastNonzeroMagnitude), ("2.2250738585072014e-308", .leastNormalMagnitude), ("1e-400", 0),
            ("0.1000000000000000055511151231257827021181583404541015625", 0.1),
            ("9007199254740993", 9_007_199_254_740_992),
        ] as [(String, Double)]
    )
    func doubleValue(_ text: String, _ expected: Double) throws {
        let number = try #require(try value(text).numberValue)
        #expect(number.doubleValue == expected)
    }

    @Test("doubleValue keeps the sign of zero")
    func negativeZero() throws {
        #expect(try value("-0").numberValue?.doubleValue.sign == .minus)
        #expect(try value("-0.0").numberValue?.doubleValue.sign == .minus)
        #expect(try value("0").numberValue?.doubleValue.sign == .plus)
    }

    // MARK: Equality

    @Test(
        "equal documents: key order, number spelling and string escapes do not matter",
        arguments: [
            (#"{"a":1,"b":2}"#, #"{"b":2,"a":1}"#), (#"{"n":1}"#, #"{"n":1.0}"#), (#"{"n":1}"#, #"{"n":1e0}"#),
            (#"{"n":100}"#, #"{"n":1E2}"#), (#"{"n":0}"#, #"{"n":-0}"#), (#"{"n":0.0}"#, #"{"n":-0.0}"#),
            (#"{"s":"\u00e9"}"#, #"{"s":"é"}"#), (#"{"\u0073":"x"}"#, #"{"s":"\u0078"}"#),
            (#"{"s":"\uD83D\uDE00"}"#, #"{"s":"😀"}"#), (#"{"s":"\/"}"#, #"{"s":"/"}"#),
            (#"{"o":{"x":[1,{"y":null}],"z":true}}"#, #" { "o" : { "z" : true , "x" : [ 1.0 , { "y" : null } ] } } "#),
            (#"{}"#, #"{ }"#),
        ]
    )
    func equalDocuments(_ lhs: String, _ rhs: String) throws {
        let a = try document(lhs)
        let b = try document(rhs)
        #expect(a == b)
        #expect(b == a)
        #expect(a.root.hashValue == b.root.hashValue)
    }

    @Test(
        "different documents",
        arguments: [
            (#"{"a":[1,2]}"#, #"{"a":[2,1]}"#), (#"{"a":1}"#, #"{"a":"1"}"#), (#"{"a":1}"#, #"{"a":true}"#),
            (#"{"a":0}"#, #"{"a":false}"#), (#"{"a":null}"#, #"{"a":false}"#), (#"{"a":1}"#, #"{"a":1,"b":2}"#),
            (#"{"a":1,"b":2}"#, #"{"a":1,"c":2}"#), (#"{"a":{}}"#, #"{"a":[]}"#), (#"{"s":"é"}"#, #"{"s":"e\u0301"}"#),
            (#"{"n":9007199254740993}"#, #"{"n":9007199254740992}"#), (#"{"A":1}"#, #"{"a":1}"#),
            (#"{"a":[1]}"#, #"{"a":[1,1]}"#), (#"{"s":"a\u0000"}"#, #"{"s":"a"}"#),
            (#"{"n":0.1}"#, #"{"n":0.10000001}"#),
        ]
    )
    func differentDocuments(_ lhs: String, _ rhs: String) throws {
        let a = try document(lhs)
        let b = try document(rhs)
        #expect(a != b)
        #expect(b != a)
    }

    @Test("values from different documents compare by content")
    func crossDocumentValues() throws {
        let a = try document(#"{"aps":{"alert":{"title":"T"}},"x":1}"#)
        let b = try document(#"{"y":[{"title":"T"}]}"#)
        #expect(a.rootObject["aps"]?["alert"] == b.rootObject["y"]?[0])
        #expect(a.rootObject["x"] != b.rootObject["y"])
    }

    // MARK: Serialisation

    @Test("jsonBytes is compact and keeps each string's and number's spelling")
    func jsonBytes() throws {
        let document = try document(" {\n \"\\u0073\" : [ 1.50 , -0 , \"\\u00e9\\n\" , true , null , { } , [ ] ] } ")
        #expect(document.jsonString == #"{"\u0073":[1.50,-0,"\u00e9\n",true,null,{},[]]}"#)
        #expect(document.description == document.jsonString)
        #expect(document.rootObject["s"]?.jsonString == #"[1.50,-0,"\u00e9\n",true,null,{},[]]"#)
        #expect(document.rootObject["s"]?[2]?.jsonString == #""\u00e9\n""#)
        #expect(document.rootObject["s"]?[0]?.description == "1.50")
        #expect(try JSONDocument(jsonBytes: document.jsonBytes) == document)
    }

    @Test("valueCount counts every key and value")
    func valueCount() throws {
        #expect(try document("{}").valueCount == 1)
        #expect(try document(#"{"a":1}"#).valueCount == 3)
        #expect(try document(#"{"a":[1,2,{"b":null}]}"#).valueCount == 8)
    }
}

@Suite("Keys with U+0000")
struct NULKeyTests {
    // JSONTestSuite `y_object_escaped_null_in_key`.
    @Test("a key with U+0000 is valid, found by its full text, and distinct from its prefix")
    func nulInKey() throws {
        let document = try JSONDocument(jsonString: #"{"foo\u0000bar":42,"foo":1}"#)
        #expect(document.rootObject["foo\u{0}bar"]?.numberValue?.int64Value == 42)
        #expect(document.rootObject["foo"]?.numberValue?.int64Value == 1)
        #expect(document.rootObject.keys == ["foo\u{0}bar", "foo"])
        #expect(throws: PushPayloadError(.duplicateKey, message: "")) {
            try JSONDocument(jsonString: #"{"a\u0000":1,"a\u0000":2}"#)
        }
    }
}
