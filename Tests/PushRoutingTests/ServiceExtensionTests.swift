import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

/// A stand-in for `UNMutableNotificationContent`: mutable and not `Sendable`, as Apple's is not.
final class FakeContent {
    var title: String
    init(title: String) { self.title = title }
}

/// An extension delegate that delivers content, or hangs until released, and delivers a best attempt when
/// time runs out.
final class ExtensionDelegate: PushRouterDelegate {
    private struct State {
        var requests = 0
        var expirations = 0
        var entered: [CheckedContinuation<Void, Never>] = []
        var hanging: [CheckedContinuation<Void, Never>] = []
    }

    /// The titles delivered, in order, by `didReceiveServiceExtensionRequest`.
    let titles: [String]
    let hangs: Bool
    let error: DelegateFailure?
    private let state = LockedValue(State())

    init(delivering titles: [String] = [], hangs: Bool = false, error: DelegateFailure? = nil) {
        self.titles = titles
        self.hangs = hangs
        self.error = error
    }

    var requests: Int { state.withLock { $0.requests } }
    var expirations: Int { state.withLock { $0.expirations } }

    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
        state.withLock { $0.requests += 1 }
        for title in titles {
            // Made in this task and given up with `sending`: the router hands it to the content handler.
            request.deliver(PushServiceExtensionContent(FakeContent(title: title)))
        }
        if let error { throw error }
        if hangs {
            await withCheckedContinuation { continuation in state.withLock { $0.hanging.append(continuation) } }
        }
    }

    func serviceExtensionTimeWillExpire(_ request: PushServiceExtensionRequest) {
        state.withLock { $0.expirations += 1 }
        request.deliver(PushServiceExtensionContent(FakeContent(title: "best attempt")))
    }

    func release() {
        for continuation in state.withLock({ state in
            defer { state.hanging = [] }
            return state.hanging
        }) {
            continuation.resume()
        }
    }
}

@Suite("Service extension route")
struct ServiceExtensionTests {
    static let exponeaRich = """
        {"aps": {"alert": {"title": "Sale", "body": "Now"}, "mutable-content": 1},
         "source": "xnpe_platform", "attributes": {"campaign_id": "c-1", "sent_timestamp": 1700000000.5}}
        """

    func route(
        _ harness: Harness,
        _ json: String = Self.exponeaRich
    ) throws -> (PushServiceExtensionSession, CompletionRecorder<PushServiceExtensionContent>) {
        let completion = CompletionRecorder<PushServiceExtensionContent>()
        let session = harness.router.routeServiceExtensionRequest(
            on: try Payloads.payload(json),
            contentHandler: completion.handler
        )
        return (session, completion)
    }

    @Test("The owner's delegate delivers; the content handler gets its first content, exactly once")
    func delegateDelivers() async throws {
        let delegate = ExtensionDelegate(delivering: ["first", "second"])
        let harness = Harness { $0.setDelegate(delegate, for: .exponea) }
        let (session, completion) = try route(harness)
        let content = await completion.first()
        let event = await session.event()
        #expect(content.platformObject(as: FakeContent.self)?.title == "first")
        #expect(event.kind == .serviceExtension)
        #expect(event.outcome == .handled)
        #expect(event.vendor == .exponea)
        // Two deliveries by the delegate, one offer by the router when it returned: one call.
        #expect(session.deliveryAttempts == 3)
        #expect(completion.values.count == 1)
        #expect(harness.swrve.events.isEmpty && harness.fallback.events.isEmpty)
    }

    @Test("A delegate that delivers nothing, or throws, leaves the original content, exactly once")
    func originalContent() async throws {
        for delegate in [ExtensionDelegate(), ExtensionDelegate(error: DelegateFailure())] {
            let harness = Harness { $0.setDelegate(delegate, for: .exponea) }
            let (session, completion) = try route(harness)
            #expect(await completion.first().isOriginal)
            let event = await session.event()
            #expect(event.outcome == (delegate.error == nil ? .handled : .failed))
            #expect(completion.values.count == 1)
            #expect(delegate.requests == 1)
        }
    }

