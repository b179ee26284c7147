import NIOConcurrencyHelpers
import NIOCore

/// The gateway's open connections and which of them sit idle between requests, so that idle keep-alive
/// clients cannot hold the connection limit.
///
/// At the limit the gateway stops accepting, and new clients wait in the listen backlog. Closing a
/// connection that sends nothing costs its client nothing but a new connection, so at the limit the
/// connection idle longest is closed (and counted): whenever a connection opens and the limit is reached,
/// and whenever a connection goes idle at the limit. A new client is then accepted within moments, where
/// it used to wait for the idle timeout. A connection is idle once its last response has been written and
/// no byte of a next request has come; a request in progress is never cut.
///
/// Shared by every connection's ``RequestReadDeadlineHandler``; `Sendable` through its lock, NIO's
/// `NIOLockedValueBox` (a pthread mutex, which ThreadSanitizer sees; it reports the futex of
/// `Synchronization.Mutex` on Linux as races).
public final class IdleConnections: Sendable {
    private struct Idle {
        var since: NIODeadline
        var channel: any Channel
    }

    private struct State {
        var open = 0
        var idle: [ObjectIdentifier: Idle] = [:]
    }

    /// The connection limit (``GatewayConfiguration/maximumConnections``).
    public let limit: Int
    private let state = NIOLockedValueBox(State())
    /// Counts each connection closed to make room.
    private let onClose: @Sendable () -> Void

    /// Creates the registry for `limit` connections; `onClose` hears each idle connection closed at the limit.
    public init(limit: Int, onClose: @escaping @Sendable () -> Void = {}) {
        self.limit = limit
        self.onClose = onClose
    }

    /// The connections open now (for tests and logs).
    public var openCount: Int { state.withLockedValue { $0.open } }

    func opened() {
        let victim = state.withLockedValue { state in
            state.open += 1
            return Self.oldestIdle(in: &state, limit: limit)
        }
        close(victim)
    }

    func closed(_ channel: any Channel) {
        state.withLockedValue { state in
            state.open -= 1
            state.idle[ObjectIdentifier(channel)] = nil
        }
    }

    func becameIdle(_ channel: any Channel) {
        let victim = state.withLockedValue { state in
            state.idle[ObjectIdentifier(channel)] = Idle(since: .now(), channel: channel)
            return Self.oldestIdle(in: &state, limit: limit)
        }
        close(victim)
    }

    func becameBusy(_ channel: any Channel) {
        _ = state.withLockedValue { $0.idle.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// At the limit: the connection idle longest, taken out of the idle set; otherwise `nil`.
    private static func oldestIdle(in state: inout State, limit: Int) -> (any Channel)? {
        guard state.open >= limit, let oldest = state.idle.min(by: { $0.value.since < $1.value.since }) else {
            return nil
        }
        state.idle[oldest.key] = nil
        return oldest.value.channel
    }

    private func close(_ channel: (any Channel)?) {
        guard let channel else { return }
        onClose()
        channel.close(promise: nil)
    }
}
