/// A capability a decoder adopts beside ``PushPayloadDecoder`` when its vendor's SDK tells two deliveries of one
/// message apart by an id of its own: the identity the router's duplicate guard compares.
///
/// A decoder that does not adopt it gets the generic identity, ``PushNotification/messageID`` (which its decoder
/// sets, or not). Ask the registry rather than the decoder (``PushDecoderRegistry/messageKey(for:)``): it answers for
/// every vendor, adopting or not.
///
/// ```swift
/// extension AcmeDecoder: PushMessageIdentifying {
///     func messageKey(for notification: PushNotification) -> String? { notification.acme?.deliveryID }
/// }
/// ```
public protocol PushMessageIdentifying: PushPayloadDecoder {
    /// The identity the vendor's SDK de-duplicates `notification` by, one of this decoder's; `nil` when it carries
    /// none, and is then never dropped as a repeat.
    func messageKey(for notification: PushNotification) -> String?
}

extension PushDecoderRegistry {
    /// The identity of `notification`'s message: its vendor's (``PushMessageIdentifying``) when the vendor's decoder
    /// adopts it, else ``PushNotification/messageID``; `nil` for a push no decoder recognised.
    public func messageKey(for notification: PushNotification) -> String? {
        guard let vendor = notification.vendor else { return nil }
        if let decoder = decoder(for: vendor) as? any PushMessageIdentifying {
            return decoder.messageKey(for: notification)
        }
        return notification.messageID
    }
}
