public import PushPayloads

/// What the router did with one event: which push, which event, what became of it, and what it answered.
///
/// The routing methods return one, and ``PushRouter/events()`` streams them, for logging and metrics.
///
/// ```swift
/// for await event in router.events() {
///     metrics.increment("push.routed", ["vendor": event.vendor?.name ?? "unknown",
///                                       "kind": event.kind.name, "outcome": event.outcome.name])
/// }
/// ```
public struct PushRoutedEvent: Sendable {
    /// The event the platform reported.
    public var kind: Kind
    /// The normalised notification.
    public var notification: PushNotification
    /// What became of the event.
    public var outcome: Outcome
    /// The tap, with its resolution, for ``Kind/tap`` events.
    public var tap: PushTap?
    /// The presentation answered to the platform, for ``Kind/foregroundDelivery`` events (`[]` otherwise).
    public var presentation: PushPresentation
    /// The result answered to the platform, for ``Kind/silentDelivery`` events.
    public var fetchResult: PushFetchResult?
    /// The error the delegate threw, for ``Outcome/failed``.
    public var error: (any Error)?
    /// How long routing took, from the call to the answer.
    public var duration: Duration
    /// For a `userInfo` dictionary that JSON can't fully hold (an app's own local notification carrying a `Date`, say):
    /// each value that could not be read, with its key path. Such a value reaches the delegate as the string that
    /// describes it, and the event always goes to the fallback delegate, since no remote push can carry it. Empty for
    /// every push that is JSON.
    public var unrepresentableValues: [PushPayloadError] = []

    /// Creates an event.
    public init(
        kind: Kind,
        notification: PushNotification,
        outcome: Outcome,
        tap: PushTap? = nil,
        presentation: PushPresentation = [],
        fetchResult: PushFetchResult? = nil,
        error: (any Error)? = nil,
        duration: Duration = .zero
    ) {
        self.kind = kind
        self.notification = notification
        self.outcome = outcome
        self.tap = tap
        self.presentation = presentation
        self.fetchResult = fetchResult
        self.error = error
        self.duration = duration
    }

    /// The vendor whose push it is, or `nil` for a push no decoder recognises.
    public var vendor: PushVendor? { notification.vendor }
}

extension PushRoutedEvent {
    /// An event the platform reports: an open set, so adding one breaks no one.
    public struct Kind: Hashable, Sendable, PushNamedValue {
        /// A stable snake_case name, such as `silent_delivery`.
        public let name: String

        /// Creates a kind; use a snake_case name no built-in kind uses.
        public init(name: String) { self.name = name }

        /// A push arrived in the background.
        public static let silentDelivery = Kind(name: "silent_delivery")
        /// A push arrived while the app is in the foreground.
        public static let foregroundDelivery = Kind(name: "foreground_delivery")
        /// The user tapped a notification or one of its buttons.
        public static let tap = Kind(name: "tap")
        /// A push reached the app's notification service extension (`mutable-content` with an alert).
        public static let serviceExtension = Kind(name: "service_extension")
    }

    /// What became of an event: an open set, so adding an outcome breaks no one.
    public struct Outcome: Hashable, Sendable, PushNamedValue {
        /// A stable snake_case name, such as `no_delegate`.
        public let name: String

        /// Creates an outcome; use a snake_case name no built-in outcome uses.
        public init(name: String) { self.name = name }

        /// The one delegate (the vendor's, or the fallback) answered in time.
        public static let handled = Outcome(name: "handled")
        /// Nobody was there to handle it: the vendor has no delegate and is not a fallback vendor, or there is no
        /// fallback (see ``PushRouterConfiguration``).
        public static let noDelegate = Outcome(name: "no_delegate")
        /// The duplicate guard dropped it as a repeat of an event it saw within its window.
        public static let duplicate = Outcome(name: "duplicate")
        /// The delegate threw (see ``PushRoutedEvent/error``).
        public static let failed = Outcome(name: "failed")
        /// The delegate did not answer within the timeout; it was cancelled and its late answer dropped.
        public static let timedOut = Outcome(name: "timed_out")
        /// The task that routed the event was cancelled before the delegate answered.
        public static let cancelled = Outcome(name: "cancelled")
        /// The tap is an action of the vendor's notification content extension, which handles it on screen without
        /// forwarding it to the app (a Cordial carousel step): no delegate is called.
        public static let handledByContentExtension = Outcome(name: "handled_by_content_extension")
    }
}

extension PushRoutedEvent: CustomStringConvertible {
    /// One line, such as `tap swrve handled: button 1 (open_url)`.
    public var description: String {
        var text = "\(kind) \(vendor?.name ?? "unknown") \(outcome)"
        if let tap { text += ": \(tap.resolution)" }
        if kind == .foregroundDelivery { text += ": \(presentation)" }
        if let fetchResult { text += ": \(fetchResult)" }
        return text
    }
}
