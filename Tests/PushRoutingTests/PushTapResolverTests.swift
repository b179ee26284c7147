import PushPayloads
import PushRouting
import Testing

@Suite("Tap resolution")
struct PushTapResolverTests {
    let resolver = PushTapResolver()

    func resolve(
        _ identifier: String,
        _ json: String,
        registry: PushDecoderRegistry = .standard
    ) throws
        -> PushTapResolution
    {
        resolver.resolve(actionIdentifier: identifier, for: try Payloads.notification(json, registry: registry))
    }

    // MARK: The OS identifiers

    @Test("The default action is the payload's main action")
    func defaultAction() throws {
        let identifier = PushTapResolver.defaultActionIdentifier
        #expect(
            try resolve(identifier, Payloads.cordial)
                == .defaultAction(.deepLink("https://shop.example/p/1", fallbackURL: "https://shop.example/"))
        )
        #expect(try resolve(identifier, Payloads.exponea) == .defaultAction(.deepLink("app://sale")))
        #expect(try resolve(identifier, Payloads.swrve) == .defaultAction(.deepLink("swrve://reward")))
        #expect(try resolve(identifier, Payloads.unknown) == .defaultAction(.openApp))
        #expect(identifier == "com.apple.UNNotificationDefaultActionIdentifier")
    }

    @Test("The default action on an Atomic push is its card: instance, container and detail")
    func atomicCard() throws {
        let resolution = try resolve(PushTapResolver.defaultActionIdentifier, Payloads.atomic)
        guard case .card(let card) = resolution else {
            Issue.record("expected a card, got \(resolution)")
            return
        }
        #expect(card.vendor == .atomic)
        #expect(card.cardInstanceID == "card-8f1")
        #expect(card.containerID == "1234")
        #expect(card.detail["screen"]?.stringValue == "offers")
        #expect(resolution.action?.kind == .openCard)
    }

    @Test("The dismiss action dismisses, for every sender", arguments: Sender.allCases)
    func dismissAction(sender: Sender) throws {
        let resolution = try resolve(PushTapResolver.dismissActionIdentifier, sender.visiblePayload)
        #expect(resolution == .dismissAction)
        #expect(resolution.action == .dismiss)
        #expect(PushTapResolver.dismissActionIdentifier == "com.apple.UNNotificationDismissActionIdentifier")
    }

    @Test("OS identifiers match byte for byte, not by Unicode equivalence")
    func osIdentifiersAreExact() throws {
        let decorated = PushTapResolver.defaultActionIdentifier + "\u{301}"
        #expect(
            try resolve(decorated, Payloads.unknown)
                == .unresolved(actionIdentifier: decorated, reason: .unknownIdentifier)
        )
        #expect(
            try resolve("com.apple.unnotificationdefaultactionidentifier", Payloads.exponea)
                == .unresolved(
                    actionIdentifier: "com.apple.unnotificationdefaultactionidentifier",
                    reason: .unknownIdentifier
                )
        )
    }

    // MARK: Exponea

    @Test(
        "Exponea buttons: only the trailing index counts; type and URL come from the payload",
        arguments: [
            ("EXPONEA_ACTION_APP_0", 0, PushAction.openApp),
            ("EXPONEA_ACTION_BROWSER_1", 1, PushAction.openURL("https://example.com/sale")),
            ("EXPONEA_ACTION_DEEPLINK_2", 2, PushAction.deepLink("app://sale/details")),
            // The identifier says APP; actions[2] is a deep link, and the payload wins (as in the SDK's tests).
            ("EXPONEA_ACTION_APP_2", 2, PushAction.deepLink("app://sale/details")),
            ("EXPONEA_ACTION_BROWSER_0", 0, PushAction.openApp),
            ("EXPONEA_ACTION_ANYTHING_1", 1, PushAction.openURL("https://example.com/sale")),
            ("EXPONEA_ACTION_1", 1, PushAction.openURL("https://example.com/sale")),
        ]
    )
    func exponeaButtons(identifier: String, index: Int, action: PushAction) throws {
        let resolution = try resolve(identifier, Payloads.exponea)
        guard case .button(let button, let resolvedIndex) = resolution else {
            Issue.record("expected a button, got \(resolution)")
            return
        }
        #expect(resolvedIndex == index)
        #expect(button.action == action)
        #expect(resolution.action == action)
    }

    @Test(
        "Exponea identifiers that point nowhere are reported, not guessed",
        arguments: [
            ("EXPONEA_ACTION_DEEPLINK_3", PushTapResolution.Reason.indexOutOfRange),
            ("EXPONEA_ACTION_APP_99999999999999999999999999", .indexOutOfRange),
            ("EXPONEA_ACTION_APP_x", .malformedIndex),
            ("EXPONEA_ACTION_APP_-1", .malformedIndex),
            ("EXPONEA_ACTION_APP_01", .malformedIndex),
            ("EXPONEA_ACTION_APP_+1", .malformedIndex),
            ("EXPONEA_ACTION_APP_", .malformedIndex),
            ("EXPONEA_ACTION_", .malformedIndex),
            ("EXPONEA_ACTION_APP_1 ", .malformedIndex),
            ("EXPONEA_ACTION_APP_١", .malformedIndex),
            ("exponea_action_app_0", .unknownIdentifier),
            ("EXPONEA_APP_OPEN_ACTION_0", .unknownIdentifier),
            ("0", .unknownIdentifier),
            ("carouselNotificationCategory.next", .unknownIdentifier),
            ("", .unknownIdentifier),
        ]
    )
    func exponeaUnresolved(identifier: String, reason: PushTapResolution.Reason) throws {
        let resolution = try resolve(identifier, Payloads.exponea)
        #expect(resolution == .unresolved(actionIdentifier: identifier, reason: reason))
        #expect(resolution.action == nil)
        #expect(!resolution.isResolved)
    }

    @Test("Exponea buttons dropped by the SDK's [[String: String]] cast are out of range")
    func exponeaMistypedActions() throws {
        #expect(
            try resolve("EXPONEA_ACTION_APP_0", Payloads.exponeaMistypedActions)
                == .unresolved(actionIdentifier: "EXPONEA_ACTION_APP_0", reason: .indexOutOfRange)
        )
    }

    // MARK: Swrve

    @Test(
        "Swrve buttons: the identifier is the index into _sw.buttons",
        arguments: [
            ("0", 0, PushAction.openURL("https://swrve.example/r")),
            ("1", 1, PushAction.openCampaign("77")),
            ("2", 2, PushAction.openApp),
            ("3", 3, PushAction.dismiss),
        ]
    )
    func swrveButtons(identifier: String, index: Int, action: PushAction) throws {
        let resolution = try resolve(identifier, Payloads.swrve)
        guard case .button(let button, let resolvedIndex) = resolution else {
            Issue.record("expected a button, got \(resolution)")
            return
        }
        #expect(resolvedIndex == index)
        #expect(button.action == action)
        #expect(button.actionIdentifier == identifier)
    }

    @Test(
        "Swrve identifiers that point nowhere are reported, not guessed",
        arguments: [
            ("4", PushTapResolution.Reason.indexOutOfRange),
            ("18446744073709551616", .indexOutOfRange),
            ("-1", .malformedIndex),
            ("+1", .malformedIndex),
            ("01", .malformedIndex),
            ("00", .malformedIndex),
            ("-", .unknownIdentifier),
            ("x", .unknownIdentifier),
            ("1x", .unknownIdentifier),
            ("open_url", .unknownIdentifier),
            ("EXPONEA_ACTION_APP_0", .unknownIdentifier),
            ("", .unknownIdentifier),
        ]
    )
    func swrveUnresolved(identifier: String, reason: PushTapResolution.Reason) throws {
        #expect(try resolve(identifier, Payloads.swrve) == .unresolved(actionIdentifier: identifier, reason: reason))
    }

    @Test("A Swrve push without rich buttons has no index in range")
    func swrveWithoutButtons() throws {
        #expect(try resolve("0", Payloads.swrveQA) == .unresolved(actionIdentifier: "0", reason: .indexOutOfRange))
    }

    // MARK: Cordial

    @Test(
        "Cordial carousel steps match the .next and .previous suffixes",
        arguments: [
            ("carouselNotificationCategory.next", PushCarouselStep.next),
            ("carouselNotificationCategory.previous", .previous),
            ("myCarousel.next", .next),
            (".previous", .previous),
        ]
    )
    func cordialCarousel(identifier: String, step: PushCarouselStep) throws {
        let resolution = try resolve(identifier, Payloads.cordial)
        #expect(resolution == .carousel(step))
        #expect(resolution.action == nil)
        #expect(resolution.isResolved)
    }

    // Cordial's `didReceive response` never reads `actionIdentifier` (`CordialPushNotification.swift`,
    // `pushNotificationHasBeenTapped`): any identifier that reaches the app is a tap on the notification.
    @Test(
        "Other Cordial identifiers are the main action, as Cordial's SDK never reads them",
        arguments: [
            "carouselNotificationCategory.nextItem", "next", "carouselNotificationCategory.NEXT", "0",
            "EXPONEA_ACTION_APP_0",
        ]
    )
    func cordialOtherIdentifiers(identifier: String) throws {
        let notification = try Payloads.notification(Payloads.cordial)
        #expect(try resolve(identifier, Payloads.cordial) == .defaultAction(notification.defaultAction))
    }

    @Test("A carousel step on a Cordial push without a carousel reached the app, so it is the main action")
    func cordialWithoutCarousel() throws {
        let notification = try Payloads.notification(Payloads.cordialWithoutCarousel)
        #expect(
            try resolve("carouselNotificationCategory.next", Payloads.cordialWithoutCarousel)
                == .defaultAction(notification.defaultAction)
        )
    }

    // MARK: Atomic, custom vendors, unrecognised pushes

    @Test(
        "Atomic defines no buttons",
        arguments: ["0", "EXPONEA_ACTION_APP_0", "open_card", "carouselNotificationCategory.next"]
    )
    func atomicUnknown(identifier: String) throws {
        #expect(
            try resolve(identifier, Payloads.atomic)
                == .unresolved(actionIdentifier: identifier, reason: .unknownIdentifier)
        )
    }

    @Test("A custom vendor's buttons match their action identifiers exactly")
    func customVendor() throws {
        var registry = PushDecoderRegistry.standard
        registry.register(AcmeDecoder())
        let resolution = try resolve("ACME_TRACK", Payloads.acme, registry: registry)
        guard case .button(let button, 1) = resolution else {
            Issue.record("expected button 1, got \(resolution)")
            return
        }
        #expect(button.action == .openURL("https://acme.example/track"))
        #expect(
            try resolve("acme_track", Payloads.acme, registry: registry)
                == .unresolved(actionIdentifier: "acme_track", reason: .unknownIdentifier)
        )
        #expect(
            try resolve("1", Payloads.acme, registry: registry)
                == .unresolved(actionIdentifier: "1", reason: .unknownIdentifier)
        )
    }

    @Test("An unrecognised push resolves only the OS identifiers", arguments: ["0", "EXPONEA_ACTION_APP_0", "x.next"])
    func unrecognised(identifier: String) throws {
        #expect(
            try resolve(identifier, Payloads.unknown)
                == .unresolved(actionIdentifier: identifier, reason: .unknownIdentifier)
        )
    }

    @Test("A vendor's identifier scheme is not applied to another vendor's push")
    func noCrossVendorRules() throws {
        // "0" would be Swrve's first button; on Exponea's push it is nothing, not actions[0].
        #expect(try resolve("0", Payloads.exponea) == .unresolved(actionIdentifier: "0", reason: .unknownIdentifier))
        // A push with both Exponea's and Cordial's markers follows Exponea's rules only: its carousel-style
        // identifier is unknown, and its Exponea identifier is out of range (it has no actions).
        #expect(
            try resolve("carouselNotificationCategory.next", Payloads.exponeaAndCordial)
                == .unresolved(actionIdentifier: "carouselNotificationCategory.next", reason: .unknownIdentifier)
        )
        #expect(
            try resolve("EXPONEA_ACTION_APP_0", Payloads.exponeaAndCordial)
                == .unresolved(actionIdentifier: "EXPONEA_ACTION_APP_0", reason: .indexOutOfRange)
        )
    }

    // MARK: Robustness

    @Test("Never traps on arbitrary identifiers, and keeps them when unresolved", arguments: Sender.allCases)
    func arbitraryIdentifiers(sender: Sender) throws {
        let notification = try Payloads.notification(sender.visiblePayload)
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = [
            "0", "1", "9", "_", "-", "+", ".", "E", "X", "A", "n", "é", "\u{301}", "١", " ", "\0", "🙂",
        ]
        let seeds = [
            "EXPONEA_ACTION_", "EXPONEA_ACTION_APP_", "carouselNotificationCategory", "com.apple.UNNotification", "",
        ]
        for _ in 0..<2_000 {
            var identifier = seeds.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                identifier.append(alphabet.randomElement(using: &generator)!)
            }
            let resolution = resolver.resolve(actionIdentifier: identifier, for: notification)
            if case .unresolved(let kept, _) = resolution {
                #expect(kept == identifier)
            }
        }
    }

    @Test("Descriptions name what was resolved")
    func descriptions() throws {
        #expect(try resolve("1", Payloads.swrve).description == "button 1 (open_campaign)")
        #expect(try resolve("7", Payloads.swrve).description == #"unresolved "7": index_out_of_range"#)
        #expect(PushTapResolution.dismissAction.description == "dismiss action")
    }

    @Test("A tap built without a resolution resolves its identifier")
    func tapResolves() throws {
        let tap = PushTap(
            notification: try Payloads.notification(Payloads.swrve),
            actionIdentifier: "0",
            userText: "hi"
        )
        #expect(tap.action == .openURL("https://swrve.example/r"))
        #expect(tap.userText == "hi")
    }
}
