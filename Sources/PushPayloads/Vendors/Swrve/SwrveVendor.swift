extension PushVendor {
    /// Swrve: top-level `_p` or `_sp` is a non-empty string or a number.
    public static let swrve = PushVendor(name: "swrve")
}

extension PushMarker {
    /// Swrve: `_sp` is a usable push id, a silent push (`SwrvePush.m`, `SwrveHelper.isSwrvePush`).
    public static let swrveSilentPushID = PushMarker(name: "swrve.silent_push_id")
    /// Swrve: `_p` is a usable push id (`SwrvePush.m`, `SwrveHelper.isSwrvePush`).
    public static let swrvePushID = PushMarker(name: "swrve.push_id")
}
