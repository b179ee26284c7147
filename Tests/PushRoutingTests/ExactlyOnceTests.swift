import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

@Suite("Exactly-once answers")
struct ExactlyOnceTests {
    /// A router whose Exponea delegate is `delegate` and whose timeouts are `timeout`, on `clock` (a manual
    /// clock by default: nothing times out unless the test advances it).
    func router(
        _ delegate: any PushRouterDelegate,
        timeout: Duration = .seconds(30),
        clock: any Clock<Duration> = ManualClock()
    ) -> PushRouter {
        var configuration = PushRouterConfiguration()
        configuration.clock = clock
        configuration.setDelegate(delegate, for: .exponea)
        configuration.silentDeliveryTimeout = timeout
        configuration.foregroundDeliveryTimeout = timeout
        configuration.tapTimeout = timeout
        return PushRouter(configuration: configuration)
    }

    @Test("A throwing delegate fails the event; the answer is still given", arguments: EventKind.allCases)
    func throwingDelegate(kind: EventKind) async throws {
        let delegate = RecordingPushDelegate(presentation: .all, error: DelegateFailure())
        let router = router(delegate)
        let payload = try Payloads.payload(Payloads.exponea)
        let event: PushRoutedEvent
        switch kind {
        case .silent: event = await router.routeSilentDelivery(of: payload)
        case .foreground: event = await router.routeForegroundDelivery(of: payload)
        case .tap: event = await router.routeTap(on: payload)
        }
        #expect(event.outcome == .failed)
        #expect(event.error as? DelegateFailure == DelegateFailure())
        #expect(delegate.events.count == 1)
        switch kind {
        case .silent: #expect(event.fetchResult == .failed)
        case .foreground: #expect(event.presentation == [])
        case .tap: break
        }
    }

    @Test("Completion handlers are called once when the delegate throws")
    func completionAfterThrow() async throws {
        let delegate = RecordingPushDelegate(error: DelegateFailure())
        let router = router(delegate)
        let payload = try Payloads.payload(Payloads.exponea)

        let silent = CompletionRecorder<PushFetchResult>()
        router.routeSilentDelivery(of: payload, completionHandler: silent.handler)
        #expect(await silent.first() == .failed)

        let foreground = CompletionRecorder<PushPresentation>()
        router.routeForegroundDelivery(of: payload, completionHandler: foreground.handler)
        #expect(await foreground.first() == [])

        let tap = CompletionRecorder<Void>()
        router.routeTap(on: payload, actionIdentifier: "EXPONEA_ACTION_APP_0") { tap.handler(()) }
        await tap.first()

        #expect(await eventually { delegate.events.count == 3 })
        #expect(silent.values.count == 1)
        #expect(foreground.values.count == 1)
        #expect(tap.values.count == 1)
    }

    @Test("A delegate that never returns times out; its late answer is dropped", arguments: EventKind.allCases)
    func hangingDelegate(kind: EventKind) async throws {
        let delegate = HangingDelegate()
        let clock = ManualClock()
        let router = router(delegate, timeout: .milliseconds(50), clock: clock)
        let payload = try Payloads.payload(Payloads.exponea)

        let event: PushRoutedEvent
        switch kind {
        case .silent:
            let completion = CompletionRecorder<PushFetchResult>()
            let answer = await advancing(clock, by: .milliseconds(50)) { () async -> PushFetchResult in
                router.routeSilentDelivery(of: payload, completionHandler: completion.handler)
                return await completion.first()
            }
            #expect(answer == .failed)
            event = await advancing(clock, by: .milliseconds(50)) { await router.routeSilentDelivery(of: payload) }
            #expect(event.fetchResult == .failed)
            delegate.release()
            #expect(await eventually { delegate.finished == 2 })
            #expect(completion.values == [.failed])
        case .foreground:
            let completion = CompletionRecorder<PushPresentation>()
            let answer = await advancing(clock, by: .milliseconds(50)) { () async -> PushPresentation in
                router.routeForegroundDelivery(of: payload, completionHandler: completion.handler)
                return await completion.first()
            }
            #expect(answer == [])
            event = await advancing(clock, by: .milliseconds(50)) { await router.routeForegroundDelivery(of: payload) }
            #expect(event.presentation == [])
            delegate.release()
            #expect(await eventually { delegate.finished == 2 })
            #expect(completion.values == [[]])
        case .tap:
            let completion = CompletionRecorder<Void>()
            await advancing(clock, by: .milliseconds(50)) {
                router.routeTap(on: payload) { completion.handler(()) }
                await completion.first()
            }
            event = await advancing(clock, by: .milliseconds(50)) { await router.routeTap(on: payload) }
            delegate.release()
            #expect(await eventually { delegate.finished == 2 })
            #expect(completion.values.count == 1)
        }
        #expect(event.outcome == .timedOut)
        // Measured on the router's clock: exactly the timeout, however slow the machine.
        #expect(event.duration == .milliseconds(50))
    }

