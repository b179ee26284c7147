// The extension's router: a delegate per vendor over the vendors' extension products (CordialAppExtensions,
// ExponeaSDK-Notifications, SwrveSDKCommon, AtomicSDK), so the extension links none of their app SDKs. A push of any
// other sender, or none, gets its original content.
import PushPayloads
import PushRouting

enum ExtensionPush {
    static let router: PushRouter = {
        var configuration = PushRouterConfiguration(registry: .extended)
        configuration.setDelegate(CordialExtensionPushes(), for: .cordial)
        configuration.setDelegate(ExponeaExtensionPushes(), for: .exponea)
        configuration.setDelegate(SwrveExtensionPushes(), for: .swrve)
        configuration.setDelegate(AtomicExtensionPushes(), for: .atomic)
        return PushRouter(configuration: configuration)
    }()
}
