import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

/// Payloads written inline, each shaped as the vendor's SDK sends it.
enum Payloads {
    static let cordial = """
        {"aps": {"alert": {"title": "New in", "body": "Shoes you'll like"}},
         "mcID": "45:5ffdd4ba20c3e66cfb62ecdc:ot:5e6b9936102e517f8c04870a:1",
         "deepLink": {"url": "https://shop.example/p/1", "fallbackUrl": "https://shop.example/"},
         "carousel": [{"imageURL": "https://img.example/1.png", "deepLink": "https://shop.example/1"},
                      {"imageURL": "https://img.example/2.png", "deepLink": "https://shop.example/2"}]}
        """
    static let cordialSilent = #"{"aps": {"content-available": 1}, "mcID": "45:aa:ot:bb:2", "system": {"inbox": {}}}"#
    static let cordialWithoutCarousel = #"{"aps": {"alert": "Hi"}, "mcID": "45:cc:ot:dd:3"}"#

    static let exponea = """
        {"aps": {"alert": {"title": "Sale", "body": "50% off"}, "mutable-content": 1},
         "source": "xnpe_platform", "title": "Sale", "message": "50% off today",
         "action": "deeplink", "url": "app://sale",
         "actions": [{"title": "Open app", "action": "app"},
                     {"title": "Website", "action": "browser", "url": "https://example.com/sale"},
                     {"title": "Details", "action": "deeplink", "url": "app://sale/details"}],
         "attributes": {"campaign_id": "5db9ab54b073dfb424ccfa6f", "action_id": 2, "sent_timestamp": 1700000000.5,
                        "event_type": "campaign"}}
        """
    static let exponeaSilent = """
        {"aps": {"content-available": 1}, "source": "xnpe_platform", "silent": 1,
         "attributes": {"campaign_id": "c-silent", "sent_timestamp": 1700000001}}
        """
    /// One button has a number where iOS expects strings, so its `[[String: String]]` cast drops them all.
    static let exponeaMistypedActions = """
        {"aps": {"alert": "x"}, "source": "xnpe_platform", "action": "app",
         "actions": [{"title": "Open", "action": "app"}, {"title": 2, "action": "app"}]}
        """

    static let swrve = """
        {"aps": {"alert": "Your reward is ready", "mutable-content": 1}, "_p": "12345", "_sd": "swrve://reward",
         "_sw": {"version": 1, "media": {"title": "Reward", "body": "Your reward is ready"},
                 "buttons": [{"title": "Open site", "action_type": "open_url", "action": "https://swrve.example/r"},
                             {"title": "See offer", "action_type": "open_campaign", "action": "77"},
                             {"title": "Open app", "action_type": "open_app", "action": ""},
                             {"title": "Not now", "action_type": "dismiss", "action": ""}]}}
        """
    static let swrveSilent =
        #"{"aps": {"content-available": 1}, "_sp": "998", "_s.SilentPayload": {"refresh": "inbox"}}"#
    static let swrveQA = #"{"aps": {"alert": "QA push"}, "_p": "0"}"#

    static let atomic = """
        {"aps": {"alert": {"title": "New card", "body": "You have a new card"}},
         "atomic": {"source": "io.atomic", "cardInstanceId": "card-8f1", "streamContainerId": 1234,
                    "detail": {"screen": "offers"}}}
        """

    static let unknown = #"{"aps": {"alert": "Hello from elsewhere"}, "url": "https://other.example"}"#
    static let unknownSilent = #"{"aps": {"content-available": 1}, "data": "sync"}"#

    /// Carries both Exponea's and Cordial's markers: Exponea's exact value wins.
    static let exponeaAndCordial =
        #"{"aps": {"alert": "both"}, "source": "xnpe_platform", "mcID": "m-1", "action": "app"}"#

    static let acme = #"{"aps": {"alert": "Acme"}, "acme_id": "a-42"}"#

