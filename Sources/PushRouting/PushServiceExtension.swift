public import PushPayloads

/// The content a notification service extension hands the platform: the request's original content, or content a
/// delegate made (on Apple platforms a `UNNotificationContent`, usually the `UNMutableNotificationContent` it
/// modified).
public struct PushServiceExtensionContent: Sendable {
    let object: PlatformObject?

    /// The request's content, unchanged: what iOS shows when an extension delivers nothing.
    public static let original = PushServiceExtensionContent(object: nil)

    init(object: PlatformObject?) { self.object = object }

    /// Content a delegate made. `sending`: the caller gives it up, so no one touches it again until the platform's
    /// content handler gets it, which is how mutable content crosses from the delegate's task.
    public init<Content: AnyObject>(_ content: sending Content) {
        self.object = PlatformObject(content)
    }

    /// Whether this is the request's original content.
    public var isOriginal: Bool { object == nil }

    /// The content a delegate made, if it is of type `type`.
    public func platformObject<Content: AnyObject>(as type: Content.Type) -> Content? {
        object?.object as? Content
    }
}

/// A push that reached the app's notification service extension, as the router hands it to the owner's delegate
/// (``PushRouterDelegate/didReceiveServiceExtensionRequest(_:)``).
///
/// The content handler is called exactly once: with the first content delivered here, or, when the delegate returns,
/// throws or runs out of time without delivering, with the request's original content. Delivering again does nothing.
///
/// Each request has its own session, which is where a vendor SDK's per-request object lives: the delegate is shared by
/// every request the extension receives (iOS may hand one extension process several at once), so an object kept in the
/// delegate would be another request's by the time that request's time runs out. Make the object with
/// ``vendorObject(make:)`` and find it again in ``PushRouterDelegate/serviceExtensionTimeWillExpire(_:)``:
///
/// ```swift
/// func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
///     guard let original = request.origin.request else { return }
///     let service = request.vendorObject { ExponeaNotificationService(appGroup: "group.com.example.app") }
///     try await withVendorCompletionHandler { done in
///         service.process(request: original) { content in
///             request.contentHandler(content)
///             done(())
///         }
///     }
/// }
///
/// func serviceExtensionTimeWillExpire(_ request: PushServiceExtensionRequest) {
///     request.vendorObject(ExponeaNotificationService.self)?.serviceExtensionTimeWillExpire()
/// }
/// ```
public struct PushServiceExtensionRequest: Sendable {
    /// The normalised notification.
    public let notification: PushNotification
    /// The event it came from: the `userInfo` of the request's content, and on Apple platforms the
    /// `UNNotificationRequest`.
    public let origin: PushOrigin
    let session: PushServiceExtensionSession

    /// Whether iOS runs the service extension for this payload at all (`mutable-content` is 1 and the alert shows
    /// something; see `PushPayload.runsServiceExtension`). A request that reached an extension always does; a replayed
    /// capture may not.
    public var runsServiceExtension: Bool { origin.payload.runsServiceExtension }

    /// Hands `content` to the platform's content handler, unless something was delivered already. Returns whether this
    /// call delivered; when it returns, the handler has been called.
    @discardableResult
    public func deliver(_ content: PushServiceExtensionContent) -> Bool {
        session.deliver(content)
    }

    /// Whether content was delivered (by the delegate or, at the end, by the router).
    public var isDelivered: Bool { session.isDelivered }

    /// This request's object of type `Object`: the one made by the first call, or, on the first call, the one `make`
    /// returns. For a vendor SDK's service-extension object (Exponea's `ExponeaNotificationService`, Cordial's
    /// `CordialNotificationServiceExtension`), which must be told when this request's time runs out.
    ///
    /// The object is the SDK's, used as the SDK's documents use it from an extension's two callbacks: made and started
    /// in `didReceive`, told `serviceExtensionTimeWillExpire()` on the thread the system calls that on, which may be
    /// while `didReceive`'s work goes on. The session keeps it, one per type, until the request finishes.
    public func vendorObject<Object: AnyObject>(make: () -> Object) -> Object {
        session.vendorObject(make: make)
    }

