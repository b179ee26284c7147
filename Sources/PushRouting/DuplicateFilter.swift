import PushPayloads

/// The duplicate guard's memory: the keys it let through, oldest first, in a ring of fixed capacity.
final class DuplicateFilter: Sendable {
    private struct Entry: Sendable {
        var key: String
        var time: Duration
    }

    private struct State: Sendable {
        // `ring` and `seen` always hold the same keys: every insertion, expiry and eviction updates both.
        var seen: [String: Duration] = [:]
        var ring: [Entry?]
        var head = 0
        var count = 0

        init(capacity: Int) { ring = Array(repeating: nil, count: capacity) }

        mutating func removeOldest() {
            if let entry = ring[head] { seen[entry.key] = nil }
            ring[head] = nil
            head = (head + 1) % ring.count
            count -= 1
        }

        mutating func append(_ entry: Entry) {
            if count == ring.count { removeOldest() }
            ring[(head + count) % ring.count] = entry
            seen[entry.key] = entry.time
            count += 1
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
        let window = settings.window
        return state.withLock { state in
            // Entries arrive in time order, so the expired ones are all at the front.
            while state.count > 0, let oldest = state.ring[state.head], now - oldest.time >= window {
                state.removeOldest()
            }
            if state.seen[key] != nil { return true }
            state.append(Entry(key: key, time: now))
            return false
        }
    }
}
