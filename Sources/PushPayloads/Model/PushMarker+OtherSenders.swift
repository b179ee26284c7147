// The rules of the senders that `PushDecoderRegistry.extended` adds; `docs/other-senders.md` cites each one's
// source. iOS rules apply to the APNs shape, Android rules to the FCM shape (`docs/vendor-rules.md`).
extension PushMarker {
    /// Braze on iOS: `ab` is a non-empty dictionary (`ABKPushUtils isAppboyRemoteNotification:`, the
    /// open-source compatibility layer of BrazeKit, whose own check is closed source).
    public static let brazeAB = PushMarker(name: "braze.ab")
    /// Braze on Android: `_ab` is exactly `"true"` (`BrazeFirebaseMessagingService.isBrazePushNotification`).
    public static let brazeABFlag = PushMarker(name: "braze.ab_flag")

    /// OneSignal on iOS: `custom` or `os_data` is a dictionary holding `i`, of any type
    /// (`OneSignalCoreHelper isOneSignalPayload:`).
    public static let oneSignalCustomID = PushMarker(name: "onesignal.custom_id")
    /// OneSignal on Android: `custom` holds a JSON object with `i` (`NotificationFormatHelper.isOneSignalBundle`).
    public static let oneSignalCustomJSON = PushMarker(name: "onesignal.custom_json")

    /// Airship on iOS: `_`, `com.urbanairship.metadata` or `com.urbanairship.media_attachment` is present
    /// (`UNNotificationRequest.isAirship` in the notification service extension module; AirshipCore has no
    /// check of its own, so this is not the rule of an entry point).
    public static let airshipNotificationKeys = PushMarker(name: "airship.notification_keys", isEntryPointRule: false)
    /// Airship on Android: `com.urbanairship.push.PUSH_ID`, `com.urbanairship.push.CANONICAL_PUSH_ID` or
    /// `com.urbanairship.metadata` is present (`PushMessage.isAirshipPush`).
    public static let airshipPushID = PushMarker(name: "airship.push_id")
    /// Airship on Android: Accengage's `a4sid` is present (`PushMessage.isAccengagePush`, which
    /// `IncomingPushRunnable` accepts beside ``airshipPushID``).
    public static let airshipAccengage = PushMarker(name: "airship.accengage")

    /// Customer.io: `CIO-Delivery-ID` and `CIO-Delivery-Token` are both strings (iOS
    /// `PushNotification.isPushSentFromCio`, Android `CustomerIOPushNotificationHandler.handleMessage`).
    public static let customerIODelivery = PushMarker(name: "customerio.delivery")

    /// Iterable on iOS: `NotificationHelper.inspect(notification:)` does not answer `.other`: `itbl` is a
    /// dictionary with a Boolean `isGhostPush`, and either typed message ids or a ghost push's
    /// `notificationType`.
    public static let iterableMetadata = PushMarker(name: "iterable.itbl")
    /// Iterable on Android: `itbl` is present (`IterableNotificationHelper.isIterablePush`).
    public static let iterableKey = PushMarker(name: "iterable.itbl_key")

    /// CleverTap on iOS: a top-level key starts with `W$` or `wzrk_` (`CleverTap isCleverTapNotification:`).
    public static let cleverTapKeyPrefix = PushMarker(name: "clevertap.wzrk_prefix")
    /// CleverTap on Android: `wzrk_pn` is present (`CleverTapAPI.getNotificationInfo`'s `fromCleverTap`).
    public static let cleverTapPushFlag = PushMarker(name: "clevertap.wzrk_pn")

    /// MoEngage on Android: `push_from` is exactly `moengage` (`MoEPushHelper.isFromMoEngagePlatform`, read
    /// from a decompiled PushBase 6.6.0: the SDK is closed source).
    public static let moEngagePushFrom = PushMarker(name: "moengage.push_from")

    /// Klaviyo on iOS: `body` is a dictionary holding `_k`, of any type (`Dictionary.isKlaviyoNotification`).
    public static let klaviyoBodyK = PushMarker(name: "klaviyo.body_k")
    /// Klaviyo on Android: `_k` is present (`RemoteMessage.isKlaviyoMessage`).
    public static let klaviyoK = PushMarker(name: "klaviyo.k")

    /// Salesforce Marketing Cloud on Android: `_sid` is `SFMC`, ignoring case
    /// (`PushMessageManager.isMarketingCloudPush`, read from decompiled copies: the SDK is closed source).
    public static let salesforceSID = PushMarker(name: "salesforce.sid")
    /// Salesforce Marketing Cloud on iOS: `_sid` is the string `SFMC` exactly. No SDK source could be read;
    /// the rule is a third-party wrapper's `isMarketingCloudNotification`, so it is not an entry point's.
    public static let salesforceSIDWrapper = PushMarker(name: "salesforce.sid_wrapper", isEntryPointRule: false)

    /// Adobe Journey Optimizer on iOS: `_xdm` is a non-empty dictionary (`Messaging.handleNotificationResponse`).
    public static let adobeXDM = PushMarker(name: "adobe.xdm")
    /// Adobe Journey Optimizer on Android: `_xdm` or `adb_title` is present (`MessagingService.isAJONotification`).
    public static let adobeAJO = PushMarker(name: "adobe.ajo")

    /// Leanplum on iOS: `_lpm`, `_lpu`, `_lpn` or `_lpv` is present (`Utilities.messageIdFromUserInfo`).
    public static let leanplumMessageID = PushMarker(name: "leanplum.message_id")
    /// Leanplum on Android: `lp_message` is present (`LeanplumFirebaseServiceHandler.onMessageReceived`).
    public static let leanplumMessage = PushMarker(name: "leanplum.lp_message")

    /// Pushwoosh: `pw_msg` is present, of any type (iOS `PWMessage isPushwooshMessage:`, Android
    /// `PushwooshFcmHelper.isPushwooshMessage`).
    public static let pushwooshMessage = PushMarker(name: "pushwoosh.pw_msg")

    /// Batch: `com.batch` is a non-empty dictionary (iOS `BAPushCenter isBatchPush:`) or present (Android
    /// `PushModule.isBatchPush`).
    public static let batchPayload = PushMarker(name: "batch.com_batch")

    /// Expo: the Expo push service's envelope, `experienceId` or `scopeKey` a string and `body` an object (a
    /// JSON object string in FCM data). expo-notifications has no "is this ours" check (it takes every
    /// push), so this is a convention of Expo's server, not a rule of the SDK.
    public static let expoPushService = PushMarker(name: "expo.push_service", isEntryPointRule: false)

    /// Firebase console: `google.c.a.e` is the string `"1"` (the analytics gate, iOS `FIRMessagingAnalytics
    /// canLogNotification:`, Android `MessagingAnalytics.shouldUploadScionMetrics`) and the composer id
    /// `google.c.a.c_id` is a string. Firebase Messaging takes every push, so this is no entry point's rule.
    public static let firebaseConsole = PushMarker(name: "firebase.console", isEntryPointRule: false)
}