    @Test("A slow delegate that honours cancellation is cancelled at the timeout")
    func slowDelegateIsCancelled() async throws {
        let delegate = RecordingPushDelegate(delay: .seconds(60))
        let clock = ManualClock()
        let router = router(delegate, timeout: .milliseconds(50), clock: clock)
        let payload = try Payloads.payload(Payloads.exponeaSilent)
        let event = await advancing(clock, by: .milliseconds(50)) { await router.routeSilentDelivery(of: payload) }
        #expect(event.outcome == .timedOut)
        #expect(event.fetchResult == .failed)
        #expect(event.duration == .milliseconds(50))
    }

    @Test("Cancelling the routing task answers at once and cancels the delegate's work")
    func callerCancellation() async throws {
        let delegate = HangingDelegate()
        let router = router(delegate, timeout: .seconds(60))
        let payload = try Payloads.payload(Payloads.exponeaSilent)
        let task = Task { await router.routeSilentDelivery(of: payload) }
        #expect(await eventually { delegate.entered == 1 })
        task.cancel()
        let event = await task.value
        #expect(event.outcome == .cancelled)
        #expect(event.fetchResult == .failed)
        delegate.release()
        #expect(await eventually { delegate.finished == 1 })
    }

    @Test("An already cancelled task still gets exactly one answer")
    func alreadyCancelled() async throws {
        let delegate = RecordingPushDelegate(delay: .seconds(60))
        let router = router(delegate, timeout: .seconds(60))
        let payload = try Payloads.payload(Payloads.exponeaSilent)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await router.routeSilentDelivery(of: payload)
        }
        let event = await task.value
        #expect(event.outcome == .cancelled)
        #expect(event.fetchResult == .failed)
    }

    @Test("Many events with throwing and hanging delegates: every completion is called exactly once")
    func manyCompletions() async throws {
        let hanging = HangingDelegate()
        var configuration = PushRouterConfiguration()
        configuration.setDelegate(hanging, for: .swrve)
        configuration.setDelegate(RecordingPushDelegate(error: DelegateFailure()), for: .exponea)
        configuration.setDelegate(RecordingPushDelegate(fetchResult: .newData), for: .cordial)
        configuration.silentDeliveryTimeout = .milliseconds(100)
        let router = PushRouter(configuration: configuration)
        let payloads = try [
            Payloads.swrveSilent, Payloads.exponeaSilent, Payloads.cordialSilent, Payloads.unknownSilent,
        ]
        .map(Payloads.payload)

        let recorders = (0..<120).map { _ in CompletionRecorder<PushFetchResult>() }
        for (index, recorder) in recorders.enumerated() {
            router.routeSilentDelivery(of: payloads[index % payloads.count], completionHandler: recorder.handler)
        }
        var results: [PushFetchResult] = []
        for recorder in recorders { results.append(await recorder.first()) }
        hanging.release()
        #expect(await eventually { hanging.finished == 30 })
        #expect(recorders.allSatisfy { $0.values.count == 1 })
        for (index, result) in results.enumerated() {
            let expected: [PushFetchResult] = [.failed, .failed, .newData, .noData]
            #expect(result == expected[index % 4])
        }
    }
}
