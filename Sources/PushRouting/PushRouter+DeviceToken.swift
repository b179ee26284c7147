import Logging
public import PushPayloads

/// What the router did with a device token: which vendors' delegates got it, and how each answered.
public struct PushDeviceTokenDelivery: Sendable {
    /// The token.
    public var token: PushDeviceToken
    /// Each recipient vendor's outcome: ``PushRoutedEvent/Outcome/handled``, `failed`, `timedOut` or `cancelled`. A
    /// vendor named in ``PushRouterConfiguration/deviceTokenVendors`` without a delegate is
    /// ``PushRoutedEvent/Outcome/noDelegate``.
    public var outcomes: [PushVendor: PushRoutedEvent.Outcome]
    /// The errors the delegates threw, by vendor.
    public var errors: [PushVendor: any Error]
    /// How long routing took.
    public var duration: Duration

    /// Creates a delivery record.
    public init(
        token: PushDeviceToken,
        outcomes: [PushVendor: PushRoutedEvent.Outcome] = [:],
        errors: [PushVendor: any Error] = [:],
        duration: Duration = .zero
    ) {
        self.token = token
        self.outcomes = outcomes
        self.errors = errors
        self.duration = duration
    }
}

extension PushRouter {
    /// Hands the device token to the delegate of every vendor in ``PushRouterConfiguration/deviceTokenVendors`` (every
    /// vendor with a delegate by default), all at once, each within ``PushRouterConfiguration/deviceTokenTimeout``
    /// (``PushRouterDelegate/didRegisterDeviceToken(_:)``).
    ///
    /// Call it from `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`:
    ///
    /// ```swift
    /// Task { await Push.router.routeDeviceToken(PushDeviceToken(data: deviceToken)) }
    /// ```
    @discardableResult
    public func routeDeviceToken(_ token: PushDeviceToken) async -> PushDeviceTokenDelivery {
        let start = stopwatch(on: configuration.clock)
        var delivery = PushDeviceTokenDelivery(token: token)
        let vendors = configuration.deviceTokenVendors ?? Set(configuration.delegates.keys)
        let askers = vendors.compactMap { vendor in
            configuration.delegates[vendor].map { delegate in
                (vendor, { @Sendable in try await delegate.didRegisterDeviceToken(token) })
            }
        }
        for vendor in vendors where configuration.delegates[vendor] == nil { delivery.outcomes[vendor] = .noDelegate }
        let settlements = await answers(within: configuration.deviceTokenTimeout, on: configuration.clock, askers)
        for (vendor, settlement) in settlements {
            delivery.outcomes[vendor] = settlement.outcome
            if case .failed(let error) = settlement { delivery.errors[vendor] = error }
        }
        delivery.duration = start()
        configuration.logger.debug(
            "Routed a device token",
            metadata: [
                "push.event": "device_token",
                "push.outcomes": .dictionary(delivery.outcomes.reduce(into: [:]) { $0[$1.key.name] = "\($1.value)" }),
            ]
        )
        return delivery
    }
}
