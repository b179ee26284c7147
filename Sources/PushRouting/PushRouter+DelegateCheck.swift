// A vendor SDK that takes the notification delegate after the app set it leaves the router nothing to route, and
// nothing fails: this check is what can be detected. Free of UserNotifications, so that Linux tests it.
import Logging
extension PushRouter {
    /// Whether `current`, what a platform delegate slot named `slot` holds now, is `expected`, the app's object the
    /// router's events come through; when it is not, logs at `info` which class holds the slot instead. On Apple
    /// platforms `verifyNotificationCenterDelegate(_:of:)` checks `UNUserNotificationCenter.delegate` with it.
    @discardableResult
    public func verifyDelegate(_ current: AnyObject?, is expected: AnyObject, slot: String) -> Bool {
        guard current !== expected else { return true }
        configuration.logger.info(
            "A push SDK took the delegate the router's events come through: foreground pushes and taps bypass the router",
            metadata: [
                "push.delegate_slot": "\(slot)",
                "push.delegate_expected": "\(type(of: expected))",
                "push.delegate_found": "\(current.map { "\(type(of: $0))" } ?? "nil")",
            ]
        )
        return false
    }
}
