/// A push notification in one vendor-neutral model: whose it is, whether it is silent, what it shows,
/// what a tap does, and the vendor's own fields as typed values.
///
/// Build one with ``PushDecoderRegistry/decode(_:)``. The model is lossless: anything no field captures
/// is still in ``document``.
public struct PushNotification: Sendable {
    /// The vendor whose marker wins, or `nil` for a push no decoder recognises.
    public var vendor: PushVendor?
    /// Other vendors whose markers the payload also carries, in precedence order.
    public var alsoMatching: [PushVendor]
    /// How the payload arrived.
    public var shape: PushWireShape
    /// Whether the owner's SDK treats the push as silent.
    public var isSilent: Bool

    /// `aps.content-available` is 1: the app is woken in the background.
    public var isContentAvailable: Bool
    /// `aps.mutable-content` is 1: a notification service extension may rewrite the push.
    public var isMutableContent: Bool

    /// The title, as the owner's SDK would show it.
    public var title: String?
    /// The subtitle, as the owner's SDK would show it.
    public var subtitle: String?
    /// The body, as the owner's SDK would show it.
    public var body: String?
    /// The app icon badge (`aps.badge`; Exponea's `badge` string).
    public var badge: Int?
    /// The sound name (`aps.sound`, or its `name` when it is a dictionary; vendors' own `sound` keys).
    public var sound: String?
    /// The notification category (`aps.category`), which selects the buttons the app registered.
    public var category: String?
    /// The thread that groups notifications (`aps.thread-id`).
    public var threadID: String?
    /// How urgently the system presents it (`aps.interruption-level`).
    public var interruptionLevel: PushInterruptionLevel?
    /// The relevance score in the notification summary (`aps.relevance-score`).
    public var relevanceScore: Double?

    /// The vendor's message identity, as one string: Cordial `mcID`, Swrve `_sp` or `_p`, Atomic card
    /// instance id, Exponea campaign id. The typed parts are in the vendor's extras.
    public var messageID: String?
    /// What a tap on the notification itself does.
    public var defaultAction: PushAction
    /// The action buttons, in display order.
    public var buttons: [PushButton]
    /// The images, in display order (a rich-push attachment, or carousel items).
    public var images: [PushImage]

    /// Cordial's fields, for Cordial pushes.
    public var cordial: CordialExtras?
    /// Exponea's fields, for Exponea pushes.
    public var exponea: ExponeaExtras?
    /// Swrve's fields, for Swrve pushes.
    public var swrve: SwrveExtras?
    /// Atomic's fields, for Atomic pushes.
    public var atomic: AtomicPushNotification?
    /// Fields a custom decoder wants to keep, as JSON (for vendors without a typed extras value).
    public var customExtras: JSONValue?

    /// The whole payload, so nothing is lost.
    public var document: JSONDocument

    /// Creates the vendor-neutral reading of `payload`: classification, APNs fields, and content from
    /// `aps.alert` or, failing that, the FCM `title`, `body` or `text` strings. With
    /// ``PushDecodingDetail/summary`` the APNs presentation fields (badge, sound, category, …) are left
    /// empty.
    public init(payload: PushPayload, classification: PushClassification, detail: PushDecodingDetail = .full) {
        vendor = classification.vendor
        alsoMatching = classification.alsoMatching
        shape = classification.shape
        isSilent = classification.isSilent
        document = payload.document
        defaultAction = .openApp
        buttons = []
        images = []

        let aps = payload.aps
        if detail == .full {
            isContentAvailable = aps?["content-available"]?.numberValue?.int64Value == 1
            isMutableContent = aps?["mutable-content"]?.numberValue?.int64Value == 1
            badge = aps?["badge"]?.numberValue?.intValue
            if let sound = aps?["sound"] {
                self.sound = sound.stringValue ?? sound["name"]?.stringValue
            }
            category = aps?["category"]?.stringValue
            threadID = aps?["thread-id"]?.stringValue
            interruptionLevel = aps?["interruption-level"]?.stringValue.map(PushInterruptionLevel.init(name:))
            relevanceScore = aps?["relevance-score"]?.numberValue?.doubleValue
        } else {
            isContentAvailable = false
            isMutableContent = false
        }

        if let alert = aps?["alert"] {
            if let text = alert.stringValue {
                body = text
            } else {
                title = alert["title"]?.stringValue
                subtitle = alert["subtitle"]?.stringValue
                body = alert["body"]?.stringValue
            }
        } else {
            title = payload["title"]?.stringValue
            subtitle = payload["subtitle"]?.stringValue
            body = payload["body"]?.stringValue ?? payload["text"]?.stringValue
        }
    }

    /// The classification this notification was decoded with.
    public var classification: PushClassification {
        PushClassification(vendor: vendor, alsoMatching: alsoMatching, isSilent: isSilent, shape: shape)
    }
}
