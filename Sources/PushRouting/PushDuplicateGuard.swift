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
    /// The message identity the guard compares; `nil` means the push is never dropped. The default is
    /// ``standardMessageKey(_:)``.
    public var messageKey: @Sendable (PushNotification) -> String?

    /// The time elapsed since the guard was created, read from its clock.
    let elapsed: @Sendable () -> Duration

    /// Creates settings that read the time from `clock` (inject a manual clock in tests).
    public init<C: Clock>(
        window: Duration = .seconds(300),
        capacity: Int = 256,
        clock: C,
        messageKey: @escaping @Sendable (PushNotification) -> String? = PushDuplicateGuard.standardMessageKey
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
        messageKey: @escaping @Sendable (PushNotification) -> String? = PushDuplicateGuard.standardMessageKey
    ) {
        self.init(window: window, capacity: capacity, clock: ContinuousClock(), messageKey: messageKey)
    }

    /// The identity each vendor's SDK de-duplicates by, or the nearest thing to it:
    ///
    /// - Swrve, on Android (FCM shape): `_sid`, the only key `SwrvePushSidDeDuper` compares; without it, nothing
    ///   (Android shows every copy). On iOS (APNs shape): `_sp` for a silent push, else `_p`, the ids `SwrvePush` and
    ///   `SwrveNotificationManager` compare; a QA push (`"0"`) is never dropped.
    /// - Exponea: `notification_id` (Android's duplicate check); without it, the campaign id together with
    ///   `attributes.sent_timestamp`; without both, nothing (a campaign id alone is shared by every push of the
    ///   campaign).
    /// - Cordial: `mcID`, the message-contact id, when it is not empty.
    /// - Atomic: the card instance id.
    /// - Other vendors: `PushNotification.messageID`, which their decoder sets.
    /// - Pushes no decoder recognises: nothing.
    public static func standardMessageKey(_ notification: PushNotification) -> String? {
        switch notification.vendor {
        case .swrve?:
            guard let swrve = notification.swrve else { return nil }
            if notification.shape == .fcm { return swrve.uniqueMessageID.map { "_sid:\($0)" } }
            guard let id = swrve.silentPushID ?? swrve.pushID, id != "0" else { return nil }
            return id
        case .exponea?:
            guard let exponea = notification.exponea else { return nil }
            if let id = exponea.notificationID { return "notification_id:\(id)" }
            guard let campaign = exponea.campaignID, let sent = exponea.sentTimestamp else { return nil }
            return "campaign:\(campaign)@\(sent)"
        case .cordial?:
            guard let mcID = notification.cordial?.mcID, !mcID.isEmpty else { return nil }
            return mcID
        case .atomic?:
            return notification.atomic?.cardInstanceID
        case .some:
            return notification.messageID
        case nil:
            return nil
        }
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
    private let state: LockedValue<State>

    init(_ settings: PushDuplicateGuard) {
        self.settings = settings
        state = LockedValue(State(capacity: max(settings.capacity, 1)))
    }

    /// Whether the event is a repeat; if it isn't, it is remembered.
    func isRepeat(
        _ notification: PushNotification,
        kind: PushRoutedEvent.Kind,
        actionIdentifier: String? = nil
    ) -> Bool {
        guard settings.window > .zero, settings.capacity > 0, let vendor = notification.vendor,
            let message = settings.messageKey(notification)
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
