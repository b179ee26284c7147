public import HTTPTypes

/// What became of a request, as the `outcome` label of `push_gateway_requests_total`: a closed set
/// derived from the response status, so the number of series stays fixed.
public enum RequestOutcome: String, Sendable, CaseIterable {
    /// 2xx: the request was answered as asked.
    case ok
    /// 400: the body is not JSON, or not an object, or breaks another of the library's rules.
    case badRequest = "bad_request"
    /// 404 (and 405): no such route.
    case notFound = "not_found"
    /// 413: the body is over the limit.
    case tooLarge = "too_large"
    /// 415: the content type is not one the route reads.
    case unsupportedMediaType = "unsupported_media_type"
    /// Any other 4xx, and 501 (a transfer coding the gateway does not decode: the client's choice).
    case clientError = "client_error"
    /// 499: the client closed the connection before its request was read (or its streamed response
    /// written); nothing was answered.
    case clientAbort = "client_abort"
    /// 5xx but 501: the gateway failed.
    case serverError = "server_error"

    /// The outcome of a response with `status`.
    public init(status: HTTPResponse.Status) {
        switch status.code {
        case 200..<300: self = .ok
        case 400: self = .badRequest
        case 404, 405: self = .notFound
        case 413: self = .tooLarge
        case 415: self = .unsupportedMediaType
        case 499: self = .clientAbort
        case 400..<500: self = .clientError
        // A transfer coding the gateway does not decode: the client's choice, not the gateway's failure, so no
        // client can raise the 5xx count.
        case 501: self = .clientError
        default: self = .serverError
        }
    }
}
