import PushPayloads

/// A size limit a send request or payload reaches, measured as the checks (`apns.size`, `fcm.size`) and
/// ``PushFitter`` both measure it, so that what `fit` returns is what `lint` accepts.
struct PushSizeLimit: Sendable, Equatable {
    /// Which limit.
    enum Kind: Sendable, Equatable {
        /// The body APNs receives for iOS: the payload without whitespace.
        case apns
        /// FCM's message: the data's keys and values and the notification's title and body.
        case fcm
    }

    var kind: Kind
    /// What is measured now.
    var bytes: Int
    /// The most the platform accepts (or what `--max-bytes` says).
    var limit: Int
    /// Where the measured value sits in the input: `$`, `$.payload`, `$.message`, …
    var path: String
    /// Whether it is an APNs VoIP push (5,120 bytes instead of 4,096).
    var isVoIP = false

    var isExceeded: Bool { bytes > limit }

    /// The limits `request` reaches, measured: the iOS payload's (any request or payload that has an iOS
    /// delivery) and the FCM message's (an FCM v1 body). `maximumBytes` replaces each platform's limit.
    static func limits(of request: PushSendRequest, maximumBytes: Int? = nil) -> [PushSizeLimit] {
        var limits: [PushSizeLimit] = []
        if let fcm = fcmBytes(of: request) {
            limits.append(PushSizeLimit(kind: .fcm, bytes: fcm, limit: maximumBytes ?? 4_096, path: "$.message"))
        }
        if let ios = request.deliveries.first(where: { $0.platform == .ios }) {
            limits.append(apns(ios, of: request, maximumBytes: maximumBytes))
        }
        return limits
    }

    /// The APNs limit of an iOS delivery.
    static func apns(_ ios: PushDelivery, of request: PushSendRequest, maximumBytes: Int? = nil) -> PushSizeLimit {
        // Only APNs requests and FCM v1 bodies carry the push type; legacy FCM and payloads have none.
        let hasHeaders = request.kind == .apnsRequest || request.kind == .fcmV1
        let isVoIP = hasHeaders && ios.headers["apns-push-type"] == "voip"
        return PushSizeLimit(
            kind: .apns,
            bytes: ios.payload.document.root.jsonByteCount,
            limit: maximumBytes ?? (isVoIP ? 5_120 : 4_096),
            path: PushCheckContext.iosPayloadPath(of: request.kind),
            isVoIP: isVoIP
        )
    }

    /// An FCM v1 message's size as FCM counts it: each string of `data` (key and value) and the notification's `title`
    /// and `body` (key and value), in UTF-8 as the request carries them, JSON escapes included (the larger reading, so
    /// a message under the limit is under it either way). `nil` for anything but an FCM v1 body.
    ///
    /// Android devices receive `android.data` in place of `data` (``PushDelivery``), so the larger of the two is
    /// counted: a message whose `android.data` alone is over the limit is over it for Android.
    static func fcmBytes(of request: PushSendRequest) -> Int? {
        guard request.kind == .fcmV1, let message = request.document.rootObject["message"]?.objectValue else {
            return nil
        }
        let data = message["data"]?.objectValue?.escapedStringMemberBytes ?? 0
        let androidData = message["android"]?["data"]?.objectValue?.escapedStringMemberBytes ?? 0
        var size = max(data, androidData)
        for key in ["title", "body"] {
            if let length = message["notification"]?[key]?.escapedStringLength { size += key.utf8.count + length }
        }
        return size
    }
}
