import PushPayloads
import PushRequests
import Testing

/// `android.data` is what Android devices receive in place of `data`: FCM's 4,096 bytes hold for it too (issue 37:
/// 6,000 bytes there had no size finding, and `fit` returned the request unchanged).
@Suite struct AndroidDataSizeTests {
    static func request(androidData count: Int) -> String {
        #"{"message":{"token":"t","notification":{"title":"T"},"android":{"data":{"pad":"\#(String(repeating: "a", count: count))"}}}}"#
    }

    /// 3 + 4,088 + 5 + 1 = 4,097 bytes trips, as in `data`; 4,096 does not.
    @Test func androidDataOverTheLimitIsASizeFinding() throws {
        let over = PushChecker().check(try PushSendRequest(jsonString: Self.request(androidData: 4_088)))
        #expect(over.contains { $0.rule.id == "fcm.size" }, "\(over.map(\.rule.id))")
        let within = PushChecker().check(try PushSendRequest(jsonString: Self.request(androidData: 4_087)))
        #expect(!within.contains { $0.rule.id == "fcm.size" }, "\(within.map(\.rule.id))")
    }

    @Test func fitDoesNotReturnItUnchanged() throws {
        let request = try PushSendRequest(jsonString: Self.request(androidData: 6_000))
        #expect(throws: (any Error).self) { try PushFitter().fit(request) }
    }
}
