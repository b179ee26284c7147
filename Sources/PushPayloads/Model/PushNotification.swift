import PushPayloadsJSON

/// A push notification in one vendor-neutral model: whose it is, whether it is silent, what it shows, what a tap does,
/// and the vendor's own fields as typed values.
///
/// Build one with ``PushDecoderRegistry/decode(_:detail:)-(PushPayload,_)``. The model is lossless: anything no field captures is still in
/// ``document``. Two are equal when every field, the extras and the payload are.
public struct PushNotification: Sendable, Equatable {
    /// The classification this notification was decoded with, which ``vendor``, ``marker``, ``alsoMatching``, ``shape``
    /// and ``isSilent`` read and write.
    public var classification: PushClassification

    /// The vendor whose marker wins, or `nil` for a push no decoder recognises.
    public var vendor: PushVendor? {
        get { classification.vendor }
        set { classification.vendor = newValue }
    }
    /// The rule of ``vendor`` that recognised the payload; `nil` when ``vendor`` is.
    public var marker: PushMarker? {
        get { classification.marker }
        set { classification.marker = newValue }
    }
    /// Other vendors whose markers the payload also carries, in precedence order.
    public var alsoMatching: [PushVendor] {
        get { classification.alsoMatching }
        set { classification.alsoMatching = newValue }
    }
    /// How the payload arrived.
    public var shape: PushWireShape {
        get { classification.shape }
        set { classification.shape = newValue }
    }
    /// Whether the owner's SDK treats the push as silent.
    public var isSilent: Bool {
        get { classification.isSilent }
        set { classification.isSilent = newValue }
    }

    /// `aps.content-available` is 1: the app is woken in the background.
    public var isContentAvailable: Bool {
        get { presentation.fields.isContentAvailable }
        set { uniquePresentation().fields.isContentAvailable = newValue }
    }
    /// `aps.mutable-content` is 1: a notification service extension may rewrite the push.
    public var isMutableContent: Bool {
        get { presentation.fields.isMutableContent }
        set { uniquePresentation().fields.isMutableContent = newValue }
    }

    /// The title the device shows, on the platform ``shape`` says receives the push: the APNs alert, unless the owner's
    /// notification service extension replaces it (it runs only when `mutable-content` is 1), or the text the owner's
    /// Android SDK builds the notification from.
    public var title: String? {
        get { titleText?.string }
        set { titleText = newValue.map(PushTextValue.string) }
    }
    /// The subtitle the device shows (see ``title``).
    public var subtitle: String? {
        get { subtitleText?.string }
        set { subtitleText = newValue.map(PushTextValue.string) }
    }
    /// The body the device shows (see ``title``).
    public var body: String? {
        get { bodyText?.string }
        set { bodyText = newValue.map(PushTextValue.string) }
    }
    /// ``title``, ``subtitle`` and ``body`` as held: references into the parsed bytes, which a record writer copies
    /// escaped, and which a decoder that sets its own text never pays to decode.
    package var titleText: PushTextValue?
    package var subtitleText: PushTextValue?
    package var bodyText: PushTextValue?
    /// The text the owner's own keys carry (Exponea `title` and `message`, Swrve `_sw.media`), whether or not the
    /// device shows it: without `mutable-content` iOS shows the APNs alert instead. `nil` for vendors without text keys
    /// of their own.
    public var vendorText: PushText? {
        get { presentation.fields.vendorText }
        set { uniquePresentation().fields.vendorText = newValue }
    }
    /// The app icon badge (`aps.badge`; Exponea's `badge` string).
    public var badge: Int? {
        get { presentation.fields.badge }
        set { uniquePresentation().fields.badge = newValue }
    }
    /// The sound name (`aps.sound`, or its `name` when it is a dictionary; vendors' own `sound` keys).
    public var sound: String? {
        get { presentation.fields.sound }
        set { uniquePresentation().fields.sound = newValue }
    }
    /// The notification category (`aps.category`), which selects the buttons the app registered.
    public var category: String? {
        get { presentation.fields.category }
        set { uniquePresentation().fields.category = newValue }
    }
    /// The thread that groups notifications (`aps.thread-id`).
    public var threadID: String? {
        get { presentation.fields.threadID }
        set { uniquePresentation().fields.threadID = newValue }
    }
    /// How urgently the system presents it (`aps.interruption-level`).
    public var interruptionLevel: PushInterruptionLevel? {
        get { presentation.fields.interruptionLevel }
        set { uniquePresentation().fields.interruptionLevel = newValue }
    }
    /// The relevance score in the notification summary (`aps.relevance-score`).
    public var relevanceScore: Double? {
        get { presentation.fields.relevanceScore }
        set { uniquePresentation().fields.relevanceScore = newValue }
    }

