import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

@Suite("PushRoutingTesting")
struct TestingModuleTests {
    @Test("The recorder records every event with its notification and resolved action, and answers as told")
    func recorder() async throws {
        let recorder = RecordingPushDelegate(presentation: [.banner])
        var configuration = PushRouterConfiguration()
        configuration.setDelegate(recorder, for: .swrve)
        let router = PushRouter(configuration: configuration)
        let payload = try Payloads.payload(Payloads.swrve)

        #expect(await router.routeForegroundDelivery(of: payload).presentation == [.banner])
        recorder.presentation = [.list, .sound]
        #expect(await router.routeForegroundDelivery(of: payload).presentation == [.list, .sound])
        recorder.fetchResult = .failed
        #expect(await router.routeSilentDelivery(of: payload).fetchResult == .failed)
        await router.routeTap(on: payload, actionIdentifier: "1", userText: "typed")

        #expect(recorder.events.map(\.kind) == [.foregroundDelivery, .foregroundDelivery, .silentDelivery, .tap])
        #expect(recorder.events.last?.action == .openCampaign("77"))
        #expect(recorder.events.last?.description == "tap swrve: button 1 (open_campaign)")
        #expect(recorder.taps.first?.userText == "typed")
        #expect(recorder.foregroundDeliveries.count == 2)
        #expect(recorder.silentDeliveries.first?.messageID == "12345")

        recorder.error = DelegateFailure()
        #expect(await router.routeTap(on: payload).outcome == .failed)
        recorder.error = nil
        recorder.reset()
        #expect(recorder.events.isEmpty)
        #expect(recorder.presentation == [.list, .sound])
    }

    @Test("The recorder's delay is cooperative: a router timeout cancels it")
    func recorderDelay() async throws {
        let recorder = RecordingPushDelegate(delay: .seconds(60))
        #expect(recorder.delay == .seconds(60))
        var configuration = PushRouterConfiguration()
        configuration.setDelegate(recorder, for: .atomic)
        configuration.tapTimeout = .milliseconds(50)
        let router = PushRouter(configuration: configuration)
        let event = await router.routeTap(on: try Payloads.payload(Payloads.atomic))
        #expect(event.outcome == .timedOut)
        #expect(recorder.taps.count == 1)
    }

    @Test("The manual clock moves only when advanced, and wakes sleepers then")
    func manualClock() async throws {
        let clock = ManualClock()
        let start = clock.now
        #expect(clock.now == start)
        let sleeper = Task { try await clock.sleep(until: start.advanced(by: .seconds(10))) }
        clock.advance(by: .seconds(5))
        #expect(clock.now.offset == .seconds(5))
        // Wait for the sleeper to register, then pass its deadline.
        await clock.waitForSleepers(1)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(5))
        try await sleeper.value
        #expect(start.duration(to: clock.now) == .seconds(10))
        // A deadline already passed returns at once.
        try await clock.sleep(until: start)
    }

    @Test("waitForSleepers returns once that many tasks sleep on the clock")
    func waitForSleepers() async throws {
        let clock = ManualClock()
        await clock.waitForSleepers(0)
        let first = Task { try await clock.sleep(for: .seconds(1)) }
        let second = Task { try await clock.sleep(for: .seconds(2)) }
        await clock.waitForSleepers(2)
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .seconds(1))
        try await first.value
        #expect(clock.sleeperCount == 1)
        second.cancel()
        await #expect(throws: CancellationError.self) { try await second.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("A sleeper on the manual clock is woken by cancellation")
    func manualClockCancellation() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(3600)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
}
