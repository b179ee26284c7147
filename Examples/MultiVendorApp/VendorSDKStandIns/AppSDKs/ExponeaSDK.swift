// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for the part of Exponea's (Bloomreach Engagement's) app SDK (module and product `ExponeaSDK`) that an app
// with its own notification delegate uses, declared as the SDK's source declares it. Source: exponea/exponea-ios-sdk
// 4.0.1 @ f76c0c213671839475217a572d640106c1fbc434 (files named beside each declaration; VENDORS.md lists them). The
// real SDK declares `Exponea` in its `ExponeaSDKShared` target and re-exports it (`public typealias Exponea =
// ExponeaSDKShared.Exponea`, `ExponeaSharedExports.swift`); one module here. Compiled with -swift-version 5, as the SDK
// is. Not linked by the extension: `ExponeaNotificationService` is in `ExponeaSDK_Notifications`.
import Foundation
import UserNotifications

/// `ExponeaSDK/ExponeaSDKShared/Classes/Exponea.swift`: `public class Exponea`.
public class Exponea {
    public static func isExponeaNotification(userInfo: [AnyHashable: Any]) -> Bool {
        userInfo["source"] as? String == "xnpe_platform"
    }
}

extension Exponea {
    /// `ExponeaSDK/ExponeaSDK/Classes/ExponeaInternal.swift:20`: `public internal(set) static var shared =
    /// ExponeaInternal()`. Mutable global state: Swift 6 refuses to read it from another isolation ("reference to class
    /// property 'shared' is not concurrency-safe because it involves shared mutable state", exponea-ios-sdk issue #74)
    /// unless the module is imported with `@preconcurrency` (the workaround named in issue #98).
    public internal(set) static var shared = ExponeaInternal()
}

/// `ExponeaSDK/ExponeaSDKShared/Classes/ExponeaSettings+Integration.swift`: `public protocol IntegrationType: Equatable`.
public protocol IntegrationType: Equatable {}

/// `ExponeaSDK/ExponeaSDKShared/Classes/Models/Networking/Authorization.swift`.
public enum Authorization: Equatable {
    case none
    case token(String)
    case bearer(token: String)
}

extension Exponea {
    /// `ExponeaSettings+Integration.swift`: `struct ProjectSettings: IntegrationType` in `public extension Exponea`
    /// (`baseUrl` and `projectMapping` parameters, defaulted there, left out here).
    public struct ProjectSettings: IntegrationType {
        public let projectToken: String
        public let authorization: Authorization

        public init(projectToken: String, authorization: Authorization) {
            self.projectToken = projectToken
            self.authorization = authorization
        }
    }

    /// `ExponeaSDK/ExponeaSDK/Classes/Exponea+Configuration.swift`: `struct PushNotificationTracking`, made by
    /// `.enabled(appGroup:delegate:requirePushAuthorization:tokenTrackFrequency:)` (the defaulted `delegate` and
    /// `tokenTrackFrequency` left out here) or `.disabled`. With `requirePushAuthorization` (the default) the SDK
    /// tracks the token only once the user allowed notifications.
    public struct PushNotificationTracking {
        let isEnabled: Bool
        let appGroup: String?
        let requirePushAuthorization: Bool

        public static func enabled(appGroup: String, requirePushAuthorization: Bool = true) -> PushNotificationTracking
        {
            PushNotificationTracking(
                isEnabled: true,
                appGroup: appGroup,
                requirePushAuthorization: requirePushAuthorization
            )
        }

        public static let disabled = PushNotificationTracking(
            isEnabled: false,
            appGroup: nil,
            requirePushAuthorization: true
        )
    }
}

/// `ExponeaSDK/ExponeaSDK/Classes/ExponeaInternal.swift`: `public class ExponeaInternal: ExponeaType`, not `Sendable`.
public class ExponeaInternal {
    /// `Exponea+Configuration.swift:210`, in `public extension ExponeaInternal` (the defaulted session, properties,
    /// flushing and authentication parameters left out here). Manual push tracking: no swizzling, the app calls the
    /// `handlePushNotification…` methods.
    public func configure(
        _ integrationConfig: any IntegrationType,
        pushNotificationTracking: Exponea.PushNotificationTracking
    ) {}

    /// `ExponeaInternal+Tracking.swift:375`.
    public func handlePushNotificationToken(deviceToken: Data) {}

    /// `ExponeaInternal+Tracking.swift:322`: tracks the click and opens the action's deep link or browser URL.
    public func handlePushNotificationOpened(response: UNNotificationResponse) {}

    /// `ExponeaInternal+Tracking.swift:334`.
    public func handlePushNotificationOpened(userInfo: [AnyHashable: Any], actionIdentifier: String? = nil) {}
}
