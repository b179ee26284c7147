extension PushDecoderRegistry {
    /// The four standard vendors, then the other senders that share devices with them (``PushVendor/otherSenders``),
    /// each recognised by its own SDK's rule (`docs/other-senders.md` cites each one).
    ///
    /// Precedence: the four standard vendors always win, in ``standard``'s order. The others follow from the strictest
    /// rule to the broadest, so a sender with an exact key is never outranked by one that matches generic or prefixed
    /// keys:
    ///
    /// 1. typed or exact values: Customer.io (two string ids), Iterable (typed `itbl`), Braze (`ab` dictionary,
    ///    `_ab == "true"`), OneSignal (`custom.i`), Batch (`com.batch` dictionary), Adobe (`_xdm` dictionary);
    /// 2. the presence of a key only that SDK uses: Airship (`_` exactly, `com.urbanairship.*` ids), Leanplum (`_lpm`…,
    ///    `lp_message`), Pushwoosh (`pw_msg`; never the hash `p`, which Braze also uses);
    /// 3. a vendor key inside a generic one: Klaviyo (`body._k`), ahead of Expo, whose pushes also carry `body`;
    /// 4. a payload format the vendor documents, not an SDK rule: Expo (`experienceId` and `scopeKey`);
    /// 5. a key prefix: CleverTap (any `wzrk_` or `W$` key on iOS);
    /// 6. transport: Firebase's analytics flag, claimed only when no one else's marker is there.
    ///
    /// Salesforce Marketing Cloud and MoEngage are not here: their SDKs are closed source and their documentation does
    /// not publish the marker their "is this ours" check reads (`docs/other-senders.md`).
    ///
    /// The other senders declare their ``PushPayloadDecoder/markerKeys``, so the registry reads a payload's top-level
    /// keys once and asks only the senders whose keys are there: classifying with this registry costs little more than
    /// with ``standard``, which it leaves unchanged.
    public static let extended = PushDecoderRegistry(
        standard.decoders + [
            CustomerIODecoder(), IterableDecoder(), BrazeDecoder(), OneSignalDecoder(), BatchDecoder(), AdobeDecoder(),
            AirshipDecoder(), LeanplumDecoder(), PushwooshDecoder(), KlaviyoDecoder(), ExpoDecoder(),
            CleverTapDecoder(),
            FirebaseDecoder(),
        ]
    )
}
