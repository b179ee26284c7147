extension PushDecoderRegistry {
    /// The four standard vendors, then the other senders that share devices with them
    /// (``PushVendor/otherSenders``), each recognised by its own SDK's rule (`docs/other-senders.md` cites
    /// each one).
    ///
    /// Precedence: the four standard vendors always win, in ``standard``'s order. The others follow from the
    /// strictest rule to the broadest, so a sender with an exact key is never outranked by one that matches
    /// generic or prefixed keys:
    ///
    /// 1. typed or exact values: Customer.io (two string ids), Iterable (typed `itbl`), Braze (`ab`
    ///    dictionary, `_ab == "true"`), OneSignal (`custom.i`), Batch (`com.batch` dictionary), Adobe
    ///    (`_xdm` dictionary);
    /// 2. the presence of a key only that SDK uses: Airship (`_` exactly, `com.urbanairship.*` ids),
    ///    Leanplum (`_lpm`…, `lp_message`), Pushwoosh (`pw_msg`; never the hash `p`, which Braze also uses);
    /// 3. rules known only from decompiled or wrapper code: Salesforce Marketing Cloud (`_sid`), MoEngage
    ///    (`push_from`);
    /// 4. a vendor key inside a generic one: Klaviyo (`body._k`), ahead of Expo, which shares `body`;
    /// 5. a server convention, not an SDK rule: Expo;
    /// 6. a key prefix: CleverTap (any `wzrk_` or `W$` key on iOS);
    /// 7. transport: Firebase console pushes, claimed only when no one else's marker is there.
    ///
    /// The other senders declare their ``PushPayloadDecoder/markerKeys``, so the registry reads a payload's
    /// top-level keys once and asks only the senders whose keys are there: classifying with this registry
    /// costs little more than with ``standard``, which it leaves unchanged.
    public static let extended = PushDecoderRegistry(
        standard.decoders + [
            CustomerIODecoder(), IterableDecoder(), BrazeDecoder(), OneSignalDecoder(), BatchDecoder(), AdobeDecoder(),
            AirshipDecoder(), LeanplumDecoder(), PushwooshDecoder(), SalesforceDecoder(), MoEngageDecoder(),
            KlaviyoDecoder(), ExpoDecoder(), CleverTapDecoder(), FirebaseDecoder(),
        ]
    )
}
