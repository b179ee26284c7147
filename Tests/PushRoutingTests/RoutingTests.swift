import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

@Suite("Routing to vendor delegates")
struct RoutingTests {
    @Test(
        "Every event of every sender reaches its own delegate, and no other",
        arguments: EventKind.allCases,
        Sender.allCases
    )
    func eventReachesItsDelegateOnly(kind: EventKind, sender: Sender) async throws {
        let harness = Harness()
        let event = try await harness.route(kind, from: sender)

        #expect(event.kind == kind.kind)
        #expect(event.vendor == sender.vendor)
        #expect(event.outcome == .handled)
        let recorder = harness.recorder(for: sender)
        #expect(recorder.events.count == 1)
        #expect(recorder.events.first?.kind == kind.kind)
        #expect(recorder.events.first?.vendor == sender.vendor)
        for (other, otherRecorder) in harness.all where other != sender {
            #expect(otherRecorder.events.isEmpty, "\(other) must not see \(sender)'s push")
        }

        switch kind {
        case .silent:
            #expect(event.fetchResult == recorder.fetchResult)
            #expect(event.presentation == [])
            #expect(event.tap == nil)
        case .foreground:
            #expect(event.presentation == recorder.presentation)
            #expect(event.fetchResult == nil)
        case .tap:
            #expect(event.tap?.actionIdentifier == PushTapResolver.defaultActionIdentifier)
            #expect(recorder.taps.first?.resolution == event.tap?.resolution)
            #expect(event.tap?.resolution.isResolved == true)
        }
    }

    @Test("Silent deliveries carry each vendor's silent data")
    func silentData() async throws {
        let harness = Harness()
        for sender in [Sender.cordial, .exponea, .swrve] {
            _ = try await harness.route(.silent, from: sender)
        }
        let exponea = try #require(harness.exponea.silentDeliveries.first)
        #expect(exponea.isSilent)
        #expect(exponea.exponea?.attributes?["campaign_id"]?.stringValue == "c-silent")
        let swrve = try #require(harness.swrve.silentDeliveries.first)
        #expect(swrve.isSilent)
        #expect(swrve.swrve?.silentPayload?["refresh"]?.stringValue == "inbox")
        let cordial = try #require(harness.cordial.silentDeliveries.first)
        #expect(cordial.isSilent)
        #expect(cordial.cordial?.hasInboxMessage == true)
    }

    @Test("The platform's event is reported as is: a visible push delivered in the background is a silent delivery")
    func visiblePushInBackground() async throws {
        let harness = Harness()
        let event = try await harness.route(.silent, from: .atomic)
        #expect(event.outcome == .handled)
        #expect(harness.atomic.silentDeliveries.first?.isSilent == false)
    }

    @Test("Taps reach the delegate with the resolved action and the typed text")
    func tapDetails() async throws {
        let harness = Harness()
        let event = await harness.router.routeTap(
            on: try Payloads.payload(Payloads.exponea),
            actionIdentifier: "EXPONEA_ACTION_BROWSER_1",
            userText: "see you there"
        )
        let tap = try #require(harness.exponea.taps.first)
        #expect(tap.action == .openURL("https://example.com/sale"))
        #expect(tap.userText == "see you there")
        #expect(tap.actionIdentifier == "EXPONEA_ACTION_BROWSER_1")
        #expect(tap.notification.exponea?.campaignID == "5db9ab54b073dfb424ccfa6f")
        #expect(event.tap?.resolution == tap.resolution)
    }

    @Test("An unresolvable tap still reaches the delegate, with the identifier and the reason")
    func unresolvedTapIsDelivered() async throws {
        let harness = Harness()
        let event = try await harness.route(.tap, from: .swrve, actionIdentifier: "9")
        #expect(event.outcome == .handled)
        #expect(harness.swrve.taps.first?.resolution == .unresolved(actionIdentifier: "9", reason: .indexOutOfRange))
    }

    // Cordial's content extension answers next/previous with `.doNotDismiss`
    // (`CordialNotificationContentExtension.didReceive`), so the app never sees them.
    @Test("A Cordial carousel step stays with the content extension; an Atomic card reaches its delegate")
    func carouselAndCard() async throws {
        let harness = Harness()
        let step = try await harness.route(
            .tap,
            from: .cordial,
            actionIdentifier: "carouselNotificationCategory.previous"
        )
        _ = try await harness.route(.tap, from: .atomic)
        #expect(step.outcome == .handledByContentExtension)
        #expect(step.tap?.resolution == .carousel(.previous))
        #expect(harness.cordial.taps.isEmpty)
        guard case .card(let card)? = harness.atomic.taps.first?.resolution else {
            Issue.record("expected a card")
            return
        }
        #expect(card.containerID == "1234")
    }

    @Test("An unrecognised push goes to the fallback and to no vendor delegate", arguments: EventKind.allCases)
    func unrecognisedGoesToFallback(kind: EventKind) async throws {
        let harness = Harness()
        let event = try await harness.route(kind, from: .unknown)
        #expect(event.vendor == nil)
        #expect(event.outcome == .handled)
        #expect(harness.fallback.events.count == 1)
        for sender in [Sender.cordial, .exponea, .swrve, .atomic] {
            #expect(harness.recorder(for: sender).events.isEmpty)
        }
    }

