@_spi(Writers) import PushPayloadsJSON
import PushPayloadsTestSupport
import Testing

/// `OutputBuffer.appendEscapedJSONString(raw:)`: a string's text as written in a document, respelled in one pass, must
/// be byte for byte what decoding it and escaping it again (`appendJSONString(utf8:)`) writes.
@Suite("Escaped text written in one pass")
struct JSONEscapedTextWritingTests {
    /// The one-pass spelling of the string value `value` (nil when it gave up), and the decoded-and-escaped one.
    static func spellings(of value: JSONValue) -> (onePass: [UInt8]?, decoded: [UInt8]) {
        let onePass = OutputBuffer()
        let written = value.withRawStringUTF8 { raw, _ in onePass.appendEscapedJSONString(raw: raw) }
        let decoded = OutputBuffer()
        _ = value.withDecodedUTF8 { decoded.appendJSONString(utf8: $0) }
        return (written == true ? onePass.bytes : nil, decoded.bytes)
    }

    static func string(_ json: String) throws -> JSONValue {
        try JSONDocument(jsonValueString: json).root
    }

    @Test(
        "every escape is respelled as the escaper writes its character",
        arguments: [
            #""""#, #""plain text, no escape at all""#, #""\"\\\n\r\t\b\f""#, #""a\/b\/\/c""#,
            #""\u0000\u0001\u001F\u001f\u007F\u0080""#, #""\u0022\u005C\u005c\u002F""#,
            #""\u000a\u0009\u0008\u000C\u000d""#,
            #""\u00e9\u00E9 \u4E2D\u6587 \uFFFF""#, #""\uD83D\uDE00 \ud83c\udf89 and \uDBFF\uDFFF""#,
            #""long run before an escape: abcdefghijklmnopqrstuvwxyz0123456789\u00e9 and after it: abcdefghij""#,
            #""\u2028\u2029 raw é 💐 and escaped \u00e9""#, #""ends with an escape\/""#, #""\\u0041 is not an escape""#,
        ]
    )
    func handPicked(json: String) throws {
        let (onePass, decoded) = Self.spellings(of: try Self.string(json))
        #expect(onePass == decoded, "\(json)")
    }

    @Test("generated strings, with escapes of every kind, are spelled as decoding and escaping them would")
    func generated() throws {
        var generator = JSONGenerator(seed: 36, options: .init(maximumStringScalars: 40, escapeProbability: 0.5))
        var strings = 0
        var respelled = 0
        for _ in 0..<1_000 {
            let document = try JSONDocument(jsonValueBytes: generator.document().bytes)
            var pending = [document.root]
            while let value = pending.popLast() {
                if let object = value.objectValue {
                    pending += Array(object.values)
                } else if let array = value.arrayValue {
                    pending += Array(array)
                } else if value.kind == .string {
                    let (onePass, decoded) = Self.spellings(of: value)
                    #expect(onePass == decoded, "\(value.jsonString)")
                    strings += 1
                    let raw = value.withRawStringUTF8 { raw, _ in String(decoding: raw, as: UTF8.self) } ?? ""
                    if raw.contains(#"\u"#) || raw.contains(#"\/"#) { respelled += 1 }
                }
            }
        }
        // Enough of them, and enough with the escapes respelled, for the comparison to say something.
        #expect(strings > 1_000)
        #expect(respelled > 100)
    }

    @Test("text no parser accepts is refused, with nothing written")
    func refusesInvalidText() {
        for raw in [#"\"#, #"\u12"#, #"\uD83D"#, #"\uD83Dx"#, #"\uDE00"#, #"\uD83D\u0041"#, #"\x"#, #"\uZZZZ"#] {
            let output = OutputBuffer()
            output.append("kept")
            let bytes = Array(raw.utf8)
            let written = bytes.withUnsafeBufferPointer { output.appendEscapedJSONString(raw: $0) }
            #expect(!written, "\(raw)")
            #expect(output.bytes == Array("kept".utf8), "\(raw)")
        }
    }
}
