import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

/// The other senders of the extended registry reach the fallback delegate, named; the four vendors, and any
/// vendor the configuration names, never do.
@Suite("Routing the other senders")
struct OtherSendersRoutingTests {
    /// A visible APNs push of each other sender.
    static let pushes: [(PushVendor, String)] = [
        (.customerio, #"{"aps":{"alert":"Invoice due"},"CIO-Delivery-ID":"d-1","CIO-Delivery-Token":"t"}"#),
        (.iterable, #"{"aps":{"alert":"Box"},"itbl":{"isGhostPush":false,"templateId":1,"messageId":"m-1"}}"#),
        (.braze, #"{"aps":{"alert":"Streak"},"ab":{"c":"x"}}"#),
        (.onesignal, #"{"aps":{"alert":"Sale"},"custom":{"i":"n-1","u":"https://s.example"}}"#),
        (.batch, #"{"aps":{"alert":"Practice"},"com.batch":{"i":"b-1"}}"#),
        (.adobe, #"{"aps":{"alert":"Points"},"_xdm":{"cjm":{}}}"#),
        (.airship, #"{"aps":{"alert":"Gate"},"_":"s-1"}"#),
        (.leanplum, #"{"aps":{"alert":"Lesson"},"_lpm":"5123"}"#),
        (.pushwoosh, #"{"aps":{"alert":"Final"},"pw_msg":"1","p":"h-1"}"#),
        (.klaviyo, #"{"aps":{"alert":"Arrivals"},"body":{"_k":{"c":"x"}}}"#),
        (.expo, #"{"aps":{"alert":"Courier"},"experienceId":"@o/app","scopeKey":"@o/app"}"#),
        (.clevertap, #"{"aps":{"alert":"Cart"},"wzrk_id":"1"}"#),
        (.firebase, #"{"aps":{"alert":"Welcome"},"gcm.message_id":"17","google.c.a.e":"1"}"#),
    ]

    /// Every other sender: each has an APNs rule.
    static let senders: [PushVendor] = pushes.map(\.0)

    static func push(_ vendor: PushVendor) throws -> PushPayload {
        try PushPayload(jsonString: try #require(pushes.first { $0.0 == vendor }).1)
    }

    /// An Android (FCM data) push of another sender.
    static let brazeAndroid = #"{"_ab":"true","t":"Streak","a":"Keep it going"}"#

    /// A router with the extended registry, delegates for the four vendors and a recording fallback.
    static func extendedHarness(configure: (inout PushRouterConfiguration) -> Void = { _ in }) -> Harness {
        Harness { configuration in
            configuration.registry = .extended
            configure(&configuration)
        }
    }

    @Test(
        "every event of another sender reaches the fallback, with the sender named",
        arguments: EventKind.allCases,
        senders
    )
    func reachesFallback(kind: EventKind, vendor: PushVendor) async throws {
        let harness = Self.extendedHarness()
        let payload = try Self.push(vendor)
        let event: PushRoutedEvent
        switch kind {
        case .silent: event = await harness.router.routeSilentDelivery(of: payload)
        case .foreground: event = await harness.router.routeForegroundDelivery(of: payload)
        case .tap: event = await harness.router.routeTap(on: payload)
        }
        #expect(event.vendor == vendor)
        #expect(event.outcome == .handled)
        #expect(harness.fallback.events.count == 1)
        #expect(harness.fallback.events.first?.vendor == vendor)
        for sender in [Sender.cordial, .exponea, .swrve, .atomic] {
            #expect(harness.recorder(for: sender).events.isEmpty, "\(sender) must not see a \(vendor) push")
        }
    }

    @Test("another sender's Android push reaches the fallback too")
    func android() async throws {
        let harness = Self.extendedHarness()
        let payload = try PushPayload(jsonString: Self.brazeAndroid)
        let event = await harness.router.routeForegroundDelivery(of: payload)
        #expect(event.vendor == .braze)
        #expect(harness.fallback.foregroundDeliveries.first?.vendor == .braze)
    }

    @Test("the default fallback vendors are the other senders; the four vendors are not among them")
    func defaults() {
        let configuration = PushRouterConfiguration()
        #expect(configuration.fallbackVendors == Set(PushVendor.otherSenders))
        for vendor in PushDecoderRegistry.standard.vendors { #expect(!configuration.fallbackVendors.contains(vendor)) }
    }

    @Test("one of the four vendors without a delegate is still noDelegate under the extended registry")
    func fourVendorsKeepNoDelegate() async throws {
        let harness = Self.extendedHarness { $0.removeDelegate(for: .cordial) }
        let event = await harness.router.routeTap(on: try Payloads.payload(Payloads.cordial))
        #expect(event.vendor == .cordial)
        #expect(event.outcome == .noDelegate)
        #expect(harness.fallback.events.isEmpty)
    }

    @Test("the four vendors win over another sender's marker, and their delegate gets the push")
    func fourVendorsWin() async throws {
        let harness = Self.extendedHarness()
        let json = #"{"aps":{"alert":"Both"},"source":"xnpe_platform","ab":{"c":"x"},"action":"app"}"#
        let event = await harness.router.routeForegroundDelivery(of: try PushPayload(jsonString: json))
        #expect(event.vendor == .exponea)
        #expect(event.notification.alsoMatching == [.braze])
        #expect(harness.exponea.events.count == 1)
        #expect(harness.fallback.events.isEmpty)
    }

    @Test("a sender the configuration names gets its own delegate, and after removeDelegate nobody")
    func namedSender() async throws {
        let braze = RecordingPushDelegate(presentation: [.banner])
        let harness = Self.extendedHarness { $0.setDelegate(braze, for: .braze) }
        #expect(!harness.router.configuration.fallbackVendors.contains(.braze))
        let handled = await harness.router.routeForegroundDelivery(of: try Self.push(.braze))
        #expect(handled.outcome == .handled)
        #expect(braze.events.count == 1)
        #expect(harness.fallback.events.isEmpty)

        let removed = Self.extendedHarness {
            $0.setDelegate(braze, for: .braze)
            $0.removeDelegate(for: .braze)
        }
        let event = await removed.router.routeForegroundDelivery(of: try Self.push(.braze))
        #expect(event.outcome == .noDelegate)
        #expect(removed.fallback.events.isEmpty)
    }

    @Test("the fallback vendors are configurable: out of the set is noDelegate, a custom vendor can join it")
    func configurable() async throws {
        let harness = Self.extendedHarness { configuration in
            configuration.fallbackVendors.remove(.braze)
            configuration.registry.register(AcmeDecoder())
            configuration.fallbackVendors.insert(AcmeDecoder.vendor)
        }
        let braze = await harness.router.routeSilentDelivery(of: try Self.push(.braze))
        #expect(braze.vendor == .braze)
        #expect(braze.outcome == .noDelegate)
        let acme = await harness.router.routeTap(on: try Payloads.payload(Payloads.acme))
        #expect(acme.vendor == AcmeDecoder.vendor)
        #expect(acme.outcome == .handled)
        #expect(harness.fallback.events.map(\.vendor) == [AcmeDecoder.vendor])
    }

    @Test("register(_:delegate:) names the vendor: it leaves the fallback vendors")
    func registerNames() {
        var configuration = PushRouterConfiguration(registry: .extended)
        configuration.fallbackVendors.insert(AcmeDecoder.vendor)
        configuration.register(AcmeDecoder(), delegate: RecordingPushDelegate())
        #expect(!configuration.fallbackVendors.contains(AcmeDecoder.vendor))
    }

    @Test("without a fallback delegate another sender's push is noDelegate")
    func noFallback() async throws {
        let harness = Harness(fallback: false) { $0.registry = .extended }
        let event = await harness.router.routeSilentDelivery(of: try Self.push(.onesignal))
        #expect(event.vendor == .onesignal)
        #expect(event.outcome == .noDelegate)
        #expect(event.fetchResult == .noData)
    }

    @Test("with the standard registry the same push reaches the fallback unrecognised")
    func standardRegistry() async throws {
        let harness = Harness()
        let event = await harness.router.routeForegroundDelivery(of: try Self.push(.braze))
        #expect(event.vendor == nil)
        #expect(event.outcome == .handled)
        #expect(harness.fallback.events.first?.vendor == nil)
    }

    @Test("a tap on another sender's push resolves its default action for the fallback")
    func tapAction() async throws {
        let harness = Self.extendedHarness()
        let event = await harness.router.routeTap(on: try Self.push(.onesignal))
        #expect(event.tap?.action == .openURL("https://s.example"))
        #expect(harness.fallback.taps.first?.notification.messageID == "n-1")
    }
}
