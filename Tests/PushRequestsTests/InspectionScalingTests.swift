import PushPayloads
import PushRequests
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inspecting a send request must cost time linear in its keys, whatever path its members take to the
/// device payloads (issue 22: a linear scan per key made 80,000 data keys take 42 s).
///
/// Not a timed assertion: the same request shape at two sizes, ten times apart, and the ratio of the
/// thread's CPU time for each, the best of several runs. Linear work gives about 10; the quadratic
/// lookup gave about 100. The bound (30) leaves room for a noisy machine and for cache effects, and
/// holds whichever way the members reach the payloads (assembled as text or read once in place). The
/// time limit makes a quadratic build fail in a minute instead of running for many (it took over seven
/// minutes of CPU in a debug build).
@Suite("Inspection scales linearly in a request's keys", .timeLimit(.minutes(1)))
struct InspectionScalingTests {
    /// A send request shape, with `{DATA}` standing for an object of `n` string members.
    struct Shape: Sendable, CustomTestStringConvertible {
        let name: String
        let template: String
        var testDescription: String { name }
    }

    static let shapes = [
        Shape(name: "FCM v1 data", template: #"{"message":{"token":"t","data":{DATA}}}"#),
        Shape(
            name: "FCM v1 android.data and webpush.data",
            template: #"{"message":{"token":"t","android":{"data":{DATA}},"webpush":{"data":{DATA}}}}"#
        ),
        Shape(
            name: "FCM v1 apns.payload",
            template: #"{"message":{"token":"t","apns":{"payload":{DATA}},"notification":{"title":"T"}}}"#
        ),
        Shape(name: "FCM legacy data", template: #"{"to":"t","data":{DATA},"notification":{"title":"T"}}"#),
        Shape(name: "APNs payload", template: #"{"headers":{"apns-push-type":"alert"},"payload":{DATA}}"#),
    ]

    static let smallKeys = 2_000
    static let largeKeys = 20_000

    @Test("ten times the keys cost at most 30 times the CPU time", arguments: shapes)
    func linear(_ shape: Shape) throws {
        let small = try Self.bestCPUTime(shape, keys: Self.smallKeys)
        let large = try Self.bestCPUTime(shape, keys: Self.largeKeys)
        let ratio = large / max(small, 1e-6)
        #expect(ratio < 30, "\(Self.largeKeys) keys took \(large) s, \(Self.smallKeys) keys \(small) s: \(ratio)x")
    }

    /// Every key reaches the device payloads: the work measured is the work the issue found quadratic.
    @Test("the members all reach the deliveries", arguments: shapes)
    func membersReachDeliveries(_ shape: Shape) throws {
        let deliveries = try Self.request(shape, keys: 50).deliveries
        #expect(deliveries.contains { $0.payload.document.rootObject["k49"]?.stringValue == "v49" })
        #expect(deliveries.allSatisfy { $0.payload.document.rootObject.count <= 51 })
    }

    static func request(_ shape: Shape, keys: Int) throws -> PushSendRequest {
        var data = "{"
        for index in 0..<keys {
            if index > 0 { data += "," }
            data += "\"k\(index)\":\"v\(index)\""
        }
        data += "}"
        let json = shape.template.replacingAll("{DATA}", with: data)
        let limits = PushPayloadLimits(maximumPayloadBytes: 64 << 20)
        return try PushSendRequest(jsonString: json, limits: limits)
    }

    /// The least CPU time, in seconds, of five inspections of the shape with `keys` keys.
    static func bestCPUTime(_ shape: Shape, keys: Int) throws -> Double {
        let request = try request(shape, keys: keys)
        var best = Double.infinity
        for _ in 0..<5 {
            let start = threadCPUTime()
            let inspection = PushInspector().inspect(request)
            let elapsed = threadCPUTime() - start
            #expect(!inspection.deliveries.isEmpty)
            best = min(best, elapsed)
        }
        return best
    }

    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
