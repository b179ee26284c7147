/// Cordial pushes, recognised as `CordialPushNotificationHandler.isCordialMessage(userInfo:)` does:
/// top-level `mcID` is a string (an empty one counts, a number does not). The 2020 layout
/// `system.messageAttribution.mcID`, which Cordial's app extensions still read, counts too.
///
/// Silent follows the APNs rule, as Cordial's SDK leaves that decision to the app's delegate callbacks.
public struct CordialDecoder: PushPayloadDecoder {
    /// Creates the decoder.
    public init() {}

    /// ``PushVendor/cordial``.
    public var vendor: PushVendor { .cordial }

    /// Whether `mcID` (or `system.messageAttribution.mcID`) is a string.
    public func recognizes(_ payload: PushPayload) -> Bool {
        if payload["mcID"]?.kind == .string { return true }
        return Self.attributedMessageID(payload)?.kind == .string
    }

    static func attributedMessageID(_ payload: PushPayload) -> JSONValue? {
        guard payload.object.contains("system") else { return nil }
        return payload.nestedJSON("system")?["messageAttribution"]?["mcID"]
    }

    /// Fills in the mcID, deep link, carousel, image, in-app message and inbox flags.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification) {
        decode(payload, into: &notification, detail: .full)
    }

    /// Fills in the mcID and deep link; with ``PushDecodingDetail/full`` also the carousel, image, in-app
    /// message and inbox flags.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification, detail: PushDecodingDetail) {
        // The app extensions read the 2020 layout first and fall back to the top-level key.
        let usesAttribution = payload["mcID"]?.kind != .string
        let mcID = (usesAttribution ? Self.attributedMessageID(payload) : payload["mcID"])?.stringValue ?? ""
        var extras = CordialExtras(mcID: mcID)
        extras.usesMessageAttributionLayout = usesAttribution

        if let deepLink = payload.nestedJSON("deepLink")?.objectValue {
            extras.deepLinkURL = deepLink["url"]?.stringValue
            extras.fallbackURL = deepLink["fallbackUrl"]?.stringValue
            if detail == .full {
                extras.vanityURL = deepLink["vanityUrl"]?.stringValue ?? deepLink["encodedURL"]?.stringValue
            }
        }
        if let url = extras.deepLinkURL {
            notification.defaultAction = .deepLink(url, fallbackURL: extras.fallbackURL)
        }
        notification.messageID = mcID
        guard detail == .full else { return }

        let system = payload.nestedJSON("system")?.objectValue
        if let iam = system?["iam"]?.objectValue {
            extras.inAppMessage = CordialExtras.InAppMessage(iam)
        } else if Self.isTrue(payload["in-app"]) {
            // The pre-August-2020 layout: a flag plus the in-app fields at the top level.
            extras.inAppMessage = CordialExtras.InAppMessage(payload.object)
        }
        extras.hasInboxMessage = system?["inbox"]?.objectValue != nil

        if let imageURL = payload["imageURL"]?.stringValue {
            extras.imageURL = imageURL
            notification.images.append(PushImage(url: imageURL))
        }
        // Carousel items that are not all-string dictionaries are skipped, as the SDK does.
        if let carousel = payload.nestedJSON("carousel")?.arrayValue {
            for item in carousel {
                guard let item = item.objectValue, item.values.allSatisfy({ $0.kind == .string }),
                    let imageURL = item["imageURL"]?.stringValue
                else { continue }
                let link = item["deepLink"]?.stringValue
                extras.carousel.append(CordialExtras.CarouselItem(imageURL: imageURL, deepLink: link))
                notification.images.append(PushImage(url: imageURL, deepLink: link))
            }
        }
        notification.cordial = extras
    }

    static func isTrue(_ value: JSONValue?) -> Bool {
        guard let value else { return false }
        return value.boolValue == true || value.isString("true")
    }
}
