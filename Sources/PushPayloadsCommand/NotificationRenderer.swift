import PushPayloads

/// The whole normalised model of one payload as a ``PrettyJSON`` tree, for `inspect`.
///
/// Every field of ``PushNotification`` is shown, `null` when absent, so a person can see what was not
/// found as well as what was; the extras of the winning vendor follow, then the payload itself.
enum NotificationRenderer {
    static func render(_ notification: PushNotification) -> PrettyJSON {
        var members: [(String, PrettyJSON)] = [
            (
                "classification",
                .object([
                    ("vendor", .string(notification.vendor?.name ?? Tally.unknownVendor)),
                    // The rule that matched; a convention (Expo) or a rule outside the SDK's entry point
                    // (Airship's extension, Firebase's analytics gate) is not an entry point's rule.
                    ("marker", .string(notification.marker?.name)),
                    ("entry_point_rule", notification.marker.map { .bool($0.isEntryPointRule) } ?? .null),
                    ("ambiguous", .array(notification.alsoMatching.map { .string($0.name) })),
                    ("silent", .bool(notification.isSilent)),
                    ("shape", .string(notification.shape.rawValue)),
                ])
            ),
            ("content_available", .bool(notification.isContentAvailable)),
            ("mutable_content", .bool(notification.isMutableContent)),
            ("message_id", .string(notification.messageID)),
            ("title", .string(notification.title)),
            ("subtitle", .string(notification.subtitle)),
            ("body", .string(notification.body)),
            ("badge", .integer(notification.badge)),
            ("sound", .string(notification.sound)),
            ("category", .string(notification.category)),
            ("thread_id", .string(notification.threadID)),
            ("interruption_level", .string(notification.interruptionLevel?.name)),
            ("relevance_score", .double(notification.relevanceScore)),
            ("default_action", action(notification.defaultAction)),
            (
                "buttons",
                .array(
                    notification.buttons.map { button in
                        .object([
                            ("title", .string(button.title)),
                            ("action_identifier", .string(button.actionIdentifier)),
                            ("action", action(button.action)),
                            ("options", .array(button.options.map { .string($0) })),
                        ])
                    }
                )
            ),
            (
                "images",
                .array(
                    notification.images.map { image in
                        .object([
                            ("url", .string(image.url)),
                            ("fallback_url", .string(image.fallbackURL)),
                            ("deep_link", .string(image.deepLink)),
                        ])
                    }
                )
            ),
        ]
        if let cordial = notification.cordial { members.append(("cordial", render(cordial))) }
        if let exponea = notification.exponea { members.append(("exponea", render(exponea))) }
        if let swrve = notification.swrve { members.append(("swrve", render(swrve))) }
        if let atomic = notification.atomic { members.append(("atomic", render(atomic))) }
        if let custom = notification.customExtras { members.append(("custom_extras", .json(custom))) }
        members.append(("payload", .json(notification.document.root)))
        return .object(members)
    }

    static func action(_ action: PushAction) -> PrettyJSON {
        .object([
            ("kind", .string(action.kind.name)),
            ("url", .string(action.url)),
            ("fallback_url", .string(action.fallbackURL)),
            ("campaign_id", .string(action.campaignID)),
        ])
    }

    static func render(_ cordial: CordialExtras) -> PrettyJSON {
        let inAppMessage: PrettyJSON =
            cordial.inAppMessage.map { message in
                .object([
                    ("type", .string(message.type)),
                    ("display_type", .string(message.displayType)),
                    ("inactive_session_display", .string(message.inactiveSessionDisplay)),
                    ("expiration_time", .string(message.expirationTime)),
                ])
            } ?? .null
        return .object([
            ("mc_id", .string(cordial.mcID)),
            ("uses_message_attribution_layout", .bool(cordial.usesMessageAttributionLayout)),
            ("deep_link_url", .string(cordial.deepLinkURL)),
            ("fallback_url", .string(cordial.fallbackURL)),
            ("vanity_url", .string(cordial.vanityURL)),
            ("in_app_message", inAppMessage),
            ("has_inbox_message", .bool(cordial.hasInboxMessage)),
            ("image_url", .string(cordial.imageURL)),
            (
                "carousel",
                .array(
                    cordial.carousel.map { item in
                        .object([("image_url", .string(item.imageURL)), ("deep_link", .string(item.deepLink))])
                    }
                )
            ),
        ])
    }

    static func render(_ exponea: ExponeaExtras) -> PrettyJSON {
        .object([
            ("action", .string(exponea.action)),
            ("url", .string(exponea.url)),
            ("image_url", .string(exponea.imageURL)),
            ("campaign_id", .string(exponea.campaignID)),
            ("campaign_name", .string(exponea.campaignName)),
            ("action_id", .integer(exponea.actionID)),
            ("action_type", .string(exponea.actionType)),
            ("action_name", .string(exponea.actionName)),
            ("event_type", .string(exponea.eventType)),
            ("sent_timestamp", .double(exponea.sentTimestamp)),
            ("consent_category", .string(exponea.consentCategory)),
            (
                "url_parameters",
                .object(exponea.urlParameters.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
            ),
            ("has_tracking_consent", .bool(exponea.hasTrackingConsent)),
            ("consent_category_tracking", .string(exponea.consentCategoryTracking)),
            ("is_tracking_forced", .bool(exponea.isTrackingForced)),
            ("notification_id", .integer(exponea.notificationID)),
            ("attributes", .json(exponea.attributes)),
        ])
    }

    static func render(_ swrve: SwrveExtras) -> PrettyJSON {
        .object([
            ("push_id", .string(swrve.pushID)),
            ("silent_push_id", .string(swrve.silentPushID)),
            ("authenticated_user_id", .string(swrve.authenticatedUserID)),
            ("is_authenticated", .bool(swrve.isAuthenticated)),
            ("is_qa_push", .bool(swrve.isQAPush)),
            ("campaign_type", .string(swrve.campaignType)),
            ("campaign_id", .string(swrve.campaignID)),
            ("deep_link", .string(swrve.deepLink)),
            ("media_fallback_deep_link", .string(swrve.mediaFallbackDeepLink)),
            ("influence_window_minutes", .integer(swrve.influenceWindowMinutes)),
            ("tracking_data", .string(swrve.trackingData)),
            ("platform", .string(swrve.platform)),
            ("rich_version", .integer(swrve.richVersion)),
            ("silent_payload", .json(swrve.silentPayload)),
        ])
    }

    static func render(_ atomic: AtomicPushNotification) -> PrettyJSON {
        .object([
            ("card_instance_id", .string(atomic.cardInstanceID)),
            ("container_id", .string(atomic.containerID)),
            ("detail", .json(atomic.detail)),
        ])
    }
}
