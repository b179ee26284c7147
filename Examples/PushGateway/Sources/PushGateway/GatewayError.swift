public import Hummingbird
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