    static func payload(_ json: String) throws -> PushPayload {
        try PushPayload(jsonString: json)
    }

    static func notification(_ json: String, registry: PushDecoderRegistry = .standard) throws -> PushNotification {
        registry.decode(try payload(json))
    }
}

/// Who sent a push: the four vendors, and someone no decoder recognises.
enum Sender: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case cordial, exponea, swrve, atomic, unknown

    var vendor: PushVendor? {
        switch self {
        case .cordial: return .cordial
        case .exponea: return .exponea
        case .swrve: return .swrve
        case .atomic: return .atomic
        case .unknown: return nil
        }
    }

    var visiblePayload: String {
        switch self {
        case .cordial: return Payloads.cordial
        case .exponea: return Payloads.exponea
        case .swrve: return Payloads.swrve
        case .atomic: return Payloads.atomic
        case .unknown: return Payloads.unknown
        }
    }

    /// The payload the platform delivers in the background. Atomic has no silent push, so its visible one
    /// stands in (a visible push with `content-available` reaches the same callback).
    var silentPayload: String {
        switch self {
        case .cordial: return Payloads.cordialSilent
        case .exponea: return Payloads.exponeaSilent
        case .swrve: return Payloads.swrveSilent
        case .atomic: return Payloads.atomic
        case .unknown: return Payloads.unknownSilent
        }
    }

    var testDescription: String { rawValue }
}

/// The three events the platform reports.
enum EventKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case silent, foreground, tap

    var kind: PushRoutedEvent.Kind {
        switch self {
        case .silent: return .silentDelivery
        case .foreground: return .foregroundDelivery
        case .tap: return .tap
        }
    }

    var testDescription: String { rawValue }
}

/// A router with a recording delegate for each of the four vendors and a recording fallback.
///
/// Its timeouts run on ``clock``, a manual clock: no delegate times out unless a test advances it, so no
/// test's outcome depends on the machine's speed.
struct Harness {
    let router: PushRouter
    let clock = ManualClock()
    let cordial = RecordingPushDelegate(presentation: [.banner, .list], fetchResult: .newData)
    let exponea = RecordingPushDelegate(presentation: [.banner, .sound], fetchResult: .newData)
    let swrve = RecordingPushDelegate(presentation: [.list], fetchResult: .newData)
    let atomic = RecordingPushDelegate(presentation: [.banner], fetchResult: .noData)
    let fallback = RecordingPushDelegate(presentation: [.badge], fetchResult: .noData)

    init(fallback includeFallback: Bool = true, configure: (inout PushRouterConfiguration) -> Void = { _ in }) {
        var configuration = PushRouterConfiguration()
        configuration.setDelegate(cordial, for: .cordial)
        configuration.setDelegate(exponea, for: .exponea)
        configuration.setDelegate(swrve, for: .swrve)
        configuration.setDelegate(atomic, for: .atomic)
        if includeFallback { configuration.fallbackDelegate = fallback }
        configuration.clock = clock
        configure(&configuration)
        router = PushRouter(configuration: configuration)
    }

    func recorder(for sender: Sender) -> RecordingPushDelegate {
        switch sender {
        case .cordial: return cordial
        case .exponea: return exponea
        case .swrve: return swrve
        case .atomic: return atomic
        case .unknown: return fallback
        }
    }

    var all: [Sender: RecordingPushDelegate] {
        Dictionary(uniqueKeysWithValues: Sender.allCases.map { ($0, recorder(for: $0)) })
    }

    /// Routes `kind` for `sender`'s payload: the silent payload for silent delivery, the visible one otherwise.
    func route(
        _ kind: EventKind,
        from sender: Sender,
        actionIdentifier: String = PushTapResolver.defaultActionIdentifier
    )
        async throws -> PushRoutedEvent
    {
        switch kind {
        case .silent: return await router.routeSilentDelivery(of: try Payloads.payload(sender.silentPayload))
        case .foreground: return await router.routeForegroundDelivery(of: try Payloads.payload(sender.visiblePayload))
        case .tap:
            return await router.routeTap(
                on: try Payloads.payload(sender.visiblePayload),
                actionIdentifier: actionIdentifier
            )
        }
    }
}

