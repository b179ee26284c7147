import PushPayloadsJSON
import Testing

@Suite("JSON limits")
struct JSONLimitsTests {
    /// `{"a":"xx…x"}` of exactly `size` bytes (at least 8).
    static func payload(ofSize size: Int) -> [UInt8] {
        Array(#"{"a":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: size - 8) + Array(#""}"#.utf8)
    }

    /// A top-level object nested `depth` levels deep in total, alternating objects and arrays below it;
    /// the innermost container is empty or holds one scalar. Built in linear time, for deep tests.
    static func nested(depth: Int, withScalar: Bool = false) -> [UInt8] {
        var open: [UInt8] = []
        var close: [UInt8] = []
        for level in 1...depth {
            let isObject = level % 2 == 1
            // A level inside an object is the value of key "a"; inside an array, its element.
            if level > 1 && !isObject { open += Array(#""a":"#.utf8) }
            open.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
            close.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
        let inner = withScalar ? Array((depth % 2 == 1 ? #""s":1"# : "1").utf8) : []
        return open + inner + close.reversed()
    }

    @Test("the defaults are what the documentation says: 64 KiB and 128 levels")
    func defaults() {
        #expect(PushPayloadLimits.default.maximumPayloadBytes == 65_536)
        #expect(PushPayloadLimits.default.maximumDepth == 128)
        #expect(PushPayloadLimits() == .default)
        #expect(JSONParser().limits == .default)
        #expect(JSONParser().acceptsAnyTopLevelValue == false)
    }

    @Test("the nesting helper builds exactly the depth asked for")
    func nestedHelper() throws {
        #expect(String(decoding: Self.nested(depth: 1), as: UTF8.self) == "{}")
        #expect(String(decoding: Self.nested(depth: 2), as: UTF8.self) == #"{"a":[]}"#)
        #expect(String(decoding: Self.nested(depth: 3, withScalar: true), as: UTF8.self) == #"{"a":[{"s":1}]}"#)
        #expect(String(decoding: Self.nested(depth: 4, withScalar: true), as: UTF8.self) == #"{"a":[{"a":[1]}]}"#)
        _ = try JSONDocument(jsonBytes: Self.nested(depth: 9, withScalar: true))
    }

    // MARK: Size

    @Test(
        "size: exactly the limit is accepted, one byte more is too_large",
        arguments: [
            PushPayloadLimits.default, .init(maximumPayloadBytes: 8), .init(maximumPayloadBytes: 4_096),
            .init(maximumPayloadBytes: 1 << 20),
        ]
    )
    func sizeBoundary(_ limits: PushPayloadLimits) throws {
        var parser = JSONParser(limits: limits)
        let atLimit = Self.payload(ofSize: limits.maximumPayloadBytes)
        #expect(atLimit.count == limits.maximumPayloadBytes)
        let document = try parser.parse(atLimit)
        #expect(document.rootObject["a"]?.stringUTF8Count == limits.maximumPayloadBytes - 8)

        let error = #expect(throws: PushPayloadError.self) {
            try parser.parse(Self.payload(ofSize: limits.maximumPayloadBytes + 1))
        }
        #expect(error?.code == .tooLarge)
        #expect(error?.byteOffset == limits.maximumPayloadBytes)
        // The size check comes first: even garbage over the limit is too_large, not invalid_json.
        let garbage = [UInt8](repeating: 0xFF, count: limits.maximumPayloadBytes + 1)
        #expect(throws: PushPayloadError(.tooLarge, message: "")) { try parser.parse(garbage) }
    }

    @Test("a 64 KiB payload that is one string is accepted, with multi-byte text and escapes")
    func oneLargeString() throws {
        // 20 bytes a repeat: 56,000 bytes of text and escapes, then plain bytes up to the limit.
        let body = String(repeating: "é€😀\\n\\u00e9abc", count: 2_800)
        var text = #"{"s":""# + body
        text += String(repeating: "x", count: 65_536 - text.utf8.count - 2) + #""}"#
        #expect(text.utf8.count == 65_536)
        let document = try JSONDocument(jsonString: text)
        let decoded = try #require(document.rootObject["s"]?.stringValue)
        #expect(decoded.hasPrefix("é€😀\né"))
        #expect(decoded.hasSuffix("xxx"))
    }

    @Test("maximumPayloadBytes 0 accepts nothing")
    func zeroSize() {
        var parser = JSONParser(limits: .init(maximumPayloadBytes: 0))
        #expect(throws: PushPayloadError(.tooLarge, message: "")) { try parser.parse("{}") }
        #expect(throws: PushPayloadError(.invalidJSON, message: "")) { try parser.parse("") }
    }

    // MARK: Depth

    @Test(
        "depth: maximumDepth levels are accepted, one more is too_deep",
        arguments: [
            PushPayloadLimits.default, .init(maximumDepth: 1), .init(maximumDepth: 2), .init(maximumDepth: 3),
            .init(maximumDepth: 64), .init(maximumPayloadBytes: 1 << 20, maximumDepth: 5_000),
        ]
    )
    func depthBoundary(_ limits: PushPayloadLimits) throws {
        var parser = JSONParser(limits: limits)
        for withScalar in [false, true] {
            let atLimit = Self.nested(depth: limits.maximumDepth, withScalar: withScalar)
            let document = try parser.parse(atLimit)
            #expect(document.jsonBytes == atLimit)

            let over = Self.nested(depth: limits.maximumDepth + 1, withScalar: withScalar)
            let error = #expect(throws: PushPayloadError.self) { try parser.parse(over) }
            #expect(error?.code == .tooDeep)
            // The error points at the bracket that opens one level too many.
            let offset = try #require(error?.byteOffset)
            #expect([UInt8(ascii: "{"), UInt8(ascii: "[")].contains(over[offset]))
            #expect(
                over[..<offset].filter { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }.count
                    == limits.maximumDepth
            )
        }
    }

    @Test("depth counts arrays as well as objects, and scalars not at all")
    func depthCountsContainers() throws {
        var parser = JSONParser(limits: .init(maximumDepth: 3))
        _ = try parser.parse(#"{"a":[[1,"x",true,null]]}"#)
        _ = try parser.parse(#"{"a":{"b":{}},"c":[[]],"d":[{}]}"#)
        #expect(throws: PushPayloadError(.tooDeep, message: "")) { try parser.parse(#"{"a":[[[]]]}"#) }
        #expect(throws: PushPayloadError(.tooDeep, message: "")) { try parser.parse(#"{"a":[1,2,{"b":{}}]}"#) }
    }

    @Test("a million unclosed brackets or objects fail as too_deep at once, without recursion")
    func millionDeep() throws {
        var parser = JSONParser(limits: .init(maximumPayloadBytes: 8_000_000))
        for unit in ["[", #"{"a":"#, #"{"a":["#] {
            let bytes = Array(String(repeating: unit, count: 1_000_000).utf8)
            let clock = ContinuousClock()
            var error: PushPayloadError?
            let elapsed = clock.measure {
                error = #expect(throws: PushPayloadError.self) { try parser.parse(bytes) }
            }
            #expect(error?.code == .tooDeep, "\(unit)")
            #expect(error?.byteOffset.map { $0 < 1_000 } == true)
            #expect(elapsed < .seconds(2), "\(unit): \(elapsed)")
        }
    }

    @Test("a million closed levels under a high limit also fail as too_deep; 100 000 levels parse, compare and print")
    func deepButAllowed() throws {
        let depth = 100_000
        var parser = JSONParser(limits: .init(maximumPayloadBytes: 4_000_000, maximumDepth: depth))
        let million =
            Array(repeating: UInt8(ascii: "["), count: 1_000_000)
            + Array(repeating: UInt8(ascii: "]"), count: 1_000_000)
        #expect(throws: PushPayloadError(.tooDeep, message: "")) { try parser.parse(million) }
        let bytes = Self.nested(depth: depth, withScalar: true)
        let document = try parser.parse(bytes)
        // Equality, hashing and serialisation walk the tree without recursion too.
        let again = try JSONParser(limits: parser.limits).parseCopy(bytes)
        #expect(document == again)
        #expect(document.root.hashValue == again.root.hashValue)
        #expect(document.jsonBytes == bytes)
        var innermost = document.root
        for _ in 1..<depth { innermost = innermost["a"] ?? innermost[0] ?? innermost }
        #expect(innermost.kind == (depth % 2 == 1 ? .object : .array))
    }

    @Test("limits changed on a parser apply to its next parse")
    func changedLimits() throws {
        var parser = JSONParser(limits: .init(maximumDepth: 2))
        #expect(throws: PushPayloadError(.tooDeep, message: "")) { try parser.parse(Self.nested(depth: 3)) }
        parser.limits = .init(maximumDepth: 3_000)
        _ = try parser.parse(Self.nested(depth: 3_000))
        parser.limits.maximumDepth = 2
        #expect(throws: PushPayloadError(.tooDeep, message: "")) { try parser.parse(Self.nested(depth: 3)) }
        parser.limits.maximumPayloadBytes = 10
        #expect(throws: PushPayloadError(.tooLarge, message: "")) { try parser.parse(#"{"a":"12345"}"#) }
    }

    @Test("JSONDocument initialisers honour the limits they are given")
    func documentInitialisers() throws {
        let limits = PushPayloadLimits(maximumPayloadBytes: 16, maximumDepth: 2)
        #expect(throws: PushPayloadError(.tooLarge, message: "")) {
            try JSONDocument(jsonString: #"{"a":"0123456789"}"#, limits: limits)
        }
        #expect(throws: PushPayloadError(.tooDeep, message: "")) {
            try JSONDocument(jsonString: #"{"a":[[]]}"#, limits: limits)
        }
        #expect(throws: PushPayloadError(.tooDeep, message: "")) {
            try JSONDocument(jsonValueString: "[[[]]]", limits: limits)
        }
        _ = try JSONDocument(jsonBytes: Array(#"{"a":[]}"#.utf8), limits: limits)
        _ = try JSONDocument(jsonValueString: "[[]]", limits: limits)
    }
}

extension JSONParser {
    /// Parses with a copy of this parser, leaving it untouched.
    fileprivate func parseCopy(_ bytes: [UInt8]) throws(PushPayloadError) -> JSONDocument {
        var copy = self
        return try copy.parse(bytes)
    }
}
