#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import Logging
public import PushPayloads

/// The APNs (or FCM) device token the platform gave the app, for the vendor SDKs that register it.
///
/// On Apple platforms it is the `Data` of `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`
/// (``data``), which is what every vendor SDK's registration call takes; elsewhere its ``bytes``, or the
/// lowercase hexadecimal text APNs tokens are usually stored as (``hex``).
public struct PushDeviceToken: Hashable, Sendable, CustomStringConvertible {
    /// The token's bytes.
    public let bytes: [UInt8]

    /// A token of `bytes`.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The token in `data`, as `didRegisterForRemoteNotificationsWithDeviceToken` hands it over.
    public init(data: Data) { self.bytes = Array(data) }

    /// The token whose hexadecimal text is `hex` (either case, no separators), or `nil` if `hex` is empty,
    /// has an odd length or a character that is not a hexadecimal digit.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard !digits.isEmpty, digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.bytes = bytes
    }

    /// The token as `Data`, for the vendor SDK calls that take one.
    public var data: Data { Data(bytes) }

    /// The token as lowercase hexadecimal text, as APNs tokens are usually logged and stored.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The hexadecimal text.
    public var description: String { hex }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// What the router did with a device token: which vendors' delegates got it, and how each answered.
public struct PushDeviceTokenDelivery: Sendable {
    /// The token.
    public var token: PushDeviceToken
    /// Each recipient vendor's outcome: ``PushRoutedEvent/Outcome/handled``, `failed`, `timedOut` or
    /// `cancelled`. A vendor named in ``PushRouterConfiguration/deviceTokenVendors`` without a delegate is
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
    /// Hands the device token to the delegate of every vendor in
    /// ``PushRouterConfiguration/deviceTokenVendors`` (every vendor with a delegate by default), all at
    /// once, each within ``PushRouterConfiguration/deviceTokenTimeout``
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
        let recipients = vendors.compactMap { vendor in configuration.delegates[vendor].map { (vendor, $0) } }
        for vendor in vendors where configuration.delegates[vendor] == nil {
            delivery.outcomes[vendor] = .noDelegate
        }
        let timeout = configuration.deviceTokenTimeout
        let clock = configuration.clock
        let settlements = await withTaskGroup(of: (PushVendor, Settlement<Void>).self) { group in
            for (vendor, delegate) in recipients {
                group.addTask {
                    (
                        vendor,
                        await answer(within: timeout, on: clock) { try await delegate.didRegisterDeviceToken(token) }
                    )
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for (vendor, settlement) in settlements {
            switch settlement {
            case .answered: delivery.outcomes[vendor] = .handled
            case .failed(let error):
                delivery.outcomes[vendor] = .failed
                delivery.errors[vendor] = error
            case .timedOut: delivery.outcomes[vendor] = .timedOut
            case .cancelled: delivery.outcomes[vendor] = .cancelled
            }
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
