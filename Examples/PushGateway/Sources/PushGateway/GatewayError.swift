public import Hummingbird
import NIOCore
import NIOHTTP1
public import PushPayloads

/// A request the gateway refuses, answered with a status and the library's error as JSON:
/// `{"code": …, "offset": …, "key_path": …, "message": …}` (`docs/json-schema.md`, `#/$defs/error`;
/// `key_path` only when there is one).
///
/// The codes are the library's (`invalid_json`, `not_an_object`, `too_large`, …), plus
/// `unsupported_media_type` for a body of the wrong content type, which is the gateway's own.
public struct GatewayError: HTTPResponseError, Sendable {
    /// The response status.
    public var status: HTTPResponse.Status
    /// What went wrong, as the body says it.
    public var error: PushPayloadError

    /// Creates an error answered with `status`.
    public init(status: HTTPResponse.Status, error: PushPayloadError) {
        self.status = status
        self.error = error
    }

    /// The code of a body whose content type the route does not read.
    public static let unsupportedMediaTypeCode = PushPayloadError.Code(name: "unsupported_media_type")

    /// A payload the library could not read: 400, or 413 when it is over the limit.
    public static func unreadable(_ error: PushPayloadError) -> GatewayError {
        GatewayError(status: error.code == .tooLarge ? .contentTooLarge : .badRequest, error: error)
    }

    /// A body over `limit` bytes (413); `length` when the request said how long it is.
    public static func tooLarge(length: Int?, limit: Int) -> GatewayError {
        let size = length.map { "\($0) bytes" } ?? "more than \(limit) bytes"
        return GatewayError(
            status: .contentTooLarge,
            error: PushPayloadError(.tooLarge, message: "the body is \(size); the limit is \(limit)", byteOffset: limit)
        )
    }

    /// A body that is not of a type the route reads (415).
    public static func unsupportedMediaType(_ contentType: String?, expected: String) -> GatewayError {
        let given = contentType.map { "`\($0)`" } ?? "no content type"
        return GatewayError(
            status: .unsupportedMediaType,
            error: PushPayloadError(unsupportedMediaTypeCode, message: "the body must be \(expected), not \(given)")
        )
    }

    /// The code of a body the connection could not deliver: a malformed chunk, or a client that closed
    /// the connection before the body's end.
    public static let unreadableBodyCode = PushPayloadError.Code(name: "unreadable_body")
    /// The code of a `Transfer-Encoding` the gateway does not decode.
    public static let unsupportedTransferCodingCode = PushPayloadError.Code(name: "unsupported_transfer_coding")

    /// The status of a client that went away before its request was read (nginx's 499): never sent,
    /// since no one is left to read it, but counted as ``RequestOutcome/clientAbort``.
    public static let clientClosedRequest = HTTPResponse.Status(code: 499, reasonPhrase: "Client Closed Request")

    /// A body whose chunked framing is malformed (400).
    public static func malformedBody(_ detail: String) -> GatewayError {
        GatewayError(
            status: .badRequest,
            error: PushPayloadError(unreadableBodyCode, message: "the body's chunked framing is malformed: \(detail)")
        )
    }

    /// The longest request target (path and query) the gateway reads, in bytes: RFC 9112 §3 asks for at least
    /// 8,000. A query value (`/v1/classify`'s `source`, say) is bounded by it, and by its own limit.
    public static let maximumTargetBytes = 8_192

    /// The code of a request target over ``maximumTargetBytes``.
    public static let uriTooLongCode = PushPayloadError.Code(name: "uri_too_long")
    /// The code of an HTTP/1.1 request without `Host`.
    public static let missingHostCode = PushPayloadError.Code(name: "missing_host")

    /// A request target of `length` bytes, over ``maximumTargetBytes`` (414).
    static func targetTooLong(_ length: Int) -> GatewayError {
        GatewayError(
            status: .uriTooLong,
            error: PushPayloadError(
                uriTooLongCode,
                message: "the request target is \(length) bytes; the limit is \(maximumTargetBytes)"
            )
        )
    }

    /// An HTTP/1.1 request without `Host` (400, RFC 9112 §3.2).
    static let missingHost = GatewayError(
        status: .badRequest,
        error: PushPayloadError(missingHostCode, message: "an HTTP/1.1 request must have a Host field (RFC 9112 §3.2)")
    )

    /// A body cut off by the client (499).
    public static let clientAbort = GatewayError(
        status: clientClosedRequest,
        error: PushPayloadError(unreadableBodyCode, message: "the client closed the connection before the body ended")
    )

    /// A request with a transfer coding other than `chunked` (501, RFC 9112 §6.1).
    public static func unsupportedTransferCoding(_ codings: String) -> GatewayError {
        GatewayError(
            status: .notImplemented,
            error: PushPayloadError(
                unsupportedTransferCodingCode,
                message: "the transfer coding `\(codings)` is not supported; send the body as it is, or chunked"
            )
        )
    }

    /// Runs `read`, a read of a request's body, and turns what the connection throws into the client's
    /// fault: a malformed chunk is a 400, a connection closed mid-body a 499. A ``GatewayError`` and the
    /// body limit's error pass through.
    static func readingBody<Result>(_ read: () async throws -> Result) async throws -> Result {
        do {
            return try await read()
        } catch let error as GatewayError {
            throw error
        } catch let error as NIOTooManyBytesError {
            throw error
        } catch let error as HTTPParserError where error != .invalidEOFState {
            throw malformedBody("\(error)")
        } catch {
            // The connection closed before the body ended (NIO's parser reports an early end of file as
            // `invalidEOFState`), or the connection's read deadline cut it.
            throw clientAbort
        }
    }

    /// The status, `Content-Type: application/json` and the error's JSON.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONBytesEncoder().encode(error)
        return Response(
            status: status,
            headers: [.contentType: MediaTypes.json],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        )
    }
}
