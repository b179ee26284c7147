import Logging
public import PushPayloads

/// Routes the push events of an app (or of a service that handles captured payloads) to one delegate per vendor: silent
/// delivery, foreground delivery and taps.
///
/// A router is an immutable `Sendable` value, frozen from a ``PushRouterConfiguration``: share it with every task that
/// receives pushes. It needs no UI framework; on Apple platforms the methods that take `UNNotification` and
/// `UNNotificationResponse` connect it to `UNUserNotificationCenterDelegate`.
///
/// ```swift
/// let router = PushRouter(configuration: configuration)
/// let event = await router.routeTap(on: payload, actionIdentifier: "EXPONEA_ACTION_DEEPLINK_1")
/// event.outcome    // .handled
/// event.tap?.action?.url
/// ```
///
/// Each routing method:
///
/// 1. decodes the payload with the configuration's registry;
/// 2. drops it as ``PushRoutedEvent/Outcome/duplicate`` if the duplicate guard has seen it;
/// 3. hands it to exactly one delegate, its vendor's or the fallback (``PushRouterConfiguration`` says which), or to
///    none (``PushRoutedEvent/Outcome/noDelegate``);
/// 4. waits for the answer at most the event's timeout, and returns exactly once, with an answer for the platform, even
///    when the delegate throws, never returns, or the calling task is cancelled;
/// 5. logs the event and yields it to every ``events()`` stream.
public struct PushRouter: Sendable {
    /// The configuration the router was frozen from.
    public let configuration: PushRouterConfiguration

    private let broadcaster: EventBroadcaster
    let duplicates: DuplicateFilter?
    private let resolver: PushTapResolver

    /// Freezes `configuration` into a router. The duplicate guard's memory and the event streams belong to the router
    /// and are shared by its copies.
    public init(configuration: PushRouterConfiguration) {
        self.configuration = configuration
        broadcaster = EventBroadcaster(bufferSize: configuration.eventBufferSize)
        resolver = PushTapResolver(registry: configuration.registry)
        duplicates = configuration.duplicateGuard.map { DuplicateFilter($0, registry: configuration.registry) }
    }

    /// A stream of every event routed from now on, for logging and metrics.
    ///
    /// Each call returns a new stream, and every stream gets every event (events routed before the call are not
    /// replayed). A stream keeps at most ``PushRouterConfiguration/eventBufferSize`` unread events, dropping the
    /// oldest, so a slow consumer never holds up routing. Cancel the consuming task, or drop the stream, to
    /// unsubscribe.
    public func events() -> AsyncStream<PushRoutedEvent> {
        broadcaster.subscribe()
    }

    /// Routes a push that arrived in the background to its delegate's ``PushRouterDelegate/didReceiveSilentPush(_:origin:)``.
    ///
    /// The event's ``PushRoutedEvent/fetchResult`` is the answer for the platform: the delegate's, or
    /// ``PushFetchResult/noData`` when nobody handled it (no delegate, a duplicate), or ``PushFetchResult/failed`` when
    /// the delegate threw, timed out, or the calling task was cancelled.
    @discardableResult
    public func routeSilentDelivery(of payload: PushPayload) async -> PushRoutedEvent {
        await routeSilentDelivery(of: RoutingInput(payload: payload))
    }

    func routeSilentDelivery(of input: RoutingInput) async -> PushRoutedEvent {
        let start = stopwatch(on: configuration.clock)
        let notification = notification(for: input)
        var event = PushRoutedEvent(kind: .silentDelivery, notification: notification, outcome: .handled)
        event.unrepresentableValues = input.unrepresentable
        if duplicates?.isRepeat(notification, kind: .silentDelivery) == true {
            event.outcome = .duplicate
            event.fetchResult = .noData
        } else if let delegate = delegate(for: notification) {
            let settlement = await answer(within: configuration.silentDeliveryTimeout, on: configuration.clock) {
                try await delegate.didReceiveSilentPush(notification, origin: input.origin)
            }
            event.fetchResult = record(settlement, in: &event) ?? .failed
        } else {
            event.outcome = .noDelegate
            event.fetchResult = .noData
        }
        return finish(event, since: start)
    }

    /// Routes a push that arrived while the app is in the foreground to its delegate's
    /// ``PushRouterDelegate/willPresentPush(_:origin:)`` and to every presentation observer, all at once.
    ///
    /// The event's ``PushRoutedEvent/presentation`` is the answer for the platform: the union of the answers that
    /// arrived within the timeout. A delegate or observer that throws or overruns adds nothing; `[]` means the push is
    /// not presented. A duplicate asks nobody and is not presented. The outcome describes the delegate alone;
    /// observers' failures are only logged.
    @discardableResult
    public func routeForegroundDelivery(of payload: PushPayload) async -> PushRoutedEvent {
        await routeForegroundDelivery(of: RoutingInput(payload: payload))
    }

    func routeForegroundDelivery(of input: RoutingInput) async -> PushRoutedEvent {
        let start = stopwatch(on: configuration.clock)
        let notification = notification(for: input)
        var event = PushRoutedEvent(kind: .foregroundDelivery, notification: notification, outcome: .handled)
        event.unrepresentableValues = input.unrepresentable
        guard duplicates?.isRepeat(notification, kind: .foregroundDelivery) != true else {
            event.outcome = .duplicate
            return finish(event, since: start)
        }
        let delegate = delegate(for: notification)
        let observers = configuration.presentationObservers
        let origin = input.origin
        // Index -1 is the delegate; observers keep their registration order for the logs.
        var askers: [(Int, @Sendable () async throws -> PushPresentation)] = []
        if let delegate { askers.append((-1, { try await delegate.willPresentPush(notification, origin: origin) })) }
        for (index, observer) in observers.enumerated() {
            askers.append((index, { try await observer.presentation(for: notification) }))
        }
        let settlements = await answers(
            within: configuration.foregroundDeliveryTimeout,
            on: configuration.clock,
            askers
        )
        if let settlement = settlements[-1] {
            event.presentation.formUnion(record(settlement, in: &event) ?? [])
        } else {
            event.outcome = .noDelegate
        }
        for index in observers.indices {
            switch settlements[index] {
            case .answered(let presentation)?:
                event.presentation.formUnion(presentation)
            case let settlement?:
                configuration.logger.debug(
                    "A presentation observer gave no answer",
                    metadata: ["push.observer": "\(type(of: observers[index]))", "push.settlement": "\(settlement)"]
                )
            case nil:
                break
            }
        }
        return finish(event, since: start)
    }

