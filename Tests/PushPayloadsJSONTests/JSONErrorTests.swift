import PushPayloadsJSON
import PushPayloadsTestSupport
import Testing

@Suite("JSON errors")
struct JSONErrorTests {
    private func parseError(_ bytes: [UInt8]) -> PushPayloadError? {
        var parser = JSONParser()
        do {
            _ = try parser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func parseError(_ text: String) -> PushPayloadError? { parseError(Array(text.utf8)) }

    /// The offset of the first occurrence of `marker` in `text`.
    private func offset(of marker: String, in text: String) -> Int {
        let bytes = Array(text.utf8)
        let needle = Array(marker.utf8)
        return (0...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle }!
    }

    // MARK: Positions

    @Test(
        "byteOffset points at the offending byte",
        arguments: [
            // (input, code, the text the offset must point at)
            (#"{"a":1,}"#, PushPayloadError.Code.invalidJSON, "}"),
            (#"{"a":[1,2,]}"#, .invalidJSON, "]}"),
            (#"{"a":1 "b":2}"#, .invalidJSON, #""b""#),
            (#"{"a" 1}"#, .invalidJSON, "1}"),
            (#"{"a":"x\qy"}"#, .invalidJSON, #"\q"#),
            (#"{"a":"\u12G4"}"#, .invalidJSON, #"\u12G4"#),
            (#"{"a":"\uD800x"}"#, .invalidJSON, #"\uD800"#),
            (#"{"a":"ok","b":"\uDC00"}"#, .invalidJSON, #"\uDC00"#),
            (#"{"a":01}"#, .invalidJSON, "01"),
            (#"{"a":1.}"#, .invalidJSON, "}"),
            (#"{"a":tru}"#, .invalidJSON, "tru"),
            (#"{"a":nul}"#, .invalidJSON, "nul"),
            (#"{"a":1}x"#, .invalidJSON, "x"),
            (#"{"a":1} {}"#, .invalidJSON, "{}"),
            ("{\"a\":\"tab\there\"}", .invalidJSON, "\there"),
            (#"{"a":9223372036854775808}"#, .numberOutOfRange, "9223372036854775808"),
            (#"{"a":[1,-1e999]}"#, .numberOutOfRange, "-1e999"),
            (#"[1]"#, .notAnObject, "[1]"),
            (#"  "x""#, .notAnObject, #""x""#),
        ]
    )
    func offsets(_ text: String, _ code: PushPayloadError.Code, _ marker: String) throws {
        let error = try #require(parseError(text))
        #expect(error.code == code, "\(error)")
        #expect(error.byteOffset == offset(of: marker, in: text), "\(error)")
    }

    @Test(
        "conformance cases that pin an offset get it",
        arguments: JSONConformanceCase.all.filter { $0.byteOffset != nil }
    )
    func conformanceOffsets(_ testCase: JSONConformanceCase) throws {
        let error = try #require(parseError(testCase.bytes))
        #expect(error.code == testCase.expected)
        #expect(error.byteOffset == testCase.byteOffset)
    }

    @Test(
        "invalid UTF-8: byteOffset is the first byte that is not UTF-8, inside or outside strings",
        arguments: [
            ([0xC0, 0xAF], 0), ([0xE0, 0x80, 0xAF], 0), ([0xED, 0xA0, 0x80], 0), ([0xF8, 0x88, 0x80, 0x80, 0x80], 0),
            ([0xF4, 0x90, 0x80, 0x80], 0), ([0x80], 0), ([0xFF], 0), ([0xC3, 0x28], 0), ([0x61, 0xE2, 0x82], 1),
            ([0xC3, 0xA9, 0xFE], 2), ([0xF0, 0x9F, 0x98, 0x80, 0xF0, 0x9F, 0x98], 4),
        ] as [([UInt8], Int)]
    )
    func invalidUTF8Offsets(_ sequence: [UInt8], _ badByte: Int) throws {
        let prefix = Array(#"{"key":"#.utf8)
        for (start, end) in [(#"""#, #""}"#), (#"{""#, #"":1}}"#)] {
            let bytes = prefix + Array(start.utf8) + sequence + Array(end.utf8)
            let error = try #require(parseError(bytes))
            #expect(error.code == .invalidUTF8, "\(error)")
            #expect(error.byteOffset == prefix.count + start.utf8.count + badByte, "\(error)")
        }
        // Outside any string, where a value should start: not UTF-8 is reported as such, not as a syntax error.
        if badByte == 0 {
            let bare = try #require(parseError(prefix + sequence + Array("}".utf8)))
            #expect(bare.code == .invalidUTF8)
            #expect(bare.byteOffset == prefix.count)
        }
    }

    @Test("truncation: the error points at the end of input, or at the string left open")
    func truncation() throws {
        let text = #"{"aps":{"alert":"hello","badge":12},"tags":[true,null,"x\u00e9"]}"#
        let bytes = Array(text.utf8)
        for length in 0..<bytes.count {
            let error = try #require(parseError(Array(bytes[..<length])), "prefix of \(length) bytes")
            #expect(error.code == .invalidJSON, "\(length): \(error)")
            let offset = try #require(error.byteOffset)
            #expect(offset <= length, "\(length): \(error)")
            if offset < length {
                // Before the end only an open string (at its quote) or a cut literal (at its first letter).
                #expect(Array(#""tnf"#.utf8).contains(bytes[offset]), "\(length): \(error)")
            }
        }
        #expect(parseError(#"{"a":"abc"#)?.byteOffset == 5)
        #expect(parseError(#"{"a":"ab\"#)?.byteOffset == 5)
        #expect(parseError(#"{"a":"\u00"#)?.byteOffset == 5)
        #expect(parseError(#"{"a":1"#)?.byteOffset == 6)
        #expect(parseError(#"{"a":"#)?.byteOffset == 5)
        #expect(parseError(#"{"a""#)?.byteOffset == 4)
        #expect(parseError("")?.byteOffset == 0)
        #expect(parseError(" \n")?.byteOffset == 2)
    }

    // MARK: Key paths

    @Test(
        "duplicate keys: keyPath names the repeated key under its parents; byteOffset its second spelling",
        arguments: [
            (#"{"a":1,"a":2}"#, "a", #""a":2"#),
            (#"{"aps":{"sound":"a","badge":1,"sound":"b"}}"#, "aps.sound", #""sound":"b""#),
            (#"{"aps":{"alert":{"title":"t","\u0074itle":"u"}}}"#, "aps.alert.title", #""\u0074itle""#),
            (#"{"a":[{"x":1},{"x":1,"x":2}]}"#, "a.1.x", #""x":2"#),
            (#"{"a":[0,[{}],[[{"y":{"k":1,"k":1}}]]]}"#, "a.2.0.0.y.k", #""k":1}"#),
            (#"{"a.b":{"c":1,"c":2}}"#, "a.b.c", #""c":2"#),
            (#"{"\u00e9":{"\u00e9":0,"é":1}}"#, "é.é", #""é""#),
        ]
    )
    func duplicateKeyPath(_ text: String, _ path: String, _ marker: String) throws {
        let error = try #require(parseError(text))
        #expect(error.code == .duplicateKey)
        #expect(error.keyPath == path)
        #expect(error.byteOffset == offset(of: marker, in: text), "\(error)")
        #expect(error.message.contains(String(path.split(separator: ".").last!)))
    }

    @Test("duplicates are found among many keys, and in objects nested in arrays")
    func duplicatesAmongMany() throws {
        let keys = (0..<200).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        for duplicate in [#""k150":0"#, #""k\u0031\u0035\u0030":0"#, #""\u006b0":0"#] {
            let text = "{\"o\":[{" + keys + "," + duplicate + "}]}"
            let error = try #require(parseError(text))
            #expect(error.code == .duplicateKey)
            #expect(error.keyPath?.hasPrefix("o.0.k") == true, "\(error)")
        }
        #expect(parseError("{" + keys + "}") == nil)
    }

    // MARK: Description

    @Test("description: code at byte N (path): message")
    func description() throws {
        let duplicate = try #require(parseError(#"{"aps":{"sound":"a","sound":"b"}}"#))
        #expect(duplicate.description == "duplicate_key at byte 20 (aps.sound): " + duplicate.message)
        let comma = try #require(parseError(#"{"a": 1,}"#))
        #expect(comma.description == "invalid_json at byte 8: " + comma.message)
        #expect(!comma.message.isEmpty)
        let plain = PushPayloadError(.typeMismatch, message: "not a string")
        #expect(plain.description == "type_mismatch: not a string")
        let withPath = PushPayloadError(.notAnObject, message: "m", keyPath: "a.b")
        #expect(withPath.description == "not_an_object (a.b): m")
    }

    @Test("errors compare and hash by code only")
    func equality() {
        let a = PushPayloadError(.tooDeep, message: "one", byteOffset: 1, keyPath: "x")
        let b = PushPayloadError(.tooDeep, message: "two")
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != PushPayloadError(.tooLarge, message: "one", byteOffset: 1, keyPath: "x"))
        #expect(Set([a, b]).count == 1)
    }

    @Test("codes have stable snake_case names")
    func codeNames() {
        let codes: [(PushPayloadError.Code, String)] = [
            (.invalidJSON, "invalid_json"), (.invalidUTF8, "invalid_utf8"), (.duplicateKey, "duplicate_key"),
            (.nulInKey, "nul_in_key"), (.numberOutOfRange, "number_out_of_range"), (.tooDeep, "too_deep"),
            (.tooLarge, "too_large"), (.notAnObject, "not_an_object"), (.typeMismatch, "type_mismatch"),
        ]
        for (code, name) in codes {
            #expect(code.name == name)
            #expect(code.description == name)
            #expect(PushPayloadError.Code(name: name) == code)
        }
        #expect(Set(codes.map(\.0)).count == codes.count)
    }

    @Test("every error from damaged input has a code, a message and an offset inside the input")
    func messagesEverywhere() {
        let text = #"{"aps":{"alert":{"title":"Hi \u00e9","body":"😀"},"sound":"a.caf"},"n":[1,-2.5e3,true,null]}"#
        var parser = JSONParser()
        for position in 0..<text.utf8.count {
            for replacement: UInt8 in [0x00, 0x22, 0x2C, 0x5C, 0x7D, 0x5D, 0x80, 0xFF, 0x20, 0x31] {
                var bytes = Array(text.utf8)
                bytes[position] = replacement
                do {
                    _ = try parser.parse(bytes)
                } catch {
                    #expect(!error.message.isEmpty)
                    #expect(error.byteOffset.map { (0...bytes.count).contains($0) } == true, "\(error)")
                    #expect(error.description.hasPrefix(error.code.name + " at byte "))
                }
            }
        }
    }
}
