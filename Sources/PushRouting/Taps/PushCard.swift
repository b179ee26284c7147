public import PushPayloads

/// A card in a vendor's card stream that a tapped push points at, such as an Atomic action card: what the app
/// needs to open it with the vendor's SDK.
///
/// Card SDKs open a card by its stream container and the card's instance in it (Atomic's
/// `AACStreamContainerViewController` takes the container; the card instance scrolls it to the card), so a card is
/// named by those two, plus the custom data the sender attached. The vendor says which SDK to hand it to.
///
/// A decoder for another card vendor returns ``PushTapResolution/card(_:)`` with its own ``vendor`` from
/// ``PushTapHandling/resolveDefaultTap(on:)``.
public struct PushCard: Hashable, Sendable {
    /// The sender whose SDK opens the card, such as `atomic`.
    public var vendor: PushVendor
    /// The stream container the card is in, as a string (Atomic's `streamContainerId`, a number or a string in
    /// the payload).
    public var containerID: String
    /// The card instance the push was sent for (Atomic's `cardInstanceId`).
    public var cardInstanceID: String
    /// The custom data the sender attached to the push (Atomic's `detail`); an empty object when there is none.
    public var detail: JSONValue

    /// A card of `vendor`'s in the container `containerID`; `detail` defaults to an empty object.
    public init(
        vendor: PushVendor,
        containerID: String,
        cardInstanceID: String,
        detail: JSONValue = JSONObject.empty.value
    ) {
        self.vendor = vendor
        self.containerID = containerID
        self.cardInstanceID = cardInstanceID
        self.detail = detail
    }
}

extension PushCard: CustomStringConvertible {
    /// `card <instance> in container <container> (<vendor>)`.
    public var description: String { "card \(cardInstanceID) in container \(containerID) (\(vendor.name))" }
}
