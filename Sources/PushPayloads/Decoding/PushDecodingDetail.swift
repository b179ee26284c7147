/// How much of the ``PushNotification`` model a decode fills in.
///
/// A listing of many pushes needs only what identifies and summarises each one. ``summary`` skips everything else
/// (buttons, images, the vendors' extras, APNs presentation fields), which is most of the work of a decode:
///
/// ```swift
/// var classifier = PushClassifier()
/// for line in capture {
///     let push = try classifier.decode(line, detail: .summary)
///     print(push.vendor?.name ?? "unknown", push.messageID ?? "-", push.title ?? "")
/// }
/// ```
public enum PushDecodingDetail: Hashable, Sendable {
    /// Every field, the buttons, the images and the vendor's extras.
    case full
    /// The classification (vendor, other matches, silence, shape), ``PushNotification/messageID``,
    /// ``PushNotification/title``, ``PushNotification/subtitle``, ``PushNotification/body`` and
    /// ``PushNotification/defaultAction``, each exactly as a full decode gives it. The other fields keep their empty
    /// values (`nil`, `[]`, `false`); ``PushNotification/document`` is set.
    case summary
}
