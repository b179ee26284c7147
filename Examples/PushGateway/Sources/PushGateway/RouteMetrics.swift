public import HTTPTypes
import Metrics
public import PushPayloads

/// The metrics of one route, made once so that recording a request is a few atomic additions and a
/// histogram update, with no lookup by name.
///
/// - `push_gateway_requests_total{route, outcome}`: requests by ``RequestOutcome``.
/// - `push_gateway_request_duration_seconds{route}`: from the request's arrival to the last byte of
///   its response handed to the connection (a histogram).
/// - `push_gateway_payloads_total{route, vendor}`: payloads (one per platform of a send request) by
///   the vendor whose SDK claims them, `unknown` for none.
/// - `push_gateway_payload_errors_total{route, code}`: payloads that could not be read, by
///   ``PushPayloadError/Code``.
public struct RouteMetrics: Sendable {
    /// The `route` label.
    public let name: String

    private let factory: any MetricsFactory
    private let outcomes: [RequestOutcome: Counter]
    private let duration: Timer
    private let vendors: [String: Counter]
    private let unknownVendor: Counter
    private let errorCodes: [String: Counter]

    static let requestsLabel = "push_gateway_requests_total"
    static let durationLabel = "push_gateway_request_duration_seconds"
    static let payloadsLabel = "push_gateway_payloads_total"
    static let payloadErrorsLabel = "push_gateway_payload_errors_total"

    /// The library's error codes, counted without a lookup in the registry.
    static let knownErrorCodes: [PushPayloadError.Code] = [
        .invalidJSON, .invalidUTF8, .duplicateKey, .nulInKey, .numberOutOfRange, .tooDeep, .tooLarge, .notAnObject,
        .typeMismatch,
    ]

    /// Creates the route's metrics in `factory`, with a counter for each of `vendors` made up front.
    init(name: String, vendors: [PushVendor], factory: any MetricsFactory) {
        self.name = name
        self.factory = factory
        var outcomeCounters: [RequestOutcome: Counter] = [:]
        for outcome in RequestOutcome.allCases {
            outcomeCounters[outcome] = Counter(
                label: Self.requestsLabel,
                dimensions: [("route", name), ("outcome", outcome.rawValue)],
                factory: factory
            )
        }
        outcomes = outcomeCounters
        duration = Timer(label: Self.durationLabel, dimensions: [("route", name)], factory: factory)
        var vendorCounters: [String: Counter] = [:]
        for vendor in vendors {
            vendorCounters[vendor.name] = Self.payloadCounter(route: name, vendor: vendor.name, factory: factory)
        }
        self.vendors = vendorCounters
        unknownVendor = Self.payloadCounter(route: name, vendor: "unknown", factory: factory)
        var codeCounters: [String: Counter] = [:]
        for code in Self.knownErrorCodes {
            codeCounters[code.name] = Self.errorCounter(route: name, code: code.name, factory: factory)
        }
        errorCodes = codeCounters
    }

    /// Records a finished request: its outcome and how long it took.
    public func recordRequest(status: HTTPResponse.Status, duration elapsed: Duration) {
        outcomes[RequestOutcome(status: status)]?.increment()
        let (seconds, attoseconds) = elapsed.components
        duration.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// Counts a payload that was read, by the vendor that claims it (`nil` for none).
    public func recordPayload(vendor: PushVendor?) {
        guard let vendor else {
            unknownVendor.increment()
            return
        }
        if let counter = vendors[vendor.name] {
            counter.increment()
        } else {
            // A vendor from a registry of one's own: the factory finds or makes its series.
            Self.payloadCounter(route: name, vendor: vendor.name, factory: factory).increment()
        }
    }

    /// Counts a payload that could not be read, by its error code.
    public func recordPayloadError(_ code: PushPayloadError.Code) {
        if let counter = errorCodes[code.name] {
            counter.increment()
        } else {
            Self.errorCounter(route: name, code: code.name, factory: factory).increment()
        }
    }

    private static func payloadCounter(route: String, vendor: String, factory: any MetricsFactory) -> Counter {
        Counter(label: payloadsLabel, dimensions: [("route", route), ("vendor", vendor)], factory: factory)
    }

    private static func errorCounter(route: String, code: String, factory: any MetricsFactory) -> Counter {
        Counter(label: payloadErrorsLabel, dimensions: [("route", route), ("code", code)], factory: factory)
    }
}
