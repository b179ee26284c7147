import PushPayloadsJSON
import PushPayloadsTestSupport
import Testing

@Suite("JSONParser reuse and sharing")
struct JSONParserReuseTests {
    /// Valid documents and damaged ones, interleaved, of varied sizes (so buffers grow and shrink).
    static func mixedInputs(count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = JSONGenerator(seed: seed)
        var large = JSONGenerator(seed: seed &+ 1, options: .init(maximumDepth: 3, maximumMembers: 20))
        var mutator = JSONMutator(seed: seed &+ 2)
        return (0..<count).map { index in
            switch index % 5 {
            case 0: return large.document().bytes
            case 1, 3: return mutator.mutate(generator.document().bytes).bytes
            default: return generator.document().bytes
            }
        }
    }

    static func firstValue(of object: JSONObject) -> JSONValue? {
        var members = object.makeIterator()
        return members.next()?.value
    }

    /// Everything observable about one parse, for comparing two parsers.
    struct ParseOutcome: Equatable {
        var json: [UInt8]?
        var valueCount: Int?
        var code: PushPayloadError.Code?
        var byteOffset: Int?
        var keyPath: String?
        var message: String?

        init(_ parse: () throws(PushPayloadError) -> JSONDocument) {
            do {
                let document = try parse()
                json = document.jsonBytes
                valueCount = document.valueCount
            } catch {
                code = error.code
                byteOffset = error.byteOffset
                keyPath = error.keyPath
                message = error.message
            }
        }
    }

    @Test("a reused parser gives what a fresh parser gives, valid and invalid input interleaved")
    func reuseMatchesFresh() {
        var reused = JSONParser()
        var accepted = 0
        for (index, bytes) in Self.mixedInputs(count: 1_500, seed: 0x2E05E).enumerated() {
            let again = ParseOutcome { () throws(PushPayloadError) in try reused.parse(bytes) }
            let fresh = ParseOutcome { () throws(PushPayloadError) in try JSONDocument(jsonBytes: bytes) }
            #expect(again == fresh, "input #\(index)")
            if again.json != nil { accepted += 1 }
        }
        #expect(accepted > 500 && accepted < 1_400, "the mix should hold both kinds: \(accepted) accepted")
    }

    @Test("documents from earlier parses stay intact while the parser goes on (copy-on-write)")
    func documentsSurviveLaterParses() throws {
        var parser = JSONParser()
        var kept: [(document: JSONDocument, json: [UInt8], value: JSONValue?)] = []
        for bytes in Self.mixedInputs(count: 600, seed: 0xC0FFEE) {
            guard let document = try? parser.parse(bytes) else { continue }
            // Keep some whole documents, and for others only a view into them.
            kept.append((document, document.jsonBytes, Self.firstValue(of: document.rootObject)))
        }
        #expect(kept.count > 200)
        for (index, entry) in kept.enumerated() {
            #expect(entry.document.jsonBytes == entry.json, "document #\(index)")
            #expect(try JSONDocument(jsonBytes: entry.json) == entry.document, "document #\(index)")
            if let value = entry.value {
                #expect(value == Self.firstValue(of: entry.document.rootObject))
            }
        }
    }

