import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

@Suite("Duplicate guard")
struct DuplicateGuardTests {
    func harness(window: Duration = .seconds(60), capacity: Int = 16, clock: ManualClock = ManualClock()) -> Harness {
        Harness { $0.duplicateGuard = PushDuplicateGuard(window: window, capacity: capacity, clock: clock) }
    }

    @Test("Off by default: repeats are routed", arguments: EventKind.allCases)
    func offByDefault(kind: EventKind) async throws {
        let harness = Harness()
        _ = try await harness.route(kind, from: .swrve)
        let second = try await harness.route(kind, from: .swrve)
        #expect(second.outcome == .handled)
        #expect(harness.swrve.events.count == 2)
    }

    @Test("A repeat of the same event of the same message is dropped", arguments: EventKind.allCases, Sender.allCases)
    func repeatDropped(kind: EventKind, sender: Sender) async throws {
        let harness = harness()
        let first = try await harness.route(kind, from: sender)
        let second = try await harness.route(kind, from: sender)
        #expect(first.outcome == .handled)
        if sender == .unknown {
            // No decoder, no message identity: never dropped.
            #expect(second.outcome == .handled)
            return
        }
        #expect(second.outcome == .duplicate)
        #expect(harness.recorder(for: sender).events.count == 1)
        switch kind {
        case .silent: #expect(second.fetchResult == .noData)
        case .foreground: #expect(second.presentation == [])
        case .tap: #expect(second.tap != nil)
        }
    }

    // Swrve Android `SwrvePushSidDeDuper.isDupe`: keyed by `_sid` alone; no `_sid`, no de-duplication.
    @Test("Swrve on Android: copies are repeats only when their _sid is")
    func swrveAndroidSid() async throws {
        let harness = harness()
        func route(_ json: String) async throws -> PushRoutedEvent.Outcome {
            await harness.router.routeForegroundDelivery(of: try Payloads.payload(json)).outcome
        }
        #expect(try await route(#"{"_p":"77","_sid":"A","text":"One"}"#) == .handled)
        #expect(try await route(#"{"_p":"77","_sid":"B","text":"One"}"#) == .handled)
        #expect(try await route(#"{"_p":"78","_sid":"B","text":"Two"}"#) == .duplicate)
        #expect(try await route(#"{"_p":"79","text":"Three"}"#) == .handled)
        #expect(try await route(#"{"_p":"79","text":"Three"}"#) == .handled)
        #expect(harness.swrve.events.count == 4)
    }

