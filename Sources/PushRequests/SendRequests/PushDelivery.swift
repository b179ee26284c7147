public import PushPayloads

/// What one platform's devices receive from a send request: the payload the app (and the vendor SDKs in
/// it) read, the APNs headers that go with it, and the text the system shows on its own.
///
/// Built as Firebase documents FCM's delivery: on iOS, `apns.payload` with the `data` keys beside `aps` and
/// `notification` as `aps.alert` unless `apns.payload` has an alert; on Android, `android.data` or else `data`, as
/// strings (the `notification` block is shown by the system while the app is in the background: ``systemText``); on the
/// web, `webpush.data` or else `data`. FCM also adds its own keys (`gcm.message_id`, `google.c.*`); they are not added
/// here, as they identify the transport, not the sender.
public struct PushDelivery: Sendable {
    /// The platform.
    public var platform: PushPlatform
    /// The payload as the device receives it, with the shape of its transport (APNs for iOS, FCM data
    /// for Android and the web).
    public var payload: PushPayload
    /// The APNs request headers, for iOS (`apns-push-type`, `apns-priority`, …); empty elsewhere.
    public var headers: [String: String]
    /// The text of an FCM notification message, which the system shows by itself on Android and the web
    /// while the app is in the background; `nil` for data messages and for iOS, where it is in `aps`.
    public var systemText: PushText?

    /// Creates a delivery.
    public init(
        platform: PushPlatform,
        payload: PushPayload,
        headers: [String: String] = [:],
        systemText: PushText? = nil
    ) {
        self.platform = platform
        self.payload = payload
        self.headers = headers
        self.systemText = systemText
    }
}