    /// The vendor's message identity, as one string: Cordial `mcID`, Swrve `_sp` or `_p`, Atomic card instance id,
    /// Exponea campaign id. The typed parts are in the vendor's extras.
    public var messageID: String? {
        get { messageIDText?.string }
        set { messageIDText = newValue.map(PushTextValue.string) }
    }
    /// ``messageID`` as held: a reference to the payload's string where the id is one (see ``titleText``).
    package var messageIDText: PushTextValue?
    /// What a tap on the notification itself does.
    public var defaultAction: PushAction
    /// The action buttons, in display order.
    public var buttons: [PushButton] {
        get { presentation.fields.buttons }
        _modify { yield &uniquePresentation().fields.buttons }
    }
    /// The images, in display order (a rich-push attachment, or carousel items).
    public var images: [PushImage] {
        get { presentation.fields.images }
        _modify { yield &uniquePresentation().fields.images }
    }

    /// The owner's own typed fields (``CordialExtras``, ``ExponeaExtras``, …), read through the vendors' accessors
    /// (``cordial``, ``exponea``, ``swrve``, ``atomic``) or by type. Filled in only by a ``PushDecodingDetail/full``
    /// decode.
    public var extras: PushExtras {
        get { presentation.fields.extras }
        _modify { yield &uniquePresentation().fields.extras }
    }

    /// The fields outside ``PushDecodingDetail/summary``, in one box: a summary's notification has none, so building,
    /// copying and dropping it touches a dozen fewer references.
    private var presentation: PresentationReference

    /// The whole payload, so nothing is lost.
    public var document: JSONDocument
}

extension PushNotification {
    // Outside the type's body, so the type keeps the memberwise initialiser `neutralReading` builds the value with in
    // one step: a value assembled field by field in `self` was copied whole and released.
    /// Creates the vendor-neutral reading of `payload`: classification, APNs fields, and the text from `aps.alert`
    /// (APNs) or the `title`, `subtitle` and `body` (else `text`) strings (FCM). With ``PushDecodingDetail/summary``
    /// the APNs presentation fields (badge, sound, category, …) are left empty.
    public init(
        payload: PushPayload,
        classification: consuming PushClassification,
        detail: PushDecodingDetail = .full
    ) {
        self = Self.neutralReading(payload: payload, classification: classification, detail: detail)
    }

    /// ``init(payload:classification:detail:)``, for the registry's decodes.
    @inline(__always)
    package static func neutralReading(
        payload: PushPayload,
        classification: consuming PushClassification,
        detail: PushDecodingDetail
    ) -> PushNotification {
        let aps = payload.aps
        let presentation: PresentationReference
        if detail == .full {
            var fields = Presentation()
            fields.isContentAvailable = aps?["content-available"]?.numberValue?.int64Value == 1
            fields.isMutableContent = aps?["mutable-content"]?.numberValue?.int64Value == 1
            fields.badge = aps?["badge"]?.numberValue?.intValue
            if let sound = aps?["sound"] { fields.sound = sound.stringValue ?? sound["name"]?.stringValue }
            fields.category = aps?["category"]?.stringValue
            fields.threadID = aps?["thread-id"]?.stringValue
            fields.interruptionLevel = aps?["interruption-level"]?.stringValue.map(PushInterruptionLevel.init(name:))
            fields.relevanceScore = aps?["relevance-score"]?.numberValue?.doubleValue
            presentation = PresentationReference(box: PresentationBox(fields))
        } else {
            // No box rather than one shared empty box: two threads decoding summaries each retained and released
            // the shared one, a reference count written from both cores for every payload.
            presentation = PresentationReference(box: nil)
        }

        var title: PushTextValue?
        var subtitle: PushTextValue?
        var body: PushTextValue?
        switch payload.shape {
        case .apns:
            // An APNs push shows its alert and nothing else; top-level keys are the app's to read.
            if let alert = aps?["alert"] {
                if let text = PushTextValue(alert) {
                    body = text
                } else {
                    title = PushTextValue(alert["title"])
                    subtitle = PushTextValue(alert["subtitle"])
                    body = PushTextValue(alert["body"])
                }
            }
        case .fcm:
            title = PushTextValue(payload["title"])
            subtitle = PushTextValue(payload["subtitle"])
            body = PushTextValue(payload["body"]) ?? PushTextValue(payload["text"])
        }
        return PushNotification(
            classification: consume classification,
            titleText: title,
            subtitleText: subtitle,
            bodyText: body,
            messageIDText: nil,
            defaultAction: .openApp,
            presentation: presentation,
            document: payload.document
        )
    }
}