/// A decoder for a fifth sender, as an app would add one.
struct AcmeDecoder: PushPayloadDecoder {
    static let vendor = PushVendor(name: "acme")
    var vendor: PushVendor { Self.vendor }

    func match(_ payload: PushPayload) -> PushMatch? {
        payload["acme_id"]?.kind == .string ? PushMatch(payload, marker: PushMarker(name: "acme")) : nil
    }

    func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        notification.messageID = match.payload["acme_id"]?.stringValue
        notification.buttons = [
            PushButton(title: "Reply", actionIdentifier: "ACME_REPLY", action: .openApp),
            PushButton(title: "Track", actionIdentifier: "ACME_TRACK", action: .openURL("https://acme.example/track")),
        ]
    }
}

struct DelegateFailure: Error, Equatable {
    var message = "delegate failed"
}

/// A delegate and observer that never answers until released, and ignores cancellation meanwhile: the
/// worst case the router's timeouts exist for.
final class HangingDelegate: PushRouterDelegate, PushPresentationObserver {
    private struct State {
        var entered = 0
        var finished = 0
        var released = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())

    var entered: Int { state.withLock { $0.entered } }
    var finished: Int { state.withLock { $0.finished } }

    /// Lets every present and future call return.
    func release() {
        let waiters = state.withLock { state in
            state.released = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func hang() async {
        await withCheckedContinuation { continuation in
            let released = state.withLock { state in
                state.entered += 1
                if !state.released { state.waiters.append(continuation) }
                return state.released
            }
            if released { continuation.resume() }
        }
        state.withLock { $0.finished += 1 }
    }

    func didReceiveSilentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushFetchResult {
        await hang()
        return .newData
    }

    func willPresentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushPresentation {
        await hang()
        return .all
    }

    func didTapPush(_ tap: PushTap) async throws { await hang() }

    func didRegisterDeviceToken(_ token: PushDeviceToken) async throws { await hang() }

    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws { await hang() }

    func presentation(for notification: PushNotification) async throws -> PushPresentation {
        await hang()
        return .all
    }
}

/// Counts calls of a completion handler and lets a test wait for the first.
final class CompletionRecorder<Value: Sendable>: Sendable {
    private struct State {
        var values: [Value] = []
        var waiter: CheckedContinuation<Value, Never>?
    }

    private let state = LockedValue(State())

    var values: [Value] { state.withLock { $0.values } }

    /// The handler to hand to the router.
    var handler: @Sendable (Value) -> Void {
        { value in
            let waiter = self.state.withLock { state in
                state.values.append(value)
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: value)
        }
    }

    /// The first value the handler was called with, waiting for it if need be.
    func first() async -> Value {
        await withCheckedContinuation { continuation in
            let value = state.withLock { state -> Value? in
                if let first = state.values.first { return first }
                state.waiter = continuation
                return nil
            }
            if let value { continuation.resume(returning: value) }
        }
    }
}

/// Polls `condition` until it holds or about two seconds pass; for state that other tasks settle.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<200 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// Runs `route` in its own task, waits until `sleepers` tasks sleep on `clock` (the router's timeouts),
/// advances the clock by `step`, and returns what `route` returned: a timeout driven by the test, not by
/// the machine's speed.
func advancing<Result: Sendable>(
    _ clock: ManualClock,
    by step: Duration,
    sleepers: Int = 1,
    _ route: @escaping @Sendable () async -> Result
) async -> Result {
    let task = Task { await route() }
    await clock.waitForSleepers(sleepers)
    clock.advance(by: step)
    return await task.value
}
