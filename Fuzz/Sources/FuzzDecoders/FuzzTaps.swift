import FuzzSupport
import PushPayloads
import PushRouting

/// Resolves taps on `notification` for the OS's identifiers, each button's own identifier, Cordial's
/// carousel identifiers and the fuzzed `identifier`, checking that each answer is consistent with the
/// notification and that resolving is a pure function.
func resolveTaps(_ notification: PushNotification, identifier: String?, input: UnsafeRawBufferPointer) {
    let resolver = PushTapResolver()
    var identifiers = [
        PushTapResolver.defaultActionIdentifier,
        PushTapResolver.dismissActionIdentifier,
        "carouselNotificationCategory.next",
        "carouselNotificationCategory.previous",
    ]
    identifiers += notification.buttons.map(\.actionIdentifier)
    if let identifier {
        identifiers.append(identifier)
        // The fuzzed text as the index of each vendor's button form, too.
        identifiers.append(PushTapResolver.exponeaActionPrefix + "APP_" + identifier)
    }

    for identifier in identifiers {
        let resolution = resolver.resolve(actionIdentifier: identifier, for: notification)
        fuzzCheck(
            resolver.resolve(actionIdentifier: identifier, for: notification) == resolution,
            "resolving \(identifier.debugDescription) twice gives different answers",
            input: input
        )
        let what = "\(identifier.debugDescription) resolves to \(resolution)"
        switch resolution {
        case .defaultAction(let action):
            // Cordial's SDK never reads the identifier: every tap that reaches the app is the main action.
            fuzzCheck(
                identifier == PushTapResolver.defaultActionIdentifier || notification.vendor == .cordial,
                "\(what)",
                input: input
            )
            fuzzCheck(action == notification.defaultAction, "\(what), not the notification's", input: input)
            fuzzCheck(
                resolution.action == action,
                "\(what) but its action is \(String(describing: resolution.action))",
                input: input
            )
        case .dismissAction:
            fuzzCheck(identifier == PushTapResolver.dismissActionIdentifier, "\(what)", input: input)
            fuzzCheck(resolution.action == .dismiss, "\(what) but its action isn't dismiss", input: input)
        case .button(let button, let index):
            fuzzCheck(notification.buttons.indices.contains(index), "\(what): no such button", input: input)
            fuzzCheck(notification.buttons[index] == button, "\(what): another button is at that index", input: input)
            fuzzCheck(resolution.action == button.action, "\(what) but its action is not the button's", input: input)
        case .carousel:
            fuzzCheck(
                notification.vendor == .cordial,
                "\(what) for a \(notification.vendor?.name ?? "nobody")'s push",
                input: input
            )
            fuzzCheck(notification.cordial?.carousel.isEmpty == false, "\(what) without a carousel", input: input)
            fuzzCheck(resolution.action == nil, "\(what) but has an action", input: input)
        case .card(let card):
            fuzzCheck(identifier == PushTapResolver.defaultActionIdentifier, "\(what)", input: input)
            fuzzCheck(
                notification.vendor == .atomic && notification.atomic.map(PushCard.init(atomic:)) == card,
                "\(what), not the notification's card",
                input: input
            )
            fuzzCheck(resolution.action?.kind == .openCard, "\(what) but doesn't open a card", input: input)
        case .unresolved(let reported, _):
            fuzzCheck(reported == identifier, "\(what): the wrong identifier is reported", input: input)
            fuzzCheck(resolution.action == nil && !resolution.isResolved, "\(what) but has an action", input: input)
            fuzzCheck(
                identifier != PushTapResolver.defaultActionIdentifier
                    && identifier != PushTapResolver.dismissActionIdentifier,
                "\(what): the OS's own identifiers always resolve",
                input: input
            )
        }
    }

    // Each button is reached by its own identifier, wherever the vendor's rules look buttons up by index
    // or by identifier (Cordial's buttons step the carousel; Atomic's pushes open the card).
    guard notification.vendor != .cordial && notification.vendor != .atomic else { return }
    for (index, button) in notification.buttons.enumerated() {
        let resolution = resolver.resolve(actionIdentifier: button.actionIdentifier, for: notification)
        guard case .button(let found, let foundIndex) = resolution else {
            fuzzCheck(
                false,
                "button \(index) \(button.actionIdentifier.debugDescription) resolves to \(resolution)",
                input: input
            )
            return
        }
        let expected =
            notification.vendor == nil
            ? notification.buttons.firstIndex { $0.actionIdentifier == button.actionIdentifier }
            : index
        fuzzCheck(
            foundIndex == expected && found == notification.buttons[foundIndex],
            "button \(index) \(button.actionIdentifier.debugDescription) resolves to button \(foundIndex)",
            input: input
        )
    }
}
