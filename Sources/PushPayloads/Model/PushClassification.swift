/// Whose push a payload is, whether it is silent, and how it arrived: the answer of the fast path,
/// computed without building the ``PushNotification`` model.
public struct PushClassification: Hashable, Sendable {
    /// The vendor whose marker wins, or `nil` when no decoder recognises the payload.
    public var vendor: PushVendor?

    /// The rule of ``vendor`` that recognised the payload (see ``PushMarker``); `nil` when ``vendor`` is.
    public var marker: PushMarker?

    /// Other vendors whose markers the payload also carries, in precedence order.
    public var alsoMatching: [PushVendor]

    /// Whether the owner's SDK treats the push as silent (delivered in the background, never shown).
    public var isSilent: Bool

    /// The payload's wire shape.
    public var shape: PushWireShape

    /// Creates a classification.
    public init(
        vendor: PushVendor?,
        marker: PushMarker? = nil,
        alsoMatching: [PushVendor] = [],
        isSilent: Bool,
        shape: PushWireShape
    ) {
        self.vendor = vendor
        self.marker = marker ?? vendor.map { PushMarker(name: $0.name) }
        self.alsoMatching = alsoMatching
        self.isSilent = isSilent
        self.shape = shape
    }

    /// Whether more than one vendor's marker is present.
    public var isAmbiguous: Bool { !alsoMatching.isEmpty }

    /// Each field as given, the marker already chosen: the registry's classification, assembled from its parts where
    /// the model is built (see `PushDecoderRegistry.parts(of:)`).
    @inline(__always)
    init(
        vendor: PushVendor?,
        chosenMarker marker: PushMarker?,
        alsoMatching: consuming [PushVendor],
        isSilent: Bool,
        shape: PushWireShape
    ) {
        self.vendor = vendor
        self.marker = marker
        self.alsoMatching = alsoMatching
        self.isSilent = isSilent
        self.shape = shape
    }
}
