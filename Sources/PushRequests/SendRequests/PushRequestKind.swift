public import PushPayloads

/// What a JSON input is: a payload as a device receives it, or a request a server sends. An open set.
public struct PushRequestKind: Hashable, Sendable, PushNamedValue {
    /// A stable snake_case name, such as `fcm_v1`.
    public let name: String

    /// Creates a kind; use a name no built-in kind uses.
    public init(name: String) { self.name = name }

    /// A payload as a device receives it: an APNs payload (`aps` and custom keys) or FCM data.
    public static let devicePayload = PushRequestKind(name: "device_payload")
    /// An APNs request, written `{"headers": {…}, "payload": {…}}` (the shape of FCM's `apns` field):
    /// the HTTP/2 headers (`apns-push-type`, `apns-priority`, …) and the JSON body.
    public static let apnsRequest = PushRequestKind(name: "apns_request")
    /// An FCM HTTP v1 `messages:send` body: `{"message": {…}}`, optionally with `validate_only`.
    public static let fcmV1 = PushRequestKind(name: "fcm_v1")
    /// A legacy FCM HTTP body (`to` or `registration_ids`, `data`, `notification`, …): the API Google
    /// deprecated in 2023 and began shutting down in July 2024.
    public static let fcmLegacy = PushRequestKind(name: "fcm_legacy")
}
