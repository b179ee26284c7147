import PushPayloadsJSON

/// An Atomic push, as `AACPushNotification` describes it: the card instance that triggered it, its
/// stream container, and the custom data sent with it.
public struct AtomicPushNotification: PushNotificationExtras {
    /// `atomic`.
    public static let name = "atomic"

    /// The card instance that triggered the push (`atomic.cardInstanceId`).
    public var cardInstanceID: String
    /// The stream container, always as a string (`atomic.streamContainerId`, a string or a number, which
    /// reads as JavaScript's `String(n)` prints it).
    public var containerID: String
    /// The custom data (`atomic.detail`); empty when absent or not an object.
    public var detail: JSONValue

    /// Creates a value.
    public init(cardInstanceID: String, containerID: String, detail: JSONValue) {
        self.cardInstanceID = cardInstanceID
        self.containerID = containerID
        self.detail = detail
    }

    /// Reads a complete envelope (the value of `atomic`), or returns `nil` if it is not one.
    init?(envelope: JSONValue) {
        guard AtomicDecoder.isEnvelope(envelope), let card = envelope["cardInstanceId"]?.stringValue,
            let container = envelope["streamContainerId"]
        else { return nil }
        self.cardInstanceID = card
        // The Web SDK converts with JavaScript's String(n): `1234.0` is "1234", `1e21` is "1e+21".
        self.containerID = container.stringValue ?? container.numberValue.map(SDKConversions.javaScriptString) ?? ""
        let detail = envelope["detail"]
        self.detail = detail?.kind == .object ? detail! : JSONObject.empty.value
    }

    enum CodingKeys: String, CodingKey {
        case cardInstanceID = "card_instance_id"
        case containerID = "container_id"
        case detail
    }
}

extension PushNotification {
    /// Atomic's card, for Atomic pushes.
    public var atomic: AtomicPushNotification? {
        get { extras[AtomicPushNotification.self] }
        set { extras[AtomicPushNotification.self] = newValue }
    }
}
