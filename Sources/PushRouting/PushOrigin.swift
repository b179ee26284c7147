public import PushPayloads
import PushPayloadsFoundation

/// Where an event came from, for the vendor SDK calls a delegate must still make: the `userInfo` dictionary the
/// platform delivered, and on Apple platforms the `UNNotification`, `UNNotificationResponse` or `UNNotificationRequest`
/// the app's delegate was handed.
///
/// ```swift
/// func didTapPush(_ tap: PushTap) async throws {
///     Exponea.shared.handlePushNotificationOpened(userInfo: tap.origin.userInfo,
///                                                 actionIdentifier: tap.actionIdentifier)
/// }
/// ```
///
/// ## How the original crosses to the delegate
///
/// The `userInfo` crosses as the `Sendable` payload and is rebuilt on the delegate's side, on every read, by the exact
/// inverse of `JSONDocument(userInfo:)`: equal, key for key and type for type, to what the platform delivered (JSON
/// Booleans come back as `NSNumber` Booleans). Every read gives fresh objects, so nothing mutable is shared between the
/// caller's and the delegate's isolation.
///
/// Apple's notification objects are not `Sendable`. The adapter (`PushRouter+UserNotifications.swift`) attaches the one
/// it was handed to the event, and the delegate reads it back with `origin.notification`, `origin.response` or
/// `origin.request` (``platformObject(as:)`` elsewhere). That crossing is sound for these types alone, which is why
/// only the adapter can attach an object: `UNNotification`, `UNNotificationResponse`, `UNNotificationRequest` and
/// `UNNotificationContent` are immutable (every property is read-only, and the system never changes one after handing
/// it over), so concurrent reads from the caller's and the delegate's tasks cannot race. The router only stores and
/// hands over the reference; it never calls the object. Mutable content (`UNMutableNotificationContent`) never travels
/// this way: a service extension's delegate hands its content back with `sending` (see
/// ``PushServiceExtensionRequest``).
public struct PushOrigin: Sendable {
    /// The payload the event carried, as the router read it.
    public let payload: PushPayload
    /// The platform object the event came from, if the platform handed the router one.
    let platformObject: PlatformObject?

    /// An origin with no platform object: the event was routed from a payload or a `userInfo` dictionary.
    public init(payload: PushPayload) { self.init(payload: payload, platformObject: nil) }

    init(payload: PushPayload, platformObject: PlatformObject?) {
        self.payload = payload
        self.platformObject = platformObject
    }

    /// The `userInfo` dictionary the platform delivered for this push (rebuilt from ``payload``; see
    /// `PushPayload.userInfo`), for the vendor SDK calls that take one.
    public var userInfo: [AnyHashable: Any] { payload.userInfo }

    /// Whether the platform handed the router an object for this event (always, through the Apple adapter's
    /// `UNNotification` and `UNNotificationResponse` entry points).
    public var hasPlatformObject: Bool { platformObject != nil }

    /// The platform object the event came from, if there is one of type `type`.
    public func platformObject<Object: AnyObject>(as type: Object.Type) -> Object? {
        platformObject?.object as? Object
    }
}

/// A reference to a platform object carried between isolation domains: one of Apple's immutable notification objects
/// (see ``PushOrigin``), content a service extension's delegate gave up with `sending` (see
/// ``PushServiceExtensionContent``), or a vendor SDK's service-extension object kept for one request (see
/// ``PushServiceExtensionRequest/vendorObject(make:)``). Only the router creates one.
final class PlatformObject: @unchecked Sendable {
    // `@unchecked`: the object is immutable, or was sent here and is touched by no one until the router hands it to the
    // platform's content handler, or is a vendor's extension object, which its SDK has the extension's two callbacks
    // use from the threads the system calls them on; nothing here reads or writes it, and it is never replaced.
    let object: AnyObject

    init(_ object: AnyObject) { self.object = object }
}

/// What a routing method routes: a payload, for a `userInfo` dictionary the values JSON could not hold
/// (each written into the payload as its description), and the platform object it came from, if any.
struct RoutingInput: Sendable {
    var payload: PushPayload
    var unrepresentable: [PushPayloadError] = []
    var platformObject: PlatformObject? = nil

    /// The origin the delegate is handed.
    var origin: PushOrigin { PushOrigin(payload: payload, platformObject: platformObject) }
}
