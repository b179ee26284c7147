extension PushVendor {
    /// Exponea (Bloomreach Engagement): top-level `source` is `xnpe_platform`.
    public static let exponea = PushVendor(name: "exponea")
}

extension PushMarker {
    /// Exponea: top-level `source` is the string `xnpe_platform` (`Exponea.isExponeaNotification(userInfo:)`,
    /// Android's `isExponeaPushNotification`).
    public static let exponeaSource = PushMarker(name: "exponea.source")
}