    // Swrve iOS `SwrvePush.handleSilentPushNotification` and `SwrveNotificationManager.canProcessEngageNotification`:
    // the `_sp` or `_p` id, with "0" exempt.
    @Test("Swrve on iOS: copies are repeats by push id, whatever their _sid")
    func swrveIOSPushID() async throws {
        let harness = harness()
        let first = try Payloads.payload(#"{"aps":{"alert":"x"},"_p":"77","_sid":"A"}"#)
        let second = try Payloads.payload(#"{"aps":{"alert":"x"},"_p":"77","_sid":"B"}"#)
        #expect(await harness.router.routeTap(on: first).outcome == .handled)
        #expect(await harness.router.routeTap(on: second).outcome == .duplicate)
    }

    @Test("Different events of one message are not repeats of each other")
    func eventsAreSeparate() async throws {
        let harness = harness()
        let payload = try Payloads.payload(Payloads.swrve)
        #expect(await harness.router.routeSilentDelivery(of: payload).outcome == .handled)
        #expect(await harness.router.routeForegroundDelivery(of: payload).outcome == .handled)
        #expect(await harness.router.routeTap(on: payload, actionIdentifier: "0").outcome == .handled)
        #expect(await harness.router.routeTap(on: payload, actionIdentifier: "1").outcome == .handled)
        #expect(await harness.router.routeTap(on: payload, actionIdentifier: "1").outcome == .duplicate)
        #expect(harness.swrve.events.count == 4)
    }

    @Test("A message is forgotten when the window has passed")
    func windowExpiry() async throws {
        let clock = ManualClock()
        let harness = harness(window: .seconds(60), clock: clock)
        #expect(try await harness.route(.tap, from: .cordial).outcome == .handled)
        clock.advance(by: .seconds(59))
        #expect(try await harness.route(.tap, from: .cordial).outcome == .duplicate)
        clock.advance(by: .seconds(1))
        #expect(try await harness.route(.tap, from: .cordial).outcome == .handled)
        // The window restarts from the event let through, not from the dropped repeat.
        clock.advance(by: .seconds(30))
        #expect(try await harness.route(.tap, from: .cordial).outcome == .duplicate)
        #expect(harness.cordial.taps.count == 2)
    }

    @Test("Memory is bounded: beyond the capacity, the oldest message is forgotten first")
    func capacity() async throws {
        let harness = harness(capacity: 2)
        func tap(_ mcID: String) async throws -> PushRoutedEvent.Outcome {
            let json = #"{"aps": {"alert": "x"}, "mcID": "\#(mcID)"}"#
            return await harness.router.routeTap(on: try Payloads.payload(json)).outcome
        }
        #expect(try await tap("a") == .handled)
        #expect(try await tap("b") == .handled)
        #expect(try await tap("c") == .handled)  // forgets a
        #expect(try await tap("c") == .duplicate)
        #expect(try await tap("b") == .duplicate)
        #expect(try await tap("a") == .handled)  // forgets b
        #expect(try await tap("b") == .handled)
    }

    @Test("A Swrve QA push (_p is \"0\") is never dropped")
    func swrveQAPush() async throws {
        let harness = harness()
        for _ in 0..<3 {
            let event = await harness.router.routeForegroundDelivery(of: try Payloads.payload(Payloads.swrveQA))
            #expect(event.outcome == .handled)
        }
        #expect(harness.swrve.foregroundDeliveries.count == 3)
    }

    @Test("Keys are per vendor: the same id from two vendors is two messages")
    func keysArePerVendor() async throws {
        let harness = harness()
        let cordial = #"{"aps": {"alert": "x"}, "mcID": "same-id"}"#
        let atomic = """
            {"aps": {"alert": "x"},
             "atomic": {"source": "io.atomic", "cardInstanceId": "same-id", "streamContainerId": "1"}}
            """
        #expect(await harness.router.routeTap(on: try Payloads.payload(cordial)).outcome == .handled)
        #expect(await harness.router.routeTap(on: try Payloads.payload(atomic)).outcome == .handled)
    }

    @Test("A duplicate foreground push asks no observer and is not presented")
    func foregroundDuplicateAsksNobody() async throws {
        let observer = RecordingPushDelegate(presentation: .all)
        let harness = Harness {
            // The guard's window on a manual clock: a slow machine can't outlast it.
            $0.duplicateGuard = PushDuplicateGuard(window: .seconds(60), clock: ManualClock())
            $0.addPresentationObserver(observer)
        }
        #expect(try await harness.route(.foreground, from: .atomic).presentation == .all)
        #expect(try await harness.route(.foreground, from: .atomic).presentation == [])
        #expect(observer.events.count == 1)
    }

    @Test("Concurrent repeats: exactly one gets through")
    func concurrentRepeats() async throws {
        let harness = harness()
        let payload = try Payloads.payload(Payloads.exponea)
        let router = harness.router
        let outcomes = await withTaskGroup(of: PushRoutedEvent.Outcome.self) { group in
            for _ in 0..<64 {
                group.addTask { await router.routeTap(on: payload, actionIdentifier: "EXPONEA_ACTION_APP_0").outcome }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == .handled }.count == 1)
        #expect(outcomes.filter { $0 == .duplicate }.count == 63)
        #expect(harness.exponea.taps.count == 1)
    }

    @Test("The standard message keys follow each vendor's SDK")
    func standardKeys() throws {
        func key(_ json: String) throws -> String? {
            PushDuplicateGuard.standardMessageKey(try Payloads.notification(json))
        }
        #expect(try key(Payloads.swrve) == "12345")
        #expect(try key(Payloads.swrveSilent) == "998")
        #expect(try key(Payloads.swrveQA) == nil)
        #expect(try key(#"{"_sp": "0"}"#) == nil)
        #expect(try key(Payloads.cordial) == "45:5ffdd4ba20c3e66cfb62ecdc:ot:5e6b9936102e517f8c04870a:1")
        #expect(try key(#"{"mcID": ""}"#) == nil)
        #expect(try key(Payloads.atomic) == "card-8f1")
        #expect(try key(Payloads.exponea) == "campaign:5db9ab54b073dfb424ccfa6f@1700000000.5")
        #expect(
            try key(#"{"source": "xnpe_platform", "notification_id": "17", "attributes": "{}"}"#)
                == "notification_id:17"
        )
        // A campaign id alone is shared by every push of the campaign: no key.
        #expect(try key(#"{"source": "xnpe_platform", "attributes": {"campaign_id": "c"}}"#) == nil)
        #expect(try key(Payloads.unknown) == nil)
        var registry = PushDecoderRegistry.standard
        registry.register(AcmeDecoder())
        #expect(
            PushDuplicateGuard.standardMessageKey(try Payloads.notification(Payloads.acme, registry: registry))
                == "a-42"
        )
    }

    @Test("A custom message key replaces the standard one")
    func customKey() async throws {
        let harness = Harness {
            $0.duplicateGuard = PushDuplicateGuard(window: .seconds(60), clock: ManualClock()) {
                $0.vendor == .swrve ? "all-swrve" : nil
            }
        }
        #expect(try await harness.route(.foreground, from: .swrve).outcome == .handled)
        #expect(
            await harness.router.routeForegroundDelivery(of: try Payloads.payload(Payloads.swrveQA)).outcome
                == .duplicate
        )
        #expect(try await harness.route(.foreground, from: .exponea).outcome == .handled)
        #expect(try await harness.route(.foreground, from: .exponea).outcome == .handled)
    }

    @Test("A zero window or capacity drops nothing")
    func degenerateSettings() async throws {
        for settings in [PushDuplicateGuard(window: .zero), PushDuplicateGuard(capacity: 0)] {
            let harness = Harness { $0.duplicateGuard = settings }
            #expect(try await harness.route(.tap, from: .atomic).outcome == .handled)
            #expect(try await harness.route(.tap, from: .atomic).outcome == .handled)
        }
    }
}