    /// Routes a tap on a notification, or on one of its buttons, to its delegate's
    /// ``PushRouterDelegate/didTapPush(_:)``, with the action identifier resolved by ``PushTapResolver``.
    ///
    /// - Parameters:
    ///   - payload: The tapped notification's payload.
    ///   - actionIdentifier: The identifier the OS reported (`UNNotificationResponse.actionIdentifier`);
    ///     ``PushTapResolver/defaultActionIdentifier`` for a tap on the notification itself.
    ///   - userText: The text the user typed, for a text-input action.
    @discardableResult
    public func routeTap(
        on payload: PushPayload,
        actionIdentifier: String = PushTapResolver.defaultActionIdentifier,
        userText: String? = nil
    ) async -> PushRoutedEvent {
        await routeTap(on: RoutingInput(payload: payload), actionIdentifier: actionIdentifier, userText: userText)
    }

    func routeTap(on input: RoutingInput, actionIdentifier: String, userText: String?) async -> PushRoutedEvent {
        let start = stopwatch(on: configuration.clock)
        let notification = notification(for: input)
        let resolution = resolver.resolve(actionIdentifier: actionIdentifier, for: notification)
        let tap = PushTap(
            notification: notification,
            actionIdentifier: actionIdentifier,
            userText: userText,
            resolution: resolution,
            origin: input.origin,
            vendorSDKOpensTarget: PushTap.opensTarget(
                resolution: resolution,
                notification: notification,
                vendorsOpeningTargets: configuration.vendorsOpeningTapTargets
            )
        )
        var event = PushRoutedEvent(kind: .tap, notification: notification, outcome: .handled, tap: tap)
        event.unrepresentableValues = input.unrepresentable
        if case .carousel = tap.resolution {
            // Cordial's content extension answers these with `.doNotDismiss`; the app never sees them.
            event.outcome = .handledByContentExtension
        } else if duplicates?.isRepeat(notification, kind: .tap, actionIdentifier: actionIdentifier) == true {
            event.outcome = .duplicate
        } else if let delegate = delegate(for: notification) {
            let settlement = await answer(within: configuration.tapTimeout, on: configuration.clock) {
                try await delegate.didTapPush(tap)
            }
            _ = record(settlement, in: &event)
        } else {
            event.outcome = .noDelegate
        }
        return finish(event, since: start)
    }

    /// The decoded payload; a dictionary JSON can't hold is no vendor's push, so it is left unrecognised and goes to
    /// the fallback.
    func notification(for input: RoutingInput) -> PushNotification {
        guard input.unrepresentable.isEmpty else {
            let payload = input.payload
            let classification = PushClassification(
                vendor: nil,
                isSilent: payload.isBackgroundPush,
                shape: payload.shape
            )
            return PushNotification(payload: payload, classification: classification)
        }
        return configuration.registry.decode(input.payload)
    }

    /// The one delegate for `notification`, by the rule ``PushRouterConfiguration`` states: a recognised vendor without
    /// a delegate gets none unless it is a fallback vendor.
    func delegate(for notification: PushNotification) -> (any PushRouterDelegate)? {
        guard let vendor = notification.vendor else { return configuration.fallbackDelegate }
        if let delegate = configuration.delegates[vendor] { return delegate }
        return configuration.fallbackVendors.contains(vendor) ? configuration.fallbackDelegate : nil
    }

    /// Sets the event's outcome from the delegate's settlement and returns the answer, if there is one.
    func record<Answer>(_ settlement: Settlement<Answer>, in event: inout PushRoutedEvent) -> Answer? {
        event.outcome = settlement.outcome
        if case .failed(let error) = settlement { event.error = error }
        guard case .answered(let answer) = settlement else { return nil }
        return answer
    }

    func finish(_ event: PushRoutedEvent, since start: () -> Duration) -> PushRoutedEvent {
        var event = event
        event.duration = start()
        var metadata: Logger.Metadata = [
            "push.event": "\(event.kind)",
            "push.vendor": "\(event.vendor?.name ?? "unknown")",
            "push.outcome": "\(event.outcome)",
        ]
        if let messageID = event.notification.messageID { metadata["push.message_id"] = "\(messageID)" }
        if let tap = event.tap {
            metadata["push.action_identifier"] = "\(tap.actionIdentifier)"
            metadata["push.resolution"] = "\(tap.resolution)"
        }
        if let error = event.error { metadata["push.error"] = "\(error)" }
        if !event.unrepresentableValues.isEmpty {
            metadata["push.unrepresentable"] = .array(event.unrepresentableValues.map { "\($0)" })
        }
        switch event.outcome {
        case .failed, .timedOut:
            // Worth seeing in production, but the router answered the platform: nothing above info.
            configuration.logger.info("A push delegate gave no answer", metadata: metadata)
        default:
            configuration.logger.debug("Routed a push event", metadata: metadata)
        }
        broadcaster.yield(event)
        return event
    }
}
