import PushPayloads
import PushRequests

/// What one input decodes to: a device payload's notification, or a send request's, one per platform it
/// reaches. An enum rather than an array, so the usual case, a device payload, allocates nothing more.
enum DecodedInput {
    case device(PushNotification)
    case request(PushRequestKind, [(platform: PushPlatform, notification: PushNotification)])

    /// The platform a device payload's shape names: iOS for APNs, Android for FCM data.
    static func platform(of notification: PushNotification) -> PushPlatform {
        notification.shape == .apns ? .ios : .android
    }
}