extension PushNotification {
    /// The fields a summary leaves empty.
    struct Presentation: Sendable, Equatable {
        var isContentAvailable = false
        var isMutableContent = false
        var vendorText: PushText?
        var badge: Int?
        var sound: String?
        var category: String?
        var threadID: String?
        var interruptionLevel: PushInterruptionLevel?
        var relevanceScore: Double?
        var buttons: [PushButton] = []
        var images: [PushImage] = []
        var extras = PushExtras()
    }

    /// ``Presentation`` behind a reference, copied on write: notifications stay values.
    final class PresentationBox: @unchecked Sendable, Equatable {
        // Mutated only through `uniquePresentation()`, on a box no other notification holds: a shared box is never
        // written, so reading it from several tasks is safe.
        var fields: Presentation

        init(_ fields: Presentation) { self.fields = fields }

        static func == (lhs: PresentationBox, rhs: PresentationBox) -> Bool { lhs.fields == rhs.fields }
    }

    /// A notification's ``Presentation``: a box, or none when every field is empty (a summary's). Equal when the
    /// fields are, however they are held.
    struct PresentationReference: Sendable, Equatable {
        var box: PresentationBox?

        var fields: Presentation { box?.fields ?? Presentation() }

        static func == (lhs: PresentationReference, rhs: PresentationReference) -> Bool {
            lhs.box === rhs.box || lhs.fields == rhs.fields
        }
    }

    /// ``presentation``'s box, made (or first copied, when another notification holds it) for a write.
    @inline(__always)
    private mutating func uniquePresentation() -> PushNotification.PresentationBox {
        if !isKnownUniquelyReferenced(&presentation.box) { presentation.box = PresentationBox(presentation.fields) }
        return presentation.box.unsafelyUnwrapped
    }
}

/// A text field of ``PushNotification`` as held: a string a decoder set, or a string value of the payload, decoded only
/// when it is read.
///
/// Public only under the `Writers` SPI, for `OutputBuffer.appendJSONText(_:)`, which the record and inspection
/// writers inline from PushRequests (a `package` type could not appear in its signature).
@_spi(Writers) public enum PushTextValue: Sendable, Equatable {
    case string(String)
    /// A JSON string (never another kind of value).
    case json(JSONValue)

    /// The value, when it is a string.
    @inline(__always)
    package init?(_ value: JSONValue?) {
        guard let value, value.kind == .string else { return nil }
        self = .json(value)
    }

    /// The value, when it is a string that is not empty.
    @inline(__always)
    package init?(nonEmpty value: JSONValue?) {
        guard let value, value.kind == .string, !value.isEmptyString else { return nil }
        self = .json(value)
    }

    /// The text.
    package var string: String {
        switch self {
        case .string(let text): return text
        case .json(let value): return value.stringValue ?? ""
        }
    }

    /// Equal when the texts are, however each is held.
    public static func == (lhs: PushTextValue, rhs: PushTextValue) -> Bool { lhs.string == rhs.string }
}
