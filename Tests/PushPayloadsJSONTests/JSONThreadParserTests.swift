import PushPayloadsJSON
import PushPayloadsTestSupport
import Testing

/// The warm per-thread parser for embedded JSON (`JSONDocument(embeddedJSONBytes:limits:)`): it reuses
/// its buffers only when no document still holds them, and threads never share one.
@Suite("Embedded JSON on the thread's parser")
struct JSONThreadParserTests {
    static func parse(_ text: String, limits: PushPayloadLimits = .default) throws -> JSONDocument {
        try Array(text.utf8).withUnsafeBytes { bytes in
            try JSONDocument(embeddedJSONBytes: bytes, limits: limits)
        }
    }

    @Test("a document kept alive is not overwritten by the next parse on the same thread")
    func keptDocumentsStayIntact() throws {
        var generator = JSONGenerator(seed: 21)
        var kept: [(JSONDocument, [UInt8])] = []
        for round in 0..<200 {
            let text = String(decoding: generator.document().bytes, as: UTF8.self)
            let document = try Self.parse(text)
            // Every third document outlives the parses after it; the others are dropped at once, so the
            // parser's storage is reused for the next one.
            if round % 3 == 0 { kept.append((document, document.jsonBytes)) }
            #expect(document.jsonBytes == (try JSONDocument(jsonValueBytes: Array(text.utf8)).jsonBytes))
        }
        for (document, bytes) in kept {
            #expect(document.jsonBytes == bytes)
        }
    }

    @Test("any JSON value parses, errors are thrown as by a fresh parser, and the limits given apply")
    func valuesErrorsAndLimits() throws {
        #expect(try Self.parse(#"[1,"two",{"3":null}]"#).jsonString == #"[1,"two",{"3":null}]"#)
        #expect(try Self.parse(#""text""#).root.stringValue == "text")
        for broken in [#"{"a":"#, "[1,]", #"{"a":1}x"#] {
            var thread: PushPayloadError?
            var fresh: PushPayloadError?
            do { _ = try Self.parse(broken) } catch { thread = error as? PushPayloadError }
            do { _ = try JSONDocument(jsonValueBytes: Array(broken.utf8)) } catch { fresh = error }
            #expect(thread != nil)
            #expect(thread?.code == fresh?.code && thread?.byteOffset == fresh?.byteOffset)
        }
        // The thread's parser takes each call's limits, not the first caller's.
        var tight = PushPayloadLimits.default
        tight.maximumDepth = 2
        #expect(throws: PushPayloadError.self) { try Self.parse("[[[1]]]", limits: tight) }
        #expect(try Self.parse("[[[1]]]").jsonString == "[[[1]]]")
    }

    @Test("tasks parsing on many threads at once each get their own documents")
    func concurrentParses() async throws {
        let texts: [String] = {
            var generator = JSONGenerator(seed: 7)
            return (0..<64).map { _ in String(decoding: generator.document().bytes, as: UTF8.self) }
        }()
        let expected = try texts.map { try JSONDocument(jsonValueBytes: Array($0.utf8)).jsonBytes }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var held: [JSONDocument] = []
                    for round in 0..<200 {
                        let index = (worker &* 31 &+ round) % texts.count
                        let document = try Self.parse(texts[index])
                        guard document.jsonBytes == expected[index] else { return false }
                        if round % 5 == 0 { held.append(document) }
                    }
                    return held.allSatisfy { document in expected.contains(document.jsonBytes) }
                }
            }
            for try await agreed in group { #expect(agreed) }
        }
    }

    /// `JSONDocument.embeddedContainer(in:limits:)` on the string value of `{"s": text}`, `text` written by the
    /// escaper (or as given, with `raw`).
    static func embedded(
        _ text: String,
        raw: Bool = false,
        limits: PushPayloadLimits = .default
    ) throws -> JSONDocument? {
        let outer: JSONDocument
        if raw {
            outer = try JSONDocument(jsonString: "{\"s\":\"\(text)\"}")
        } else {
            var encoded: [UInt8] = Array(#"{"s":"#.utf8)
            encoded.appendJSONString(text)
            encoded.append(UInt8(ascii: "}"))
            outer = try JSONDocument(jsonBytes: encoded)
        }
        return try JSONDocument.embeddedContainer(in: try #require(outer.rootObject["s"]), limits: limits)
    }

    @Test("JSON held in a string parses straight from its escaped text as from the decoded text")
    func embeddedContainers() throws {
        var generator = JSONGenerator(seed: 36, options: .init(escapeProbability: 0.4))
        var kept: [(JSONDocument, [UInt8])] = []
        for round in 0..<300 {
            let text = String(decoding: generator.document().bytes, as: UTF8.self)
            let document = try #require(try Self.embedded(text))
            #expect(document == (try JSONDocument(jsonValueString: text)))
            #expect(document.jsonBytes == (try JSONDocument(jsonValueString: text)).jsonBytes)
            // Some outlive the parses after them: the thread's parser must take other buffers meanwhile.
            if round % 4 == 0 { kept.append((document, document.jsonBytes)) }
        }
        for (document, bytes) in kept { #expect(document.jsonBytes == bytes) }
        #expect(try Self.embedded(" \n\t[1, 2]")?.jsonString == "[1,2]")
        #expect(try Self.embedded(#"\u0020\n{\"a\":\"\/\u00e9\"}"#, raw: true)?.root["a"]?.stringValue == "/é")
        // Whitespace and the bracket itself may be escapes; the text is looked at before any parse.
        #expect(try Self.embedded(#"\t\r\u0009\u007B\"a\":1}"#, raw: true)?.root["a"]?.numberValue?.intValue == 1)
        #expect(try Self.embedded(#"\u005b1]"#, raw: true)?.jsonString == "[1]")
    }

    @Test("a string that is not a container is nil; one that starts as one but is broken, or too long, throws")
    func embeddedNonContainers() throws {
        for text in ["", "   ", "plain text", "42", #""quoted""#, "true", "x{}", "\u{0}{}"] {
            #expect(try Self.embedded(text) == nil, "\(text)")
        }
        for raw in [#"\b{}"#, #"\/[]"#, #"\\{}"#, #"\u00A0{}"#, #"\uD83D\uDE00{}"#, #" \"{}\""#] {
            #expect(try Self.embedded(raw, raw: true) == nil, "\(raw)")
        }
        let number = try JSONDocument(jsonString: #"{"n":[1]}"#)
        #expect(try JSONDocument.embeddedContainer(in: #require(number.rootObject["n"]), limits: .default) == nil)
        for broken in ["{", "[1,]", #"{"a":1}x"#, #"{"a":1,"a":2}"#] {
            #expect(throws: PushPayloadError.self, "\(broken)") { try Self.embedded(broken) }
        }
        var tight = PushPayloadLimits.default
        tight.maximumPayloadBytes = 8
        #expect(throws: PushPayloadError.self) { try Self.embedded(#"[1,2,3,4,5]"#, limits: tight) }
        // The limit is on the decoded text: escapes that shrink it below the limit pass.
        #expect(try Self.embedded(#"[\"\u0041\"]"#, raw: true, limits: tight)?.jsonString == #"["A"]"#)
    }
}
