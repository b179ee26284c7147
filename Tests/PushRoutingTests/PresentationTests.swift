import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

@Suite("Foreground presentation")
struct PresentationTests {
    struct FailingObserver: PushPresentationObserver {
        func presentation(for notification: PushNotification) async throws -> PushPresentation {
            throw DelegateFailure()
        }
    }

    @Test("The delegate's and every observer's answers are merged")
    func union() async throws {
        let first = RecordingPushDelegate(presentation: [.sound])
        let second = RecordingPushDelegate(presentation: [.list, .sound])
        let harness = Harness {
            $0.addPresentationObserver(first)
            $0.addPresentationObserver(second)
        }
        let event = try await harness.route(.foreground, from: .swrve)
        #expect(event.presentation == [.list, .sound])
        #expect(event.outcome == .handled)
        let exponea = try await harness.route(.foreground, from: .exponea)
        #expect(exponea.presentation == [.banner, .sound, .list])
        #expect(first.foregroundDeliveries.map(\.vendor) == [.swrve, .exponea])
        #expect(second.foregroundDeliveries.count == 2)
    }

    @Test("Observers see every foreground push, recognised or not, and nothing else")
    func observersSeeEveryForegroundPush() async throws {
        let observer = RecordingPushDelegate(presentation: [.list])
        let harness = Harness { $0.addPresentationObserver(observer) }
        for sender in Sender.allCases {
            _ = try await harness.route(.foreground, from: sender)
            _ = try await harness.route(.silent, from: sender)
            _ = try await harness.route(.tap, from: sender)
        }
        #expect(observer.events.count == Sender.allCases.count)
        #expect(observer.events.allSatisfy { $0.kind == .foregroundDelivery })
        #expect(Set(observer.events.map(\.vendor)) == Set(Sender.allCases.map(\.vendor)))
    }

    @Test("A failing observer adds nothing; the others still count")
    func failingObserver() async throws {
        let harness = Harness {
            $0.addPresentationObserver(FailingObserver())
            $0.addPresentationObserver(RecordingPushDelegate(presentation: [.badge]))
        }
        let event = try await harness.route(.foreground, from: .cordial)
        #expect(event.outcome == .handled)
        #expect(event.presentation == [.banner, .list, .badge])
    }

    @Test("A hanging observer adds nothing once the timeout passes")
    func hangingObserver() async throws {
        let hanging = HangingDelegate()
        let harness = Harness {
            $0.addPresentationObserver(hanging)
            // The real clock: the delegate answers at once and the hanging observer must be cut off by a
            // timer that nobody drives.
            $0.clock = ContinuousClock()
            $0.foregroundDeliveryTimeout = .milliseconds(100)
        }
        let event = try await harness.route(.foreground, from: .atomic)
        hanging.release()
        #expect(event.outcome == .handled)
        #expect(event.presentation == [.banner])
    }

    @Test("A hanging delegate times out, and the observers' answers are presented")
    func hangingDelegateWithObserver() async throws {
        let hanging = HangingDelegate()
        var configuration = PushRouterConfiguration()
        configuration.setDelegate(hanging, for: .cordial)
        configuration.addPresentationObserver(RecordingPushDelegate(presentation: [.list]))
        configuration.foregroundDeliveryTimeout = .milliseconds(100)
        let router = PushRouter(configuration: configuration)
        let completion = CompletionRecorder<PushPresentation>()
        router.routeForegroundDelivery(
            of: try Payloads.payload(Payloads.cordial),
            completionHandler: completion.handler
        )
        #expect(await completion.first() == [.list])
        hanging.release()
        #expect(await eventually { hanging.finished == 1 })
        #expect(completion.values == [[.list]])
    }

    @Test("A vendor without a delegate is presented as the observers ask")
    func observersWithoutDelegate() async throws {
        let harness = Harness {
            $0.removeDelegate(for: .exponea)
            $0.addPresentationObserver(RecordingPushDelegate(presentation: [.banner, .list]))
        }
        let event = try await harness.route(.foreground, from: .exponea)
        #expect(event.outcome == .noDelegate)
        #expect(event.presentation == [.banner, .list])
        #expect(harness.fallback.events.isEmpty)
    }

    @Test("Presentation is an option set with readable names")
    func presentationValues() {
        #expect(PushPresentation.all == [.banner, .list, .sound, .badge])
        #expect(PushPresentation([.banner, .sound]).description == "[banner, sound]")
        #expect(PushPresentation().description == "[]")
        #expect(PushPresentation(rawValue: 1 << 7 | 1).description == "[badge, 0x80]")
        // The bits of UNNotificationPresentationOptions.
        #expect(PushPresentation.badge.rawValue == 1)
        #expect(PushPresentation.sound.rawValue == 2)
        #expect(PushPresentation.list.rawValue == 8)
        #expect(PushPresentation.banner.rawValue == 16)
    }
}
