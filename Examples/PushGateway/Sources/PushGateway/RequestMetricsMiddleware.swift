import HTTPTypes
public import Hummingbird
import Logging
import PushPayloads

/// Counts every request by route and outcome and times it, into ``GatewayMetrics``; logs refusals and
/// client faults (a malformed body, a client gone mid-body) at `debug` and the gateway's own failures
/// at `error`, so no client can raise the gateway's 5xx count or flood its log.
///
/// It also refuses (501) a request whose `Transfer-Encoding` has a coding other than `chunked` and (400) an
/// HTTP/1.1 request without `Host`, both of which ``HTTPVersionHandler`` marks, and (414) a request target
/// longer than ``GatewayError/maximumTargetBytes``.
///
/// A response whose body is already in memory is counted when the handler returns; a streamed one
/// (`/v1/classify`) when its last byte has been handed to the connection.
public struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Where requests are counted.
    public let metrics: GatewayMetrics

    /// Creates the middleware.
    public init(metrics: GatewayMetrics) {
        self.metrics = metrics
    }

    /// Calls the next responder, then records what became of the request.
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        do {
            if let codings = request.headers[Self.unsupportedTransferCodingField] {
                throw GatewayError.unsupportedTransferCoding(codings)
            }
            if request.headers[Self.missingHostField] != nil { throw GatewayError.missingHost }
            if let target = request.head.path, target.utf8.count > GatewayError.maximumTargetBytes {
                throw GatewayError.targetTooLong(target.utf8.count)
            }
            var response = try await next(request, context)
            let route = metrics.route(endpoint: context.endpointPath)
            let status = response.status
            guard response.body.contentLength == nil else {
                route.recordRequest(status: status, duration: .now - start)
                return response
            }
            let body = response.body
            let logger = context.logger
            response.body = ResponseBody { writer in
                do {
                    try await body.write(writer)
                    route.recordRequest(status: status, duration: .now - start)
                } catch {
                    // The status has gone out already. Writing fails only when the connection is gone,
                    // and reading fails on the client's side too (``GatewayError/readingBody(_:)``).
                    let failure = (error as? GatewayError)?.status ?? GatewayError.clientClosedRequest
                    route.recordRequest(status: failure, duration: .now - start)
                    logger.debug("the response body was not finished", metadata: ["error": "\(error)"])
                    throw error
                }
            }
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            metrics.route(endpoint: context.endpointPath).recordRequest(status: status, duration: .now - start)
            if let refusal = error as? GatewayError {
                context.logger.debug(
                    "request refused",
                    metadata: [
                        "status": "\(status.code)", "code": "\(refusal.error.code)", "reason": "\(refusal.error)",
                    ]
                )
            } else if status.code >= 500 {
                context.logger.error("request failed", metadata: ["error": "\(error)"])
            }
            throw error
        }
    }
}

extension RequestMetricsMiddleware {
    static var unsupportedTransferCodingField: HTTPField.Name {
        HTTPField.Name(HTTPVersionHandler.unsupportedTransferCodingField)!
    }

    static var missingHostField: HTTPField.Name { HTTPField.Name(HTTPVersionHandler.missingHostField)! }
}