    @Test("An unrecognised push without a fallback has no delegate", arguments: EventKind.allCases)
    func unrecognisedWithoutFallback(kind: EventKind) async throws {
        let harness = Harness(fallback: false)
        let event = try await harness.route(kind, from: .unknown)
        #expect(event.outcome == .noDelegate)
        #expect(harness.all.values.allSatisfy { $0.events.isEmpty })
        switch kind {
        case .silent: #expect(event.fetchResult == .noData)
        case .foreground: #expect(event.presentation == [])
        case .tap: #expect(event.tap != nil)
        }
    }

    @Test(
        "A recognised vendor without a delegate is reported, never handed to the fallback or another vendor",
        arguments: EventKind.allCases
    )
    func recognisedWithoutDelegate(kind: EventKind) async throws {
        let harness = Harness { $0.removeDelegate(for: .swrve) }
        let event = try await harness.route(kind, from: .swrve)
        #expect(event.vendor == .swrve)
        #expect(event.outcome == .noDelegate)
        #expect(harness.all.values.allSatisfy { $0.events.isEmpty })
        if kind == .silent { #expect(event.fetchResult == .noData) }
    }

    @Test("A push with several vendors' markers goes to the winner's delegate only")
    func ambiguousPush() async throws {
        let harness = Harness()
        let event = await harness.router.routeForegroundDelivery(of: try Payloads.payload(Payloads.exponeaAndCordial))
        #expect(event.vendor == .exponea)
        #expect(event.notification.alsoMatching == [.cordial])
        #expect(harness.exponea.events.count == 1)
        #expect(harness.cordial.events.isEmpty)
    }

    @Test("A vendor added through a custom decoder gets its own delegate", arguments: EventKind.allCases)
    func customVendor(kind: EventKind) async throws {
        let acme = RecordingPushDelegate(presentation: [.sound])
        let harness = Harness { $0.register(AcmeDecoder(), delegate: acme) }
        let payload = try Payloads.payload(Payloads.acme)
        let event: PushRoutedEvent
        switch kind {
        case .silent: event = await harness.router.routeSilentDelivery(of: payload)
        case .foreground: event = await harness.router.routeForegroundDelivery(of: payload)
        case .tap: event = await harness.router.routeTap(on: payload, actionIdentifier: "ACME_REPLY")
        }
        #expect(event.vendor == AcmeDecoder.vendor)
        #expect(event.outcome == .handled)
        #expect(acme.events.count == 1)
        #expect(harness.all.values.allSatisfy { $0.events.isEmpty })
        if kind == .tap {
            #expect(
                acme.taps.first?.resolution
                    == .button(PushButton(title: "Reply", actionIdentifier: "ACME_REPLY", action: .openApp), index: 0)
            )
        }
    }

    @Test("A delegate for a vendor the registry lacks is never called")
    func delegateWithoutDecoder() async throws {
        let acme = RecordingPushDelegate()
        let harness = Harness { $0.setDelegate(acme, for: AcmeDecoder.vendor) }
        let event = await harness.router.routeTap(on: try Payloads.payload(Payloads.acme))
        #expect(event.vendor == nil)
        #expect(acme.events.isEmpty)
        #expect(harness.fallback.events.count == 1)
    }

    @Test("Delegates implement only what they need; the defaults answer nothing")
    func defaultImplementations() async throws {
        struct TapsOnly: PushRouterDelegate {
            let taps: RecordingPushDelegate
            func didTapPush(_ tap: PushTap) async throws { try await taps.didTapPush(tap) }
        }
        let recorder = RecordingPushDelegate()
        var configuration = PushRouterConfiguration()
        configuration.setDelegate(TapsOnly(taps: recorder), for: .swrve)
        let router = PushRouter(configuration: configuration)
        let payload = try Payloads.payload(Payloads.swrve)

        let silent = await router.routeSilentDelivery(of: payload)
        let foreground = await router.routeForegroundDelivery(of: payload)
        let tap = await router.routeTap(on: payload, actionIdentifier: "1")
        #expect(silent.outcome == .handled && silent.fetchResult == .noData)
        #expect(foreground.outcome == .handled && foreground.presentation == [])
        #expect(tap.outcome == .handled)
        #expect(recorder.taps.map(\.resolution.action) == [.openCampaign("77")])
    }

    @Test("Configuration: delegates are replaced, looked up and removed")
    func configuration() {
        var configuration = PushRouterConfiguration()
        let first = RecordingPushDelegate()
        let second = RecordingPushDelegate()
        configuration.setDelegate(first, for: .cordial)
        configuration.setDelegate(second, for: .cordial)
        #expect(configuration.delegates.count == 1)
        #expect(configuration.delegate(for: .cordial) as? RecordingPushDelegate === second)
        configuration.removeDelegate(for: .cordial)
        #expect(configuration.delegate(for: .cordial) == nil)
        #expect(configuration.silentDeliveryTimeout == .seconds(25))
        #expect(configuration.foregroundDeliveryTimeout == .seconds(5))
        #expect(configuration.duplicateGuard == nil)
        #expect(configuration.registry.vendors == PushDecoderRegistry.standard.vendors)
    }

    @Test("Events describe themselves in one line")
    func eventDescription() async throws {
        let harness = Harness()
        let event = try await harness.route(.tap, from: .swrve, actionIdentifier: "0")
        #expect(event.description == "tap swrve handled: button 0 (open_url)")
        let foreground = try await harness.route(.foreground, from: .unknown)
        #expect(foreground.description == "foreground_delivery unknown handled: [badge]")
    }
}
