public import PushPayloads
public import PushRouting

/// A delegate and presentation observer that records every event it receives and answers with canned values, so tests
/// can assert on what a router did.
///
/// ```swift
/// let exponea = RecordingPushDelegate(presentation: [.banner, .sound])
/// var configuration = PushRouterConfiguration()
/// configuration.setDelegate(exponea, for: .exponea)
/// let router = PushRouter(configuration: configuration)
///
/// await router.routeTap(on: payload, actionIdentifier: "EXPONEA_ACTION_APP_0")
/// #expect(exponea.taps.first?.resolution.action?.kind == .openApp)
/// ```
///
/// It is safe to share between tasks: every record and answer is kept under a lock. Set ``error`` to make it throw, or
/// ``delay`` to make it slow (it sleeps cooperatively, so a router's timeout cancels it).
public final class RecordingPushDelegate: PushRouterDelegate, PushPresentationObserver, Sendable {
    private struct State: Sendable {
        var events: [RecordedPushEvent] = []
        var deviceTokens: [PushDeviceToken] = []
        var expiredRequests = 0
        var presentation: PushPresentation
        var fetchResult: PushFetchResult
        var error: (any Error)?
        var delay: Duration?
    }

    private let state: LockedValue<State>

    /// Creates a recorder with the answers it gives (see ``presentation``, ``fetchResult``, ``error`` and ``delay``).
    public init(
        presentation: PushPresentation = [],
        fetchResult: PushFetchResult = .newData,
        error: (any Error)? = nil,
        delay: Duration? = nil
    ) {
        state = LockedValue(State(presentation: presentation, fetchResult: fetchResult, error: error, delay: delay))
    }

    /// Every event received, in order of arrival.
    public var events: [RecordedPushEvent] { state.withLock { $0.events } }

    /// The notifications of the silent deliveries received.
    public var silentDeliveries: [PushNotification] { events(.silentDelivery).map(\.notification) }

    /// The notifications of the foreground deliveries received.
    public var foregroundDeliveries: [PushNotification] { events(.foregroundDelivery).map(\.notification) }

    /// The taps received.
    public var taps: [PushTap] { events(.tap).compactMap(\.tap) }

    /// The notifications of the service extension requests received.
    public var serviceExtensionRequests: [PushNotification] { events(.serviceExtension).map(\.notification) }

    /// The device tokens received, in order.
    public var deviceTokens: [PushDeviceToken] { state.withLock { $0.deviceTokens } }

    /// How many times a service extension request was about to run out of time.
    public var expiredServiceExtensionRequests: Int { state.withLock { $0.expiredRequests } }

    /// The answer to foreground deliveries.
    public var presentation: PushPresentation {
        get { state.withLock { $0.presentation } }
        set { state.withLock { $0.presentation = newValue } }
    }

    /// The answer to silent deliveries.
    public var fetchResult: PushFetchResult {
        get { state.withLock { $0.fetchResult } }
        set { state.withLock { $0.fetchResult = newValue } }
    }

    /// When set, every event is recorded and then answered by throwing this error.
    public var error: (any Error)? {
        get { state.withLock { $0.error } }
        set { state.withLock { $0.error = newValue } }
    }

    /// When set, every event is recorded and then answered after this long.
    public var delay: Duration? {
        get { state.withLock { $0.delay } }
        set { state.withLock { $0.delay = newValue } }
    }

    /// Forgets the events received so far; the answers stay.
    public func reset() {
        state.withLock { state in
            state.events.removeAll()
            state.deviceTokens.removeAll()
            state.expiredRequests = 0
        }
    }

    /// Records a silent delivery with its origin and answers ``fetchResult``.
    public func didReceiveSilentPush(
        _ notification: PushNotification,
        origin: PushOrigin
    ) async throws -> PushFetchResult {
        try await record(RecordedPushEvent(kind: .silentDelivery, notification: notification, origin: origin))
            .fetchResult
    }

    /// Records a foreground delivery with its origin and answers ``presentation``.
    public func willPresentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushPresentation {
        try await record(RecordedPushEvent(kind: .foregroundDelivery, notification: notification, origin: origin))
            .presentation
    }

    /// Records the token.
    public func didRegisterDeviceToken(_ token: PushDeviceToken) async throws {
        _ = try await record { $0.deviceTokens.append(token) }
    }

    /// Records a service extension request and delivers nothing, so the router shows the original content.
    public func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
        _ = try await record(
            RecordedPushEvent(kind: .serviceExtension, notification: request.notification, origin: request.origin)
        )
    }

    /// Counts the expiry.
    public func serviceExtensionTimeWillExpire(_ request: PushServiceExtensionRequest) {
        state.withLock { $0.expiredRequests += 1 }
    }

    /// Records a tap.
    public func didTapPush(_ tap: PushTap) async throws {
        _ = try await record(RecordedPushEvent(kind: .tap, notification: tap.notification, tap: tap))
    }

    /// Records a foreground delivery, as an observer, and answers ``presentation``.
    public func presentation(for notification: PushNotification) async throws -> PushPresentation {
        try await record(RecordedPushEvent(kind: .foregroundDelivery, notification: notification)).presentation
    }

    private func events(_ kind: PushRoutedEvent.Kind) -> [RecordedPushEvent] {
        events.filter { $0.kind == kind }
    }

    private func record(_ event: RecordedPushEvent) async throws -> State {
        try await record { $0.events.append(event) }
    }

    /// Records what `change` adds and returns the answers in force when it arrived, after the delay, or throws.
    private func record(_ change: (inout State) -> Void) async throws -> State {
        let answers = state.withLock { state in
            change(&state)
            return state
        }
        if let delay = answers.delay { try await Task.sleep(for: delay) }
        if let error = answers.error { throw error }
        return answers
    }
}
