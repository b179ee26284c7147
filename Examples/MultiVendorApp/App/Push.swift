// The one router of the app and its extension: a delegate per vendor, and the fallback for the rest.
import PushPayloads
import PushRouting

enum Push {
    /// The app group the notification service extension shares with the app (Exponea's and Swrve's
    /// extensions store delivery data there).
    static let appGroup = "group.com.example.multivendor"

    static let router: PushRouter = {
        // The extended registry names the other senders' pushes, so the fallback knows a Braze push.
        var configuration = PushRouterConfiguration(registry: .extended)
        configuration.setDelegate(CordialPushes(), for: .cordial)
        configuration.setDelegate(ExponeaPushes(), for: .exponea)
        configuration.setDelegate(SwrvePushes(), for: .swrve)
        configuration.setDelegate(AtomicPushes(), for: .atomic)
        // The fifth sender, Braze, whose SDK this app does not run, and anything no decoder recognises.
        configuration.fallbackDelegate = OtherPushes()
        // Every vendor delegate gets the device token (the default, said out loud).
        configuration.deviceTokenVendors = nil
        configuration.duplicateGuard = PushDuplicateGuard(window: .seconds(60), capacity: 256)
        return PushRouter(configuration: configuration)
    }()
}
