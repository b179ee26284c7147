import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

@Suite("Concurrent use")
struct ConcurrencyTests {
    @Test("One router, many tasks: every event reaches its delegate exactly once")
    func manyTasks() async throws {
        let observer = RecordingPushDelegate(presentation: [.list])
        let harness = Harness {
            $0.addPresentationObserver(observer)
            // Room for every event: the stream is read only once all of them are routed.
            $0.eventBufferSize = 1_000
        }
        let router = harness.router
        let stream = router.events()
        let rounds = 20
        let cases = EventKind.allCases.flatMap { kind in Sender.allCases.map { (kind, $0) } }

        try await withThrowingTaskGroup(of: PushRoutedEvent.self) { group in
            for _ in 0..<rounds {
                for (kind, sender) in cases {
                    let copy = harness  // the router and its recorders are shared values
                    group.addTask { try await copy.route(kind, from: sender) }
                }
            }
            for try await event in group { #expect(event.outcome == .handled) }
        }

        for sender in Sender.allCases {
            let recorder = harness.recorder(for: sender)
            #expect(recorder.events.count == rounds * EventKind.allCases.count, "\(sender)")
            #expect(recorder.events.allSatisfy { $0.vendor == sender.vendor })
            #expect(recorder.silentDeliveries.count == rounds)
            #expect(recorder.taps.count == rounds)
        }
        #expect(observer.events.count == rounds * Sender.allCases.count)

        var streamed = 0
        for await _ in stream {
            streamed += 1
            if streamed == rounds * cases.count { break }
        }
        #expect(streamed == rounds * cases.count)
    }

    @Test("The tap resolver and the configuration are plain values, safe to share")
    func sharedResolver() async throws {
        let resolver = PushTapResolver()
        let notification = try Payloads.notification(Payloads.exponea)
        let resolutions = await withTaskGroup(of: PushTapResolution.self) { group in
            for index in 0..<100 {
                group.addTask {
                    resolver.resolve(actionIdentifier: "EXPONEA_ACTION_APP_\(index % 4)", for: notification)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(resolutions.filter(\.isResolved).count == 75)
    }
}