    @Test("a view outlives its document, and the parser does not reuse the storage under it")
    func viewOutlivesDocument() throws {
        var parser = JSONParser()
        var view: JSONValue? = try parser.parse(#"{"keep":{"title":"Hello, \u00e9","n":[1,2,3]}}"#).rootObject["keep"]
        for _ in 0..<50 {
            _ = try parser.parse(#"{"other":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx","keep":{"title":"no"}}"#)
            _ = try? parser.parse(#"{"broken":"#)
        }
        #expect(view?["title"]?.stringValue == "Hello, é")
        #expect(view?["n"]?[2]?.numberValue?.int64Value == 3)
        #expect(view?.jsonString == #"{"title":"Hello, \u00e9","n":[1,2,3]}"#)
        view = nil
        // Once every view is gone the parser may reuse its buffers; results must still be right.
        let document = try parser.parse(#"{"a":"b"}"#)
        #expect(document.rootObject["a"]?.isString("b") == true)
    }

    @Test("a document is unchanged after its parser fails on the next input")
    func failureDoesNotTouchEarlierDocument() throws {
        var parser = JSONParser()
        let document = try parser.parse(#"{"a":[1,2,{"b":"c"}]}"#)
        let json = document.jsonBytes
        for broken in [#"{"a":[1,2,{"b":"c"}]"#, #"{"a":1,"a":2}"#, #"{"a":"\x"}"#, "[", "{\"a\":\"\u{FFFD}\"\u{0}}"] {
            _ = try? parser.parse(broken)
        }
        #expect(document.jsonBytes == json)
        #expect(document.rootObject["a"]?[2]?["b"]?.stringValue == "c")
    }

    @Test("a copied parser is independent of the original")
    func copiedParser() throws {
        var original = JSONParser()
        let first = try original.parse(#"{"from":"original"}"#)
        var copy = original
        copy.limits = .init(maximumDepth: 1)
        copy.acceptsAnyTopLevelValue = true
        let fromCopy = try copy.parse(#""copy""#)
        let fromOriginal = try original.parse(#"{"from":{"nested":"original"}}"#)
        #expect(throws: PushPayloadError(.tooDeep, message: "")) { try copy.parse(#"{"from":{"nested":"copy"}}"#) }
        #expect(throws: PushPayloadError(.notAnObject, message: "")) { try original.parse(#""original""#) }
        #expect(first.rootObject["from"]?.stringValue == "original")
        #expect(fromCopy.root.stringValue == "copy")
        #expect(fromOriginal.rootObject["from"]?["nested"]?.stringValue == "original")
        #expect(original.limits == .default)

        // Copies made between parses, each then used alone, interleaved.
        var a = JSONParser()
        var b = a
        var c = b
        for index in 0..<200 {
            let da = try a.parse(#"{"p":"a","i":\#(index)}"#)
            let db = try b.parse(#"{"p":"b","i":\#(index)}"#)
            _ = try? c.parse("{")
            #expect(da.rootObject["p"]?.isString("a") == true)
            #expect(db.rootObject["p"]?.isString("b") == true)
            #expect(da.rootObject["i"]?.numberValue?.intValue == index)
            if index % 50 == 0 { c = a }
        }
    }

    @Test("every input form parses to the same result")
    func inputForms() throws {
        for bytes in Self.mixedInputs(count: 200, seed: 0xF0F0) {
            let expected = ParseOutcome { () throws(PushPayloadError) in try JSONDocument(jsonBytes: bytes) }
            var parser = JSONParser()
            let padded = [0x20, 0x7B] + bytes + [0x7D]  // so the slice does not start at index 0
            let slice = padded[2..<(2 + bytes.count)]
            #expect(ParseOutcome { () throws(PushPayloadError) in try parser.parse(slice) } == expected)
            #expect(ParseOutcome { () throws(PushPayloadError) in try JSONDocument(jsonBytes: slice) } == expected)
            #expect(ParseOutcome { () throws(PushPayloadError) in try parser.parse(bytes.span.bytes) } == expected)
            #expect(
                ParseOutcome { () throws(PushPayloadError) in try JSONDocument(jsonBytes: bytes.span.bytes) }
                    == expected
            )
            let expectedValue = ParseOutcome { () throws(PushPayloadError) in try JSONDocument(jsonValueBytes: bytes) }
            #expect(
                ParseOutcome { () throws(PushPayloadError) in try JSONDocument(jsonValueBytes: bytes.span.bytes) }
                    == expectedValue
            )
            #expect(
                ParseOutcome { () throws(PushPayloadError) in try parser.parse(ContiguousArray(bytes)) } == expected
            )
            let fromBuffer = bytes.withUnsafeBytes { buffer in
                ParseOutcome { () throws(PushPayloadError) in try parser.parse(buffer) }
            }
            #expect(fromBuffer == expected)
            if let text = String(validating: bytes, as: UTF8.self) {
                #expect(ParseOutcome { () throws(PushPayloadError) in try parser.parse(text) } == expected)
                #expect(ParseOutcome { () throws(PushPayloadError) in try JSONDocument(jsonString: text) } == expected)
                let substring = ("[" + text + "]").dropFirst().dropLast()
                #expect(ParseOutcome { () throws(PushPayloadError) in try parser.parse(substring) } == expected)
            }
        }
    }

    @Test("many tasks, each with its own parser, agree with a sequential run")
    func concurrentParsers() async {
        let inputs = Self.mixedInputs(count: 400, seed: 0x7A5C)
        let expected = inputs.map { bytes in
            ParseOutcome { () throws(PushPayloadError) in try JSONDocument(jsonBytes: bytes) }
        }
        let tasks = 8
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var parser = JSONParser()
                    var mismatches = 0
                    // Each task walks the inputs from a different start, so parses overlap in every way.
                    for step in 0..<inputs.count {
                        let index = (step + task * 37) % inputs.count
                        let result = ParseOutcome { () throws(PushPayloadError) in try parser.parse(inputs[index]) }
                        if result != expected[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test("one document shared by many tasks reads the same everywhere")
    func sharedDocument() async throws {
        var generator = JSONGenerator(seed: 0x5A4ED, options: .init(maximumDepth: 4, maximumMembers: 12))
        var generated = generator.document()
        while generated.value.depth < 3 { generated = generator.document() }
        let document = try JSONDocument(jsonBytes: generated.bytes)
        let json = document.jsonBytes
        let model = generated.value
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    var ok = true
                    for _ in 0..<20 {
                        ok = ok && document.jsonBytes == json
                        ok = ok && JSONModelCheck.mismatch(document.root, model) == nil
                        ok = ok && (try? JSONDocument(jsonBytes: json)) == document
                    }
                    return ok
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 })
    }

    @Test("a parser handed to another task keeps working, and its documents too")
    func parserAcrossTasks() async throws {
        var parser = JSONParser()
        let before = try parser.parse(#"{"before":true}"#)
        let (after, parserBack) = await Task.detached { [parser] in
            var parser = parser
            let document = try? parser.parse(#"{"after":true}"#)
            return (document, parser)
        }.value
        parser = parserBack
        let last = try parser.parse(#"{"last":true}"#)
        #expect(before.rootObject["before"]?.boolValue == true)
        #expect(after?.rootObject["after"]?.boolValue == true)
        #expect(last.rootObject["last"]?.boolValue == true)
    }
}
