extension PushVendor {
    /// Cordial: top-level `mcID` is a string.
    public static let cordial = PushVendor(name: "cordial")
}

extension PushMarker {
    /// Cordial: top-level `mcID` is a string (`CordialPushNotificationHandler.isCordialMessage(userInfo:)`).
    public static let cordialMessageID = PushMarker(name: "cordial.mc_id")
    /// Cordial: `system.messageAttribution.mcID` is a string, the August 2020 layout that only Cordial's app
    /// extensions still read (`CordialAppExtensions` `PushNotificationParser`); `isCordialMessage` rejects it.
    public static let cordialMessageAttribution = PushMarker(
        name: "cordial.message_attribution",
        isEntryPointRule: false
    )
}
