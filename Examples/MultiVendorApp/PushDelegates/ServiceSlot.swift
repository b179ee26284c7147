import Foundation

/// Holds a vendor's service-extension object between `didReceiveServiceExtensionRequest` and
/// `serviceExtensionTimeWillExpire`, as the extension's own stored property would.
///
/// `@unchecked Sendable`: the object is a vendor SDK class (not `Sendable`) that its documents tell the
/// extension to call from `didReceive` and again from `serviceExtensionTimeWillExpire`, which the system
/// calls on another thread; the lock makes taking it out one step, and the SDK synchronises its own state.
final class ServiceSlot<Service: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private var service: Service?

    /// Stores `service` and returns it.
    func fill(_ service: Service) -> Service {
        lock.lock()
        defer { lock.unlock() }
        self.service = service
        return service
    }

    /// Takes the service out, if it is still there.
    func take() -> Service? {
        lock.lock()
        defer { lock.unlock() }
        defer { service = nil }
        return service
    }
}
