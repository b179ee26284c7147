/// A reusable, strict JSON parser for push payloads.
///
/// A parser keeps its buffers between calls. Parse payloads one after another with the same parser and,
/// once the buffers have grown to the largest payload, parsing allocates nothing, as long as the
/// previous ``JSONDocument`` has been released (a document still alive keeps its storage, and the
/// parser then takes fresh buffers rather than overwrite it).
///
/// ```swift
/// var parser = JSONParser()
/// for line in lines {
///     let document = try parser.parse(line)
///     …
/// }
/// ```
///
/// The parser accepts exactly RFC 8259 JSON in UTF-8, and additionally rejects what a push payload
/// must not contain: duplicate keys, `\u0000` in keys, numbers no SDK can represent, and input beyond
/// the ``limits``. See ``PushPayloadError/Code`` for every failure.
public struct JSONParser: Sendable {
    /// The bounds applied to each payload.
    public var limits: PushPayloadLimits

    /// Whether a top-level value other than an object is accepted.
    ///
    /// Push payloads are objects, so by default any other top-level value fails with
    /// ``PushPayloadError/Code/notAnObject``. Turn this on to read JSON embedded in payloads, such as an
    /// FCM string holding an array.
    public var acceptsAnyTopLevelValue: Bool

    /// The stage-one kernel (the widest this processor runs); tests and fuzzers set each in turn.
    @_spi(Kernels) public var stageOneKernel: JSONStageOneKernel = .best

    private var storage = JSONStorage()
    private var scratch = JSONParserScratch()

    /// Creates a parser.
    public init(limits: PushPayloadLimits = .default, acceptsAnyTopLevelValue: Bool = false) {
        self.limits = limits
        self.acceptsAnyTopLevelValue = acceptsAnyTopLevelValue
    }

    /// Parses one payload from raw UTF-8 bytes, which need stay valid only during the call: the funnel every
    /// public `parse` goes through, and the command's entry, which holds its batches as raw memory.
    ///
    /// The parser copies the bytes and never reads outside them, but it hints to the processor to load
    /// the kilobyte that follows them in memory: when payloads are parsed back to back from one buffer
    /// (a capture, a batch of JSON Lines), the next one is then already in the cache.
    package mutating func parse(_ jsonBytes: UnsafeRawBufferPointer) throws(PushPayloadError) -> JSONDocument {
        let count = jsonBytes.count
        if count > limits.maximumPayloadBytes {
            throw PushPayloadError.tooLarge(byteCount: count, limit: limits.maximumPayloadBytes)
        }
        let storage = preparedStorage(byteCount: count)
        if count > 0, let source = jsonBytes.baseAddress {
            storage.bytes.update(from: source.assumingMemoryBound(to: UInt8.self), count: count)
            JSONByteMasks.prefetch(source + count, lines: 16)
        }
        return try parsePrepared(storage, count: count)
    }

    /// Parses the JSON text that the string `text` (as written between its quotes, `hasEscapes` when it holds any)
    /// stands for, decoding its escapes straight into the parser's storage: JSON a payload embeds in a string (FCM
    /// data), without decoding it into a buffer of its own first and copying that. `nil`, with nothing parsed, when
    /// the decoded text's first byte other than JSON whitespace is not `{` or `[` (it can then be no container).
    package mutating func parseContainer(
        escapedText text: UnsafeBufferPointer<UInt8>,
        hasEscapes: Bool
    ) throws(PushPayloadError) -> JSONDocument? {
        // Looked at before the storage is touched: asking about text that is no container (most strings a decoder
        // asks about) must not take the storage, nor allocate one while an earlier document holds it.
        guard Self.startsWithContainer(escapedText: text) else { return nil }
        // Decoding never grows text, so the raw length is room enough; a string of a parsed payload is within its
        // limit already, and the limit is checked below on the decoded length, as for any input.
        let storage = preparedStorage(byteCount: text.count)
        var count = 0
        if let source = text.baseAddress, text.count > 0 {
            if hasEscapes {
                count = JSONStringDecoding.unescape(source, count: text.count, into: storage.bytes)
            } else {
                storage.bytes.update(from: source, count: text.count)
                count = text.count
            }
        }
        if count > limits.maximumPayloadBytes {
            throw PushPayloadError.tooLarge(byteCount: count, limit: limits.maximumPayloadBytes)
        }
        return try parsePrepared(storage, count: count)
    }

