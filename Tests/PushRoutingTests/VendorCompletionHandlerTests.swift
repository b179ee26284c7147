import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

/// A vendor SDK call that answers through its completion handler, as Cordial's and Swrve's do: at once, on
/// another thread later, twice, or never. The handler is not `@Sendable`, as the SDKs declare it.
final class SDKStandIn: Sendable {
    enum Behaviour: Sendable {
        case immediately, later, twice, never
    }

    let behaviour: Behaviour
    private let calls = LockedValue(0)

    init(_ behaviour: Behaviour) { self.behaviour = behaviour }

    var callCount: Int { calls.withLock { $0 } }

    func process(userInfo: [AnyHashable: Any], completionHandler: @escaping @Sendable (PushPresentation) -> Void) {
        calls.withLock { $0 += 1 }
        switch behaviour {
        case .immediately: completionHandler([.banner, .list])
        case .later: Task.detached { completionHandler([.banner, .list]) }
        case .twice:
            completionHandler([.banner, .list])
            completionHandler([.sound])
        case .never: break
        }
    }
}

/// A delegate that hands the foreground push to the SDK and answers with the SDK's answer.
struct ForwardingDelegate: PushRouterDelegate {
    let sdk: SDKStandIn

    func willPresentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushPresentation {
        try await withVendorCompletionHandler { done in
            sdk.process(userInfo: origin.userInfo, completionHandler: done)
        }
    }
}

@Suite("SDKs that call the completion handler themselves")
struct VendorCompletionHandlerTests {
    @Test(
        "The SDK's answer is the platform's, called exactly once",
        arguments: [
            SDKStandIn.Behaviour.immediately, .later, .twice,
        ]
    )
    func sdkAnswers(behaviour: SDKStandIn.Behaviour) async throws {
        let sdk = SDKStandIn(behaviour)
        let harness = Harness { $0.setDelegate(ForwardingDelegate(sdk: sdk), for: .cordial) }
        let completion = CompletionRecorder<PushPresentation>()
        harness.router.routeForegroundDelivery(
            of: try Payloads.payload(Payloads.cordial),
            completionHandler: completion.handler
        )
        #expect(await completion.first() == [.banner, .list])
        #expect(completion.values.count == 1)
        #expect(sdk.callCount == 1)
    }

    @Test("An SDK that never answers ends at the router's timeout, not in a hang")
    func sdkNeverAnswers() async throws {
        let sdk = SDKStandIn(.never)
        let harness = Harness { $0.setDelegate(ForwardingDelegate(sdk: sdk), for: .cordial) }
        let router = harness.router
        let payload = try Payloads.payload(Payloads.cordial)
        let event = await advancing(harness.clock, by: .seconds(5)) {
            await router.routeForegroundDelivery(of: payload)
        }
        #expect(event.outcome == .timedOut)
        #expect(event.presentation == [])
        #expect(event.duration == .seconds(5))
    }

    @Test("Cancellation ends the wait at once")
    func cancellation() async {
        let task = Task {
            try await withVendorCompletionHandler { (_: @escaping @Sendable (Int) -> Void) in }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("An error thrown before the handler is called is the answer")
    func bodyThrows() async {
        await #expect(throws: DelegateFailure.self) {
            try await withVendorCompletionHandler { (_: @escaping @Sendable (Int) -> Void) in throw DelegateFailure() }
        }
        // After the handler: the SDK's answer stands.
        let answer = try? await withVendorCompletionHandler { (done: @escaping @Sendable (Int) -> Void) in
            done(7)
            throw DelegateFailure()
        }
        #expect(answer == 7)
    }

    @Test("A push the SDK would ignore says so, so the delegate never waits for a handler that won't come")
    func ignoredPush() throws {
        let attribution = """
            {"aps": {"alert": "x"}, "system": {"messageAttribution": {"mcID": "m-1"}}}
            """
        let notification = try Payloads.notification(attribution)
        #expect(notification.vendor == .cordial)
        #expect(notification.vendorSDKIgnoresPush)
        #expect(try !Payloads.notification(Payloads.cordial).vendorSDKIgnoresPush)
        #expect(try !Payloads.notification(Payloads.unknown).vendorSDKIgnoresPush)
    }
}
