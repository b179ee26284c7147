import PushGateway
import PushPayloads
import PushRequests
import Testing

/// The pool hands parsers back and forth, keeps no more than it should, and never keeps a large one.
@Suite struct ParserPoolTests {
    static let payload = Array(#"{"aps":{"alert":"hi"},"source":"xnpe_platform"}"#.utf8)

    @Test func aParserIsReused() throws {
        let pool = ParserPool(limits: .default, capacity: 4)
        #expect(pool.idleCount == 0)
        for _ in 0..<10 {
            let keys = try pool.withParser(forBytes: Self.payload.count) { parser in
                try parser.parse(Self.payload).rootObject.keys.count
            }
            #expect(keys == 2)
            #expect(pool.idleCount == 1)
        }
    }

    @Test func aParserIsReturnedWhenParsingFails() {
        let pool = ParserPool(limits: .default, capacity: 4)
        #expect(throws: PushPayloadError(.invalidJSON, message: "")) {
            try pool.withParser(forBytes: 1) { parser in try parser.parse(Array("{".utf8)) }
        }
        #expect(pool.idleCount == 1)
    }

    @Test func largePayloadsGetAParserOfTheirOwn() throws {
        let pool = ParserPool(limits: .default, capacity: 4, retainedPayloadBytes: 16)
        _ = try pool.withParser(forBytes: Self.payload.count) { parser in try parser.parse(Self.payload) }
        #expect(pool.idleCount == 0)
    }

    @Test func capacityZeroKeepsNothing() throws {
        let pool = ParserPool(limits: .default, capacity: 0)
        _ = try pool.withParser(forBytes: Self.payload.count) { parser in try parser.parse(Self.payload) }
        #expect(pool.idleCount == 0)
    }

    @Test func concurrentUseKeepsAtMostTheCapacity() async throws {
        let pool = ParserPool(limits: .default, capacity: 3)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    for _ in 0..<200 {
                        _ = try pool.withParser(forBytes: Self.payload.count) { parser in
                            try parser.parse(Self.payload).rootObject.keys.count
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(pool.idleCount >= 1 && pool.idleCount <= 3)
    }

    /// Inspection writers are pooled like parsers: handed out empty, taken back, never kept large.
    @Test func aWriterIsReusedEmptyAndNeverKeptLarge() throws {
        let pool = ParserPool(limits: .default, capacity: 2, retainedPayloadBytes: 8_192)
        let inspection = PushInspector().inspect(try PushSendRequest(jsonBytes: Self.payload))
        let expected = try JSONBytesEncoder().encode(inspection)
        for _ in 0..<3 {
            let written = try pool.withInspectionWriter { writer in
                #expect(writer.bytes.isEmpty)
                try writer.write(inspection)
                return writer.bytes
            }
            #expect(written == expected)
            #expect(pool.idleWriterCount == 1)
        }
        // A writer whose buffer grew past the retained size is dropped.
        let many = PushInspection(
            kind: inspection.kind,
            deliveries: Array(repeating: inspection.deliveries[0], count: 40),
            findings: inspection.findings
        )
        try pool.withInspectionWriter { writer in try writer.write(many) }
        #expect(pool.idleWriterCount == 0)

        let none = ParserPool(limits: .default, capacity: 0)
        try none.withInspectionWriter { writer in try writer.write(inspection) }
        #expect(none.idleWriterCount == 0)
    }
}