    /// Whether the text a string stands for (given as written, escapes and all) starts with `{` or `[` after JSON
    /// whitespace, each of which may be written as an escape (`\n`, `\u0020`, `\u007B`, …).
    static func startsWithContainer(escapedText text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = text.baseAddress else { return false }
        let count = text.count
        var i = 0
        while i < count {
            var byte = p[i]
            var width = 1
            if byte == UInt8(ascii: "\\") {
                guard i + 1 < count else { return false }
                switch p[i + 1] {
                case UInt8(ascii: "n"): byte = 0x0A
                case UInt8(ascii: "r"): byte = 0x0D
                case UInt8(ascii: "t"): byte = 0x09
                case UInt8(ascii: "u"):
                    guard i + 6 <= count else { return false }
                    let unit = JSONStringDecoding.hex4(p + i + 2)
                    guard unit >= 0 && unit < 0x80 else { return false }
                    byte = UInt8(truncatingIfNeeded: unit)
                    width = 6
                default: return false
                }
                if width == 1 { width = 2 }
            }
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09: i += width
            case UInt8(ascii: "{"), UInt8(ascii: "["): return true
            default: return false
            }
        }
        return false
    }

    /// The parser's storage, emptied, with room for `byteCount` bytes of input (and the most nodes they can hold): a
    /// new one when a document still holds the old one.
    @inline(__always)
    private mutating func preparedStorage(byteCount count: Int) -> JSONStorage {
        if !isKnownUniquelyReferenced(&storage) { storage = JSONStorage() }
        // Scratch is never shared by documents, but a copied parser shares it until one of them parses.
        if !isKnownUniquelyReferenced(&scratch) { scratch = JSONParserScratch() }
        let storage = self.storage
        storage.prepare(
            byteCount: count,
            nodeCount: JSONStorage.maximumNodes(forBytes: count, maximumDepth: limits.maximumDepth)
        )
        return storage
    }

    /// Parses the `count` bytes of input written into `storage`, ``preparedStorage(byteCount:)``'s, which the document
    /// returned takes over (consumed: no retain and release of it for each parse).
    @inline(__always)
    private mutating func parsePrepared(
        _ storage: consuming JSONStorage,
        count: Int
    ) throws(PushPayloadError) -> JSONDocument {
        (storage.bytes + count).update(repeating: 0, count: JSONStorage.padding)
        storage.byteCount = count
        scratch.reserveStack(limits.maximumDepth)

        // The fast scanner takes what it can; the full scanner decides the rest and reports every error.
        let rootKeyEntries = scratch.reserveRootKeys(JSONFastScanner.rootKeyEntries(forBytes: count))
        var rootKeys: UnsafeMutablePointer<UInt64>? = nil
        if count <= JSONFastScanner.maximumByteCount,
            let nodeCount = JSONFastScanner.scan(
                storage.bytes,
                count: count,
                nodes: storage.nodes,
                stack: scratch.stack,
                bitmap: scratch.reserveBitmap(JSONFastScanner.bitmapWords(forBytes: count)),
                rootKeys: rootKeyEntries,
                maximumDepth: limits.maximumDepth,
                scratch: scratch,
                kernel: stageOneKernel
            )
        {
            storage.nodeCount = nodeCount
            rootKeys = rootKeyEntries
            assert(
                Self.fullScanAgrees(storage, limits: limits),
                "JSONFastScanner and JSONScanner disagree on: \(String(decoding: storage.byteBuffer, as: UTF8.self))"
            )
        } else {
            // On an error the document keeps no nodes: `prepare` set the count to zero.
            storage.nodeCount = try JSONScanner.scan(
                storage.bytes,
                count: count,
                into: storage.nodes,
                scratch: scratch,
                maximumDepth: limits.maximumDepth
            )
        }
        if !acceptsAnyTopLevelValue && storage.nodes[0].kind != JSONNode.object {
            storage.nodeCount = 0
            // A string node starts after its opening quote; the value starts at the quote.
            let quote = storage.nodes[0].kind == JSONNode.string ? 1 : 0
            throw PushPayloadError(
                .notAnObject,
                message: "the payload is valid JSON, but its top-level value is not an object",
                byteOffset: Int(storage.nodes[0].start) - quote
            )
        }
        storage.indexRootKeys(entries: rootKeys)
        return JSONDocument(storage: storage)
    }

    /// Whether ``JSONScanner`` accepts the bytes of `storage` and writes the same nodes as the fast scanner
    /// did; checked in debug builds only (every test run), through `assert`.
    static func fullScanAgrees(_ storage: JSONStorage, limits: PushPayloadLimits) -> Bool {
        let capacity = JSONStorage.maximumNodes(forBytes: storage.byteCount, maximumDepth: limits.maximumDepth)
        let nodes = UnsafeMutablePointer<JSONNode>.allocate(capacity: capacity)
        defer { nodes.deallocate() }
        let scratch = JSONParserScratch()
        scratch.reserveStack(limits.maximumDepth)
        let nodeCount = try? JSONScanner.scan(
            storage.bytes,
            count: storage.byteCount,
            into: nodes,
            scratch: scratch,
            maximumDepth: limits.maximumDepth
        )
        return nodeCount == storage.nodeCount && (0..<storage.nodeCount).allSatisfy { nodes[$0] == storage.nodes[$0] }
    }

    /// Parses one payload from UTF-8 bytes: an array, a slice, a string's UTF-8, `Data`, …
    public mutating func parse(_ jsonBytes: some JSONBytes) throws(PushPayloadError) -> JSONDocument {
        try jsonBytes.withJSONBytes { buffer throws(PushPayloadError) in try parse(buffer) }
    }

    #if compiler(>=6.2)
    /// Parses one payload from a span of bytes.
    ///
    /// Parse a batch from one buffer by passing spans of it (`extracting(_:)`): the parser hints to the
    /// processor to load the kilobyte after each payload, where the next one then is.
    public mutating func parse(_ jsonBytes: RawSpan) throws(PushPayloadError) -> JSONDocument {
        try jsonBytes.withUnsafeBytes { buffer in Result { () throws(PushPayloadError) in try parse(buffer) } }.get()
    }

    #endif
}
