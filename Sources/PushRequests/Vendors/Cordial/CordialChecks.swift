public import PushPayloads

/// Cordial's SDK rules (`docs/vendor-rules.md` cites the sources): an `mcID` it will not claim, and the 2020 layout only
/// its app extensions read.
extension CordialDecoder: PushVendorChecking {
    static let cordialMcID = PushCheckRule.device(
        "vendor.cordial.mcid",
        .error,
        "Cordial's `mcID` is a string; any other type and Cordial's SDK does not claim the push.",
        source: "Cordial iOS CordialPushNotificationHandler.isCordialMessage → getMcID (`as? String`)"
    )
    static let cordialExtensionLayout = PushCheckRule.device(
        "vendor.cordial.extension-layout",
        .warning,
        "`system.messageAttribution.mcID` alone is read by Cordial's app extensions only; the SDK's `isCordialMessage` needs a top-level `mcID`.",
        source: "Cordial iOS PushNotificationParserMessageAttribution; CordialAppExtensions PushNotificationParser"
    )

    /// `vendor.cordial.mcid` and `vendor.cordial.extension-layout`.
    public var checkRules: [PushCheckRule] { [Self.cordialMcID, Self.cordialExtensionLayout] }

    /// An `mcID` that is not a string, and the 2020 layout without a top-level `mcID`.
    public func checkPayload(_ delivery: PushDelivery, _ notification: PushNotification, report: PushFindingReport) {
        if let mcID = delivery.payload["mcID"], mcID.kind != .string {
            report(Self.cordialMcID, "mcID") { "`mcID` is \(mcID.kindPhrase); Cordial's SDK claims only a string" }
        }
        if notification.classification.marker == .cordialMessageAttribution {
            report(Self.cordialExtensionLayout, "system") {
                "only `system.messageAttribution.mcID`: Cordial's app extensions read it, but `isCordialMessage` needs a top-level `mcID`"
            }
        }
    }
}