    /// This request's object of type `type`, if ``vendorObject(make:)`` made one.
    public func vendorObject<Object: AnyObject>(_ type: Object.Type) -> Object? {
        session.vendorObject(type)
    }
}

/// A service extension request in progress, for the extension that routed it: tell it when the system's time runs out,
/// and wait for its result.
///
/// ```swift
/// override func serviceExtensionTimeWillExpire() { session?.timeWillExpire() }
/// ```
public final class PushServiceExtensionSession: Sendable {
    private struct State: Sendable {
        var content: PushServiceExtensionContent?
        var contentWaiters: [CheckedContinuation<PushServiceExtensionContent, Never>] = []
        var event: PushRoutedEvent?
        var eventWaiters: [CheckedContinuation<PushRoutedEvent, Never>] = []
        var willExpire: (@Sendable () -> Void)?
        var expired = false
        var work: Task<Void, Never>?
        var deliveries = 0
        var vendorObjects: [ObjectIdentifier: PlatformObject] = [:]
    }

    private let state = LockedValue(State())
    /// Whether the platform's handler was called; held while it runs, so that a second delivery (from another thread)
    /// returns only once the first has handed the content over.
    private let handedOver = LockedValue(false)
    private let contentHandler: ContentHandler

    init(contentHandler: ContentHandler) {
        self.contentHandler = contentHandler
    }

    /// Whether content was delivered.
    public var isDelivered: Bool { state.withLock { $0.content != nil } }

    /// How many times content was offered (delivered or ignored): for tests of the exactly-once rule.
    public var deliveryAttempts: Int { state.withLock { $0.deliveries } }

    /// The system is about to end the extension (`serviceExtensionTimeWillExpire()`): the owner's delegate is told
    /// (``PushRouterDelegate/serviceExtensionTimeWillExpire(_:)``) and may deliver its best attempt; then, if nothing
    /// was delivered, the original content is, and the delegate's work is cancelled.
    ///
    /// All of it happens on the calling thread, before this returns: the content handler has been called when it
    /// returns (by this call, or earlier by the delegate), as iOS expects of `serviceExtensionTimeWillExpire()`, after
    /// which it ends the extension. Calls after the first, or after the request finished, deliver nothing again.
    public func timeWillExpire() {
        let (willExpire, work) = state.withLock { state -> ((@Sendable () -> Void)?, Task<Void, Never>?) in
            guard !state.expired, state.event == nil else { return (nil, nil) }
            state.expired = true
            defer { state.willExpire = nil }
            return (state.willExpire, state.work)
        }
        willExpire?()
        deliver(.original)
        work?.cancel()
    }

    /// The content handed to the platform, waiting for it if need be.
    public func content() async -> PushServiceExtensionContent {
        await state.wait(for: \.content) { $0.contentWaiters.append($1) }
    }

    /// The routed event, once the delegate is done (it has delivered by then).
    public func event() async -> PushRoutedEvent { await state.wait(for: \.event) { $0.eventWaiters.append($1) } }

    var didExpire: Bool { state.withLock { $0.expired } }

    /// Calls the platform's handler with `content` on this thread, unless a delivery came first; in either case the
    /// handler has been called when this returns.
    @discardableResult
    func deliver(_ content: PushServiceExtensionContent) -> Bool {
        state.withLock { $0.deliveries += 1 }
        let delivered = handedOver.withLock { handedOver in
            guard !handedOver else { return false }
            handedOver = true
            contentHandler.call(content)
            return true
        }
        guard delivered else { return false }
        let waiters = state.withLock { state in
            state.content = content
            defer { state.contentWaiters = [] }
            return state.contentWaiters
        }
        for waiter in waiters { waiter.resume(returning: content) }
        return true
    }

    func vendorObject<Object: AnyObject>(make: () -> Object) -> Object {
        if let object = vendorObject(Object.self) { return object }
        let made = make()
        return state.withLock { state in
            let key = ObjectIdentifier(Object.self)
            // Another task of the same request may have made one meanwhile: the first stays.
            if let kept = state.vendorObjects[key]?.object as? Object { return kept }
            state.vendorObjects[key] = PlatformObject(made)
            return made
        }
    }

