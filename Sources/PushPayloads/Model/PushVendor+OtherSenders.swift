extension PushVendor {
    /// Braze: an APNs push with a non-empty `ab` dictionary, or FCM data whose `_ab` is `"true"`.
    public static let braze = PushVendor(name: "braze")
    /// OneSignal: `custom` (or, on iOS, `os_data`) is an object holding an `i` notification id.
    public static let onesignal = PushVendor(name: "onesignal")
    /// Airship (Urban Airship): a send id (`_`, `com.urbanairship.push.PUSH_ID`, …) or Airship metadata.
    public static let airship = PushVendor(name: "airship")
    /// Customer.io: string `CIO-Delivery-ID` and `CIO-Delivery-Token`.
    public static let customerio = PushVendor(name: "customerio")
    /// Iterable: an `itbl` object with a Boolean `isGhostPush` (iOS), or any `itbl` (Android).
    public static let iterable = PushVendor(name: "iterable")
    /// CleverTap: a top-level key starting with `wzrk_` or `W$` (iOS), or `wzrk_pn` (Android).
    public static let clevertap = PushVendor(name: "clevertap")
    /// Klaviyo: a `body` dictionary holding `_k` (iOS), or a top-level `_k` (Android).
    public static let klaviyo = PushVendor(name: "klaviyo")
    /// Adobe Journey Optimizer (AEP Messaging): a non-empty `_xdm` dictionary (iOS), or `_xdm` or
    /// `adb_title` (Android).
    public static let adobe = PushVendor(name: "adobe")
    /// Leanplum: a message id in `_lpm`, `_lpu`, `_lpn` or `_lpv` (iOS), or `lp_message` (Android).
    public static let leanplum = PushVendor(name: "leanplum")
    /// Pushwoosh: `pw_msg` is present.
    public static let pushwoosh = PushVendor(name: "pushwoosh")
    /// Batch: `com.batch` is a non-empty dictionary (iOS), or present (Android).
    public static let batch = PushVendor(name: "batch")
    /// Expo: string `experienceId` and `scopeKey`, the fields Expo's documentation requires in a push to an
    /// Expo app; a documented payload format rather than a rule of its SDK, which claims every push.
    public static let expo = PushVendor(name: "expo")
    /// Firebase Cloud Messaging: `google.c.a.e` is `"1"`, the analytics flag Firebase Messaging reads. Other
    /// senders' pushes may travel through FCM too, so this is the weakest claim.
    public static let firebase = PushVendor(name: "firebase")

    /// The senders ``PushDecoderRegistry/extended`` recognises besides the four standard vendors, in its
    /// precedence order.
    ///
    /// They share devices with the four vendors. An app that routes pushes learns from them that a push
    /// belongs to an SDK it has not wired up; `PushRouterConfiguration.fallbackVendors` sends them to the
    /// fallback delegate by default.
    public static let otherSenders: [PushVendor] = [
        .customerio, .iterable, .braze, .onesignal, .batch, .adobe, .airship, .leanplum, .pushwoosh, .klaviyo,
        .expo, .clevertap, .firebase,
    ]
}