    @Test("The standard recorder sees the request with its origin")
    func recorderSeesRequest() async throws {
        let harness = Harness()
        let (session, completion) = try route(harness)
        #expect(await completion.first().isOriginal)
        _ = await session.event()
        #expect(harness.exponea.serviceExtensionRequests.count == 1)
        #expect(harness.exponea.events.first?.origin.userInfo["source"] as? String == "xnpe_platform")
    }

    @Test("No delegate: the original content at once; an unknown push goes to the fallback")
    func noDelegate() async throws {
        let harness = Harness { $0.removeDelegate(for: .exponea) }
        let (session, completion) = try route(harness)
        #expect(await completion.first().isOriginal)
        #expect(await session.event().outcome == .noDelegate)
        #expect(harness.fallback.events.isEmpty)

        let (unknown, unknownCompletion) = try route(harness, #"{"aps": {"alert": "x", "mutable-content": 1}}"#)
        #expect(await unknownCompletion.first().isOriginal)
        #expect(await unknown.event().outcome == .handled)
        #expect(harness.fallback.serviceExtensionRequests.count == 1)
    }

    @Test("The router's time-out: the delegate is told, its best attempt is delivered, exactly once")
    func routerTimeout() async throws {
        let delegate = ExtensionDelegate(hangs: true)
        let harness = Harness {
            $0.setDelegate(delegate, for: .exponea)
            $0.serviceExtensionTimeout = .seconds(25)
        }
        let (session, completion) = try route(harness)
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: .seconds(25))
        let content = await completion.first()
        let event = await session.event()
        delegate.release()
        #expect(content.platformObject(as: FakeContent.self)?.title == "best attempt")
        #expect(event.outcome == .timedOut)
        #expect(event.duration == .seconds(25))
        #expect(delegate.expirations == 1)
        #expect(completion.values.count == 1)
    }

    @Test("The system's time-out (serviceExtensionTimeWillExpire) comes first: the same, once")
    func systemTimeout() async throws {
        let delegate = ExtensionDelegate(hangs: true)
        let harness = Harness { $0.setDelegate(delegate, for: .exponea) }
        let (session, completion) = try route(harness)
        #expect(await eventually { delegate.requests == 1 })
        session.timeWillExpire()
        session.timeWillExpire()
        let content = await completion.first()
        let event = await session.event()
        delegate.release()
        session.timeWillExpire()
        #expect(content.platformObject(as: FakeContent.self)?.title == "best attempt")
        #expect(event.outcome == .timedOut)
        #expect(delegate.expirations == 1)
        #expect(completion.values.count == 1)
    }

    @Test("A delegate that hangs and delivers nothing at expiry: the original content")
    func hangingDelegate() async throws {
        let hanging = HangingDelegate()
        let harness = Harness { $0.setDelegate(hanging, for: .exponea) }
        let (session, completion) = try route(harness)
        #expect(await eventually { hanging.entered == 1 })
        session.timeWillExpire()
        #expect(await completion.first().isOriginal)
        #expect(await session.event().outcome == .timedOut)
        hanging.release()
        #expect(completion.values.count == 1)
    }

    @Test("A repeat of the same message gets the original content and no delegate")
    func duplicate() async throws {
        let delegate = ExtensionDelegate(delivering: ["mine"])
        let harness = Harness {
            $0.setDelegate(delegate, for: .exponea)
            $0.duplicateGuard = PushDuplicateGuard(window: .seconds(60), clock: ManualClock())
        }
        let (first, firstCompletion) = try route(harness)
        _ = await firstCompletion.first()
        _ = await first.event()
        let (second, secondCompletion) = try route(harness)
        #expect(await secondCompletion.first().isOriginal)
        #expect(await second.event().outcome == .duplicate)
        #expect(delegate.requests == 1)
    }

    @Test("Whether iOS runs the extension at all is public")
    func runsServiceExtension() throws {
        #expect(try Payloads.payload(Self.exponeaRich).runsServiceExtension)
        #expect(try !Payloads.payload(#"{"aps": {"alert": "x", "mutable-content": true}}"#).runsServiceExtension)
        #expect(try !Payloads.payload(#"{"aps": {"alert": "", "mutable-content": 1}}"#).runsServiceExtension)
    }
}