    func vendorObject<Object: AnyObject>(_ type: Object.Type) -> Object? {
        state.withLock { $0.vendorObjects[ObjectIdentifier(type)]?.object as? Object }
    }

    func start(_ work: Task<Void, Never>, willExpire: @escaping @Sendable () -> Void) {
        let expired = state.withLock { state in
            state.work = work
            state.willExpire = willExpire
            return state.expired
        }
        if expired { work.cancel() }
    }

    func finish(_ event: PushRoutedEvent) {
        let waiters = state.withLock { state in
            state.event = event
            state.willExpire = nil
            state.work = nil
            // Nothing asks for them once the request finished, and a vendor object keeps the content handler the
            // delegate gave it, which holds this session: let both go.
            state.vendorObjects = [:]
            defer { state.eventWaiters = [] }
            return state.eventWaiters
        }
        for waiter in waiters { waiter.resume(returning: event) }
    }
}

/// The platform's content handler, called from whichever thread delivers: the delegate's task, an SDK's callback, or
/// the thread the system calls `serviceExtensionTimeWillExpire()` on.
///
/// `@unchecked Sendable`: the handler `UNNotificationServiceExtension` is given is not `@Sendable` in Swift, but the
/// system's block may be called from any thread (Apple's own template calls it from a download's completion handler),
/// and the session calls it at most once, under a lock.
struct ContentHandler: @unchecked Sendable {
    let call: (PushServiceExtensionContent) -> Void
}

extension PushRouter {
    /// Routes a push that reached the notification service extension to its owner's delegate
    /// (``PushRouterDelegate/didReceiveServiceExtensionRequest(_:)``) and calls `contentHandler` exactly once: with the
    /// content the delegate delivered, or with ``PushServiceExtensionContent/original`` when it delivered nothing,
    /// threw, overran ``PushRouterConfiguration/serviceExtensionTimeout``, or the session's
    /// ``PushServiceExtensionSession/timeWillExpire()`` came first. A push with no delegate, or a duplicate, gets the
    /// original content before this returns.
    ///
    /// The handler runs on the thread that delivers (the delegate's task, or the caller of `timeWillExpire()`), so that
    /// the content is handed over before `timeWillExpire()` returns. On Apple platforms,
    /// `routeServiceExtensionRequest(_:contentHandler:)` takes the `UNNotificationRequest` and the platform's handler.
    @discardableResult
    public func routeServiceExtensionRequest(
        on payload: PushPayload,
        contentHandler: @escaping @Sendable (PushServiceExtensionContent) -> Void
    ) -> PushServiceExtensionSession {
        routeServiceExtensionRequest(RoutingInput(payload: payload), ContentHandler(call: contentHandler))
    }

    func routeServiceExtensionRequest(
        _ input: RoutingInput,
        _ contentHandler: ContentHandler
    ) -> PushServiceExtensionSession {
        let start = stopwatch(on: configuration.clock)
        let session = PushServiceExtensionSession(contentHandler: contentHandler)
        let notification = notification(for: input)
        let request = PushServiceExtensionRequest(notification: notification, origin: input.origin, session: session)
        var event = PushRoutedEvent(kind: .serviceExtension, notification: notification, outcome: .handled)
        event.unrepresentableValues = input.unrepresentable
        let isRepeat = duplicates?.isRepeat(notification, kind: .serviceExtension) == true
        guard !isRepeat, let delegate = delegate(for: notification) else {
            event.outcome = isRepeat ? .duplicate : .noDelegate
            session.deliver(.original)
            session.finish(finish(event, since: start))
            return session
        }
        let work = Task { [event] in
            var event = event
            let settlement = await answer(within: configuration.serviceExtensionTimeout, on: configuration.clock) {
                try await delegate.didReceiveServiceExtensionRequest(request)
            }
            // The router's own deadline is the system's, early: the delegate may still deliver its best attempt.
            if case .timedOut = settlement { session.timeWillExpire() }
            session.deliver(.original)
            _ = record(settlement, in: &event)
            if session.didExpire { event.outcome = .timedOut }
            session.finish(finish(event, since: start))
        }
        session.start(work) { delegate.serviceExtensionTimeWillExpire(request) }
        return session
    }
}
