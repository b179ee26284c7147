import PushPayloadsJSON

/// Cordial pushes, recognised as `CordialPushNotificationHandler.isCordialMessage(userInfo:)` does: top-level `mcID` is
/// a string (an empty one counts, a number does not) — ``PushMarker/cordialMessageID``. The 2020 layout
/// `system.messageAttribution.mcID`, which only Cordial's app extensions still read, counts too, as
/// ``PushMarker/cordialMessageAttribution``, a rule the SDK's entry point does not apply (so
/// `isCordialMessage(userInfo:)` is false for it).
///
/// Silent follows the APNs rule, as Cordial's SDK leaves that decision to the app's delegate callbacks.
public struct CordialDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/cordial``.
    public var vendor: PushVendor { .cordial }

    /// The top-level keys its rule reads; a payload without any of them is not asked.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["mcID", "system"]) }

    /// ``PushMarker/cordialMessageID`` when top-level `mcID` is a string, else ``PushMarker/cordialMessageAttribution``
    /// when `system.messageAttribution.mcID` is, with `system` (on FCM, parsed once) for decoding.
    public func match(_ payload: PushPayload) -> PushMatch? {
        if Self.isCordialMessage(payload) { return PushMatch(payload, marker: .cordialMessageID) }
        guard payload["system"] != nil, let system = payload.nestedJSON("system"),
            system["messageAttribution"]?["mcID"]?.kind == .string
        else { return nil }
        return PushMatch(payload, marker: .cordialMessageAttribution, reading: system)
    }

    /// The SDK's own rule, `isCordialMessage(userInfo:)`: `getMcID` casts top-level `mcID` to `String` and nothing else
    /// is read.
    package static func isCordialMessage(_ payload: PushPayload) -> Bool { payload["mcID"]?.kind == .string }

    /// Fills in the mcID and deep link; with ``PushDecodingDetail/full`` also the carousel, image, in-app message and
    /// inbox flags.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        // The app extensions read the 2020 layout first and fall back to the top-level key: the match read `system`
        // only when the top-level key is no string.
        let usesAttribution = match.marker == .cordialMessageAttribution
        // The match made sure the id is a string; a summary keeps it as a reference into the payload.
        let mcIDValue = usesAttribution ? match.reading?["messageAttribution"]?["mcID"] : payload["mcID"]
        let mcID = PushTextValue(mcIDValue) ?? .string("")

        // `PushNotificationParserDeepLinks` reads each link as a string that `URL(string:)` accepts.
        let deepLink = payload.nestedJSON("deepLink")?.objectValue
        let link = { (key: String) in
            deepLink?[key]?.stringValue.flatMap { SDKConversions.appleURLParses($0) ? $0 : nil }
        }
        let deepLinkURL = link("url")
        let fallbackURL = link("fallbackUrl")
        if let deepLinkURL { notification.defaultAction = .deepLink(deepLinkURL, fallbackURL: fallbackURL) }
        notification.messageIDText = mcID
        // The extras are outside a summary: made only for a full decode (building and dropping them cost a summary
        // their strings' reference counting).
        guard detail == .full else { return }
        var extras = CordialExtras(mcID: mcID.string)
        extras.usesMessageAttributionLayout = usesAttribution
        extras.deepLinkURL = deepLinkURL
        extras.fallbackURL = fallbackURL
        extras.vanityURL = link("vanityUrl")

        let system = (match.reading ?? payload.nestedJSON("system"))?.objectValue
        // The pre-August-2020 top-level `in-app` flag is not read: the SDK dropped it (commit 34725437).
        extras.inAppMessage = system?["iam"]?.objectValue.map { CordialExtras.InAppMessage($0) }
        extras.hasInboxMessage = system?["inbox"]?.objectValue != nil

        if let imageURL = payload["imageURL"]?.stringValue {
            extras.imageURL = imageURL
            notification.images.append(PushImage(url: imageURL))
        }
        // `PushNotificationParserCarousel`: each item must cast to `[String: String]` and both `imageURL` and
        // `deepLink` must make a `URL`; other items are dropped and the rest keep their order.
        if let carousel = payload.nestedJSON("carousel")?.arrayValue {
            for item in carousel {
                guard let item = item.objectValue, item.values.allSatisfy({ $0.kind == .string }),
                    let imageURL = item["imageURL"]?.stringValue, SDKConversions.appleURLParses(imageURL),
                    let link = item["deepLink"]?.stringValue, SDKConversions.appleURLParses(link)
                else { continue }
                extras.carousel.append(CordialExtras.CarouselItem(imageURL: imageURL, deepLink: link))
                notification.images.append(PushImage(url: imageURL, deepLink: link))
            }
        }
        notification.cordial = extras
    }
}
