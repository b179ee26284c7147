import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PushGateway
import PushPayloads

/// The repository's `Corpus/` folder, read by the tests.
enum Corpus {
    /// The repository's root: four folders up from this file (`Examples/PushGateway/Tests/PushGatewayTests`).
    static let root: String = {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(5)
        return components.joined(separator: "/")
    }()

    /// The bytes of `Corpus/<path>`.
    static func bytes(_ path: String) throws -> [UInt8] {
        try readFile(root + "/Corpus/" + path)
    }

    /// The bytes of the file at `path`.
    static func readFile(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CorpusError(path: path) }
        return Array(data)
    }

    struct CorpusError: Error, CustomStringConvertible {
        let path: String
        var description: String { "cannot read \(path)" }
    }
}

/// A request body handed to the routes in pieces cut where a test says, instead of where the
/// connection (or the test framework, in 32 KiB pieces) would cut it.
struct PieceSequence: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let pieces: [ByteBuffer]

    struct AsyncIterator: AsyncIteratorProtocol {
        var pieces: IndexingIterator<[ByteBuffer]>
        mutating func next() async -> ByteBuffer? { pieces.next() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pieces: pieces.makeIterator()) }

    /// `bytes` cut at `offsets` (ascending, within the bytes).
    init(_ bytes: [UInt8], cuttingAt offsets: [Int]) {
        var pieces: [ByteBuffer] = []
        var start = 0
        for offset in offsets + [bytes.count] where offset > start {
            pieces.append(ByteBuffer(bytes: bytes[start..<offset]))
            start = offset
        }
        self.pieces = pieces
    }
}

/// Collects the body the test framework delivers, then hands it to the gateway cut at the offsets
/// `cuts` chooses for its length (and without `Content-Length`, as a chunked upload arrives).
struct RechunkingResponder<Wrapped: HTTPResponder>: HTTPResponder {
    typealias Context = Wrapped.Context
    let wrapped: Wrapped
    let cuts: @Sendable ([UInt8]) -> [Int]

    func respond(to request: Request, context: Context) async throws -> Response {
        let body = try await request.body.collect(upTo: .max)
        let bytes = Array(body.readableBytesView)
        var head = request.head
        head.headerFields[.contentLength] = nil
        var rechunked = Request(head: head, body: request.body)
        rechunked.body = RequestBody(asyncSequence: PieceSequence(bytes, cuttingAt: cuts(bytes)))
        return try await wrapped.respond(to: rechunked, context: context)
    }
}

/// A quiet logger for the applications under test.
let testLogger: Logger = {
    var logger = Logger(label: "push-gateway-tests")
    logger.logLevel = .warning
    return logger
}()

/// The gateway's application as `buildApplication` makes it, on the test framework's address.
func makeGateway(_ configuration: GatewayConfiguration = GatewayConfiguration()) -> some ApplicationProtocol {
    buildApplication(configuration: configuration, logger: testLogger)
}

/// The gateway's router behind a ``RechunkingResponder``.
func makeRechunkingGateway(
    _ configuration: GatewayConfiguration = GatewayConfiguration(),
    cuts: @escaping @Sendable ([UInt8]) -> [Int]
) -> some ApplicationProtocol {
    let metrics = GatewayMetrics(vendors: PushDecoderRegistry.standard.vendors)
    let router = buildRouter(configuration: configuration, metrics: metrics)
    return Application(
        responder: RechunkingResponder(wrapped: router.buildResponder(), cuts: cuts),
        logger: testLogger
    )
}

/// A small, seeded generator, so a failure can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
