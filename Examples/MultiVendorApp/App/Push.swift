// The app's router: a delegate per vendor over the vendors' app SDKs, and the fallback for the rest. The notification
// service extension has its own (`NotificationService/ExtensionPush.swift`), over the vendors' extension products.
import PushPayloads
import PushRouting

enum Push {
    static let router: PushRouter = {
        // The extended registry names the other senders' pushes, so the fallback knows a Braze push.
        var configuration = PushRouterConfiguration(registry: .extended)
        configuration.setDelegate(CordialPushes(), for: .cordial)
        configuration.setDelegate(ExponeaPushes(), for: .exponea)
        configuration.setDelegate(SwrvePushes(), for: .swrve)
        configuration.setDelegate(AtomicPushes(), for: .atomic)
        // Braze, whose SDK this app does not run, and anything no decoder recognises. The fallback never gets the
        // device token: an app that runs Braze's SDK gives Braze a delegate of its own (`setDelegate(_:for: .braze)`).
        configuration.fallbackDelegate = OtherPushes()
        // Every vendor delegate gets the device token (the default, said out loud).
        configuration.deviceTokenVendors = nil
        configuration.duplicateGuard = PushDuplicateGuard(window: .seconds(60), capacity: 256)
        return PushRouter(configuration: configuration)
    }()
}
