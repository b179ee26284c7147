import PushPayloads
import PushRequests
import Testing

/// An FCM v1 body's `data` and `notification` apply to every platform: told the web receives it, a body without a
/// `webpush` block still has a web delivery (issue 37: `--platform web` dropped it, with no record and exit 0).
@Suite struct WebDeliveryTests {
    static let body = #"{"message":{"token":"t","notification":{"title":"T","body":"B"},"data":{"k":"v"}}}"#

    @Test func toldTheWebReceivesItTheWebHasADelivery() throws {
        let request = try PushSendRequest(jsonString: Self.body)
        let inspection = PushInspector(platforms: [.web]).inspect(request)
        #expect(inspection.deliveries.map(\.platform) == [.web])
        #expect(inspection.deliveries.first?.systemText?.title == "T")
        #expect(request.deliveries(to: [.web]).map(\.platform) == [.web])
        #expect(request.deliveries(to: [.web, .android]).map(\.platform) == [.android, .web])
    }

    /// Unless told, the web is not assumed: the deliveries and records are what they were.
    @Test func untoldTheWebIsNotAssumed() throws {
        let request = try PushSendRequest(jsonString: Self.body)
        #expect(request.deliveries.map(\.platform) == [.ios, .android])
        #expect(PushInspector().inspect(request).deliveries.map(\.platform) == [.ios, .android])
        #expect(request.deliveries(to: [.ios]).map(\.platform) == [.ios])
    }
}
