// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for Apple's UserNotifications framework, shaped as Swift imports it, so that the router's adapter
// (`Sources/PushRouting/UserNotifications/`), the delegate patterns in `AppUsage.swift`, the DocC articles and
// `Examples/MultiVendorApp` type-check on Linux (`scripts/check-apple-adapters.sh`). Every public name here is one
// Apple declares, quoted with its SDK in MIRRORS.md beside this file (`AppleStandInMirrorTests` checks that).
//
// Two SDKs, chosen by a compilation condition: with `-D IOS18_SDK` as the iOS 18 SDK (Xcode 16) declares the
// completion handlers, `@Sendable` for the notification centre delegate's and not for the service extension's content
// handler; without it as the iOS 17 SDK (Xcode 15) does, none `@Sendable`.
//
// Linux has no Objective-C runtime, so `@objc` protocols and `optional` requirements cannot be declared.
// `UNUserNotificationCenterDelegate` is mirrored as the closest Swift has: a protocol refining
// `NSObjectProtocol`, with no actor isolation, whose requirements all have empty defaults (what an
// optional requirement is to a conforming class). As with Apple's, a main-actor class satisfies its
// requirements only with `nonisolated` methods. What the mirror cannot reproduce: Objective-C selector
// matching (a near-miss signature here is an unrelated method, not a warning), and the rule that the
// completion-handler and async forms of one callback are one selector (implement one of them).
//
// The notification classes are `NSObject` subclasses without `Sendable`, as Apple's are.
@_exported import Foundation

public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

open class UNNotificationAttachment: NSObject {
    open var identifier: String { storedIdentifier }
    open var url: URL { storedURL }
    let storedIdentifier: String
    let storedURL: URL

    public init(identifier: String, url: URL, options: [AnyHashable: Any]? = nil) throws {
        storedIdentifier = identifier
        storedURL = url
    }
}

open class UNNotificationSound: NSObject {
    open class var `default`: UNNotificationSound { UNNotificationSound() }
}

/// Immutable: every property is read-only (`UNMutableNotificationContent` makes them settable).
open class UNNotificationContent: NSObject, NSCopying, NSMutableCopying {
    var storedUserInfo: [AnyHashable: Any] = [:]
    var storedTitle = ""
    var storedSubtitle = ""
    var storedBody = ""
    var storedBadge: NSNumber?
    var storedSound: UNNotificationSound?
    var storedAttachments: [UNNotificationAttachment] = []
    var storedCategoryIdentifier = ""
    var storedThreadIdentifier = ""

    override public init() { super.init() }

    open var userInfo: [AnyHashable: Any] { storedUserInfo }
    open var title: String { storedTitle }
    open var subtitle: String { storedSubtitle }
    open var body: String { storedBody }
    open var badge: NSNumber? { storedBadge }
    open var sound: UNNotificationSound? { storedSound }
    open var attachments: [UNNotificationAttachment] { storedAttachments }
    open var categoryIdentifier: String { storedCategoryIdentifier }
    open var threadIdentifier: String { storedThreadIdentifier }

    public func copy(with zone: NSZone? = nil) -> Any { copyContent(into: UNNotificationContent()) }
    public func mutableCopy(with zone: NSZone? = nil) -> Any { copyContent(into: UNMutableNotificationContent()) }

    private func copyContent(into copy: UNNotificationContent) -> UNNotificationContent {
        copy.storedUserInfo = storedUserInfo
        copy.storedTitle = storedTitle
        copy.storedSubtitle = storedSubtitle
        copy.storedBody = storedBody
        copy.storedBadge = storedBadge
        copy.storedSound = storedSound
        copy.storedAttachments = storedAttachments
        copy.storedCategoryIdentifier = storedCategoryIdentifier
        copy.storedThreadIdentifier = storedThreadIdentifier
        return copy
    }
}

open class UNMutableNotificationContent: UNNotificationContent {
    override open var userInfo: [AnyHashable: Any] {
        get { storedUserInfo }
        set { storedUserInfo = newValue }
    }
    override open var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }
    override open var subtitle: String {
        get { storedSubtitle }
        set { storedSubtitle = newValue }
    }
    override open var body: String {
        get { storedBody }
        set { storedBody = newValue }
    }
    override open var badge: NSNumber? {
        get { storedBadge }
        set { storedBadge = newValue }
    }
    override open var sound: UNNotificationSound? {
        get { storedSound }
        set { storedSound = newValue }
    }
    override open var attachments: [UNNotificationAttachment] {
        get { storedAttachments }
        set { storedAttachments = newValue }
    }
    override open var categoryIdentifier: String {
        get { storedCategoryIdentifier }
        set { storedCategoryIdentifier = newValue }
    }
    override open var threadIdentifier: String {
        get { storedThreadIdentifier }
        set { storedThreadIdentifier = newValue }
    }
}

open class UNNotificationTrigger: NSObject {
    open var repeats: Bool { false }
}

open class UNNotificationRequest: NSObject {
    open var identifier: String { storedIdentifier }
    /// A copy of the content the request was made with.
    open var content: UNNotificationContent { storedContent }
    open var trigger: UNNotificationTrigger? { storedTrigger }
    let storedIdentifier: String
    let storedContent: UNNotificationContent
    let storedTrigger: UNNotificationTrigger?

    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        storedIdentifier = identifier
        storedContent = content.copy() as? UNNotificationContent ?? content
        storedTrigger = trigger
    }
}

open class UNNotification: NSObject {
    open var date: Date { storedDate }
    open var request: UNNotificationRequest { storedRequest }
    let storedDate: Date
    let storedRequest: UNNotificationRequest

    // Apple's `init` is unavailable: the system makes notifications.
    init(date: Date, request: UNNotificationRequest) {
        storedDate = date
        storedRequest = request
    }
}

open class UNNotificationResponse: NSObject {
    open var notification: UNNotification { storedNotification }
    open var actionIdentifier: String { storedActionIdentifier }
    let storedNotification: UNNotification
    let storedActionIdentifier: String

    init(notification: UNNotification, actionIdentifier: String) {
        storedNotification = notification
        storedActionIdentifier = actionIdentifier
    }
}

open class UNTextInputNotificationResponse: UNNotificationResponse {
    open var userText: String { "" }
}

public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    @available(*, deprecated, message: "Use .list and .banner")
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

public struct UNAuthorizationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
}

open class UNUserNotificationCenter: NSObject {
    open class func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }
    open weak var delegate: (any UNUserNotificationCenterDelegate)?
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { true }
}

/// `@protocol UNUserNotificationCenterDelegate <NSObject>`, every method `@optional`, no actor isolation.
/// Swift imports each completion-handler method with an async alternative (the same selector).
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    #if IOS18_SDK
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    )
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    )
    #else
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    )
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    )
    #endif
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

// `@optional`: a conforming class may leave any of them out.
extension UNUserNotificationCenterDelegate {
    #if IOS18_SDK
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {}
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {}
    #else
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {}
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {}
    #endif
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions { [] }
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse
    ) async {}
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        openSettingsFor notification: UNNotification?
    ) {}
}

/// `UNNotificationServiceExtension : NSObject`: the principal class of a notification service extension,
/// not isolated to an actor. Its content handler is not `@Sendable` in either SDK.
open class UNNotificationServiceExtension: NSObject {
    override public init() { super.init() }
    open func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        contentHandler(request.content)
    }
    open func serviceExtensionTimeWillExpire() {}
}
