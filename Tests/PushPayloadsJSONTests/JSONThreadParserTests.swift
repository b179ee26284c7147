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
}
