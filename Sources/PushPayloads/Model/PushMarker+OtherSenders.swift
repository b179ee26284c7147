// The rules of the senders that `PushDecoderRegistry.extended` adds; `docs/other-senders.md` cites each one's source.
// iOS rules apply to the APNs shape, Android rules to the FCM shape (`docs/vendor-rules.md`).
extension PushMarker {
    /// Braze on iOS: `ab` is a non-empty dictionary (`ABKPushUtils isAppboyRemoteNotification:`, the open-source
    /// compatibility layer of BrazeKit, whose own check is closed source).
    public static let brazeAB = PushMarker(name: "braze.ab")
    /// Braze on Android: `_ab` is exactly `"true"` (`BrazeFirebaseMessagingService.isBrazePushNotification`).
    public static let brazeABFlag = PushMarker(name: "braze.ab_flag")

    /// OneSignal on iOS: `custom` or `os_data` is a dictionary holding `i`, of any type
    /// (`OneSignalCoreHelper isOneSignalPayload:`).
    public static let oneSignalCustomID = PushMarker(name: "onesignal.custom_id")
    /// OneSignal on Android: `custom` holds a JSON object with `i` (`NotificationFormatHelper.isOneSignalBundle`).
    public static let oneSignalCustomJSON = PushMarker(name: "onesignal.custom_json")

    /// Airship on iOS: `_`, `com.urbanairship.metadata` or `com.urbanairship.media_attachment` is present
    /// (`UNNotificationRequest.isAirship` in the notification service extension module; AirshipCore has no check of its
    /// own, so this is not the rule of an entry point).
    public static let airshipNotificationKeys = PushMarker(name: "airship.notification_keys", isEntryPointRule: false)
    /// Airship on Android: `com.urbanairship.push.PUSH_ID`, `com.urbanairship.push.CANONICAL_PUSH_ID` or
    /// `com.urbanairship.metadata` is present (`PushMessage.isAirshipPush`).
    public static let airshipPushID = PushMarker(name: "airship.push_id")
    /// Airship on Android: Accengage's `a4sid` is present (`PushMessage.isAccengagePush`, which `IncomingPushRunnable`
    /// accepts beside ``airshipPushID``).
    public static let airshipAccengage = PushMarker(name: "airship.accengage")

    /// Customer.io: `CIO-Delivery-ID` and `CIO-Delivery-Token` are both strings (iOS
    /// `PushNotification.isPushSentFromCio`, Android `CustomerIOPushNotificationHandler.handleMessage`).
    public static let customerIODelivery = PushMarker(name: "customerio.delivery")

    /// Iterable on iOS: `NotificationHelper.inspect(notification:)` does not answer `.other`: `itbl` is a dictionary
    /// with a Boolean `isGhostPush`, and either typed message ids or a ghost push's `notificationType`.
    public static let iterableMetadata = PushMarker(name: "iterable.itbl")
    /// Iterable on Android: `itbl` is present (`IterableNotificationHelper.isIterablePush`).
    public static let iterableKey = PushMarker(name: "iterable.itbl_key")

    /// CleverTap on iOS: a top-level key starts with `W$` or `wzrk_` (`CleverTap isCleverTapNotification:`).
    public static let cleverTapKeyPrefix = PushMarker(name: "clevertap.wzrk_prefix")
    /// CleverTap on Android: `wzrk_pn` is present (`CleverTapAPI.getNotificationInfo`'s `fromCleverTap`).
    public static let cleverTapPushFlag = PushMarker(name: "clevertap.wzrk_pn")

    /// Klaviyo on iOS: `body` is a dictionary holding `_k`, of any type (`Dictionary.isKlaviyoNotification`).
    public static let klaviyoBodyK = PushMarker(name: "klaviyo.body_k")
    /// Klaviyo on Android: `_k` is present (`RemoteMessage.isKlaviyoMessage`).
    public static let klaviyoK = PushMarker(name: "klaviyo.k")

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

    /// Expo: `experienceId` and `scopeKey` are both strings, the fields Expo's documentation requires in a push sent to
    /// an Expo app ("Send notifications with FCM and APNs"). expo-notifications has no "is this ours" check (it takes
    /// every push), so this is a documented payload format, not a rule of the SDK.
    public static let expoScopeKeys = PushMarker(name: "expo.scope_keys", isEntryPointRule: false)

    /// Firebase: `google.c.a.e` is the string `"1"`, the flag Firebase Messaging's analytics reads (iOS
    /// `FIRMessagingAnalytics canLogNotification:`, Android `MessagingAnalytics.shouldUploadScionMetrics`). Firebase
    /// Messaging takes every push, so this is no entry point's rule.
    public static let firebaseAnalytics = PushMarker(name: "firebase.analytics", isEntryPointRule: false)
}
