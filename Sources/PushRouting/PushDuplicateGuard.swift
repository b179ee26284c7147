public import PushPayloads

/// Settings for dropping repeats of the same vendor message: the same event for the same message, seen again within
/// ``window``.
///
/// Vendors de-duplicate on their own (Swrve by push id, Exponea on Android by `notification_id`); an app that runs
/// several SDKs, or reaches the router from several entry points, sees the same push more than once. The guard
/// remembers at most ``capacity`` messages, dropping the oldest first, so its memory is bounded whatever arrives.
///
/// An event is a repeat when its vendor, its kind (a silent delivery and a later tap of the same push are different
/// events), its tap's action identifier, and its ``messageKey`` match an event the guard let through less than
/// ``window`` ago. Pushes without a key, including pushes no decoder recognises, are never dropped.
///
/// ```swift
/// configuration.duplicateGuard = PushDuplicateGuard(window: .seconds(60), capacity: 256)
/// ```
public struct PushDuplicateGuard: Sendable {
    /// How long a message is remembered after the guard first lets it through.
    public var window: Duration
    /// How many messages are remembered at most; the oldest is forgotten first.
    public var capacity: Int
    /// The message identity the guard compares, whose `nil` means the push is never dropped; `nil`, the default, asks
    /// the router's registry (`PushDecoderRegistry.messageKey(for:)`), so each vendor's decoder gives its own.
    public var messageKey: (@Sendable (PushNotification) -> String?)?

    /// The time elapsed since the guard was created, read from its clock.
    let elapsed: @Sendable () -> Duration

    /// Creates settings that read the time from `clock` (inject a manual clock in tests).
    public init<C: Clock>(
        window: Duration = .seconds(300),
        capacity: Int = 256,
        clock: C,
        messageKey: (@Sendable (PushNotification) -> String?)? = nil
    ) where C.Duration == Duration {
        self.window = window
        self.capacity = capacity
        self.messageKey = messageKey
        // Instants of an arbitrary clock can't be stored without its type; durations from one origin can.
        self.elapsed = stopwatch(on: clock)
    }

    /// Creates settings that read the time from `ContinuousClock`.
    public init(
        window: Duration = .seconds(300),
        capacity: Int = 256,
        messageKey: (@Sendable (PushNotification) -> String?)? = nil
    ) {
        self.init(window: window, capacity: capacity, clock: ContinuousClock(), messageKey: messageKey)
    }

    /// The identity the decoders of the standard registry give: `PushDecoderRegistry.messageKey(for:)`, each
    /// vendor's own where its decoder adopts `PushMessageIdentifying`, else the notification's `messageID`.
    public static func standardMessageKey(_ notification: PushNotification) -> String? {
        PushDecoderRegistry.standard.messageKey(for: notification)
    }
}

/// The duplicate guard's memory: the keys it let through, oldest first, in a ring of fixed capacity.
final class DuplicateFilter: Sendable {
    private struct Entry: Sendable {
        var key: String
        var time: Duration
    }

    private struct State: Sendable {
        // `ring` and `seen` always hold the same keys, each once: every insertion, expiry and eviction updates both,
        // so `seen.count` is the ring's count, and the slots outside it are `nil`.
        var seen: Set<String> = []
        var ring: [Entry?]
        var head = 0

        init(capacity: Int) { ring = Array(repeating: nil, count: capacity) }

        mutating func removeOldest() {
            if let entry = ring[head] { seen.remove(entry.key) }
            ring[head] = nil
            head = (head + 1) % ring.count
        }

        mutating func append(_ entry: Entry) {
            if seen.count == ring.count { removeOldest() }
            ring[(head + seen.count) % ring.count] = entry
            seen.insert(entry.key)
        }
    }

    private let settings: PushDuplicateGuard
    private let messageKey: @Sendable (PushNotification) -> String?
    private let state: LockedValue<State>

    init(_ settings: PushDuplicateGuard, registry: PushDecoderRegistry) {
        self.settings = settings
        messageKey = settings.messageKey ?? { registry.messageKey(for: $0) }
        state = LockedValue(State(capacity: max(settings.capacity, 1)))
    }

    /// Whether the event is a repeat; if it isn't, it is remembered.
    func isRepeat(
        _ notification: PushNotification,
        kind: PushRoutedEvent.Kind,
        actionIdentifier: String? = nil
    ) -> Bool {
        guard settings.window > .zero, settings.capacity > 0, let vendor = notification.vendor,
            let message = messageKey(notification)
        else { return false }
        // Unit separators keep the parts apart: no vendor name or identifier can forge another key.
        var key = vendor.name + "\u{1F}" + kind.name + "\u{1F}" + message
        if let actionIdentifier { key += "\u{1F}" + actionIdentifier }
        let now = settings.elapsed()
        return state.withLock { state in
            // Entries arrive in time order, so the expired ones are all at the front.
            while let oldest = state.ring[state.head], now - oldest.time >= settings.window { state.removeOldest() }
            if state.seen.contains(key) { return true }
            state.append(Entry(key: key, time: now))
            return false
        }
    }
}
