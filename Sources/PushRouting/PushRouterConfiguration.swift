public import Logging
public import PushPayloads

/// Everything a ``PushRouter`` needs: the decoders, a delegate per vendor, the fallback, presentation observers and
/// options. Configure it as a value, then freeze it with ``PushRouter/init(configuration:)``.
///
/// ```swift
/// var configuration = PushRouterConfiguration()
/// configuration.setDelegate(ExponeaHandler(), for: .exponea)
/// configuration.setDelegate(SwrveHandler(), for: .swrve)
/// configuration.fallbackDelegate = OtherPushes()
/// configuration.duplicateGuard = PushDuplicateGuard(window: .seconds(60))
/// let router = PushRouter(configuration: configuration)
/// ```
///
/// A recognised push goes to its vendor's delegate and to no other: if its vendor has none, the outcome is
/// ``PushRoutedEvent/Outcome/noDelegate``, never another vendor's delegate nor the fallback (which would repeat the
/// "one SDK handles another's push" problem). Pushes no decoder recognises go to ``fallbackDelegate``, and so do those
/// of ``fallbackVendors``. With the extended registry a Braze push reaches the fallback named (its `vendor` is
/// `PushVendor.braze`) where the standard registry would hand it over unrecognised:
///
/// ```swift
/// var configuration = PushRouterConfiguration(registry: .extended)
/// configuration.setDelegate(ExponeaHandler(), for: .exponea)
/// configuration.fallbackDelegate = OtherPushes()   // Braze, OneSignal, … arrive here, named
/// ```
public struct PushRouterConfiguration: Sendable {
    /// The decoders that recognise and normalise payloads, in precedence order. Register a custom decoder here (or with
    /// ``register(_:delegate:)``) and give its vendor a delegate.
    public var registry: PushDecoderRegistry

    /// The delegates, by vendor.
    public private(set) var delegates: [PushVendor: any PushRouterDelegate] = [:]

    /// The delegate for pushes no decoder recognises, and for the pushes of ``fallbackVendors``.
    public var fallbackDelegate: (any PushRouterDelegate)?

    /// Recognised vendors whose pushes go to ``fallbackDelegate`` when they have no delegate of their own.
    ///
    /// The default is every sender of `PushVendor.otherSenders` (Braze, OneSignal, Airship and the rest of
    /// `PushDecoderRegistry.extended`), SDKs the app has not wired up: its fallback decides what to do with their
    /// pushes, knowing whose they are. The four standard vendors and custom vendors are not in it, so a Cordial push
    /// whose delegate the app forgot ends as ``PushRoutedEvent/Outcome/noDelegate``. A vendor named by
    /// ``setDelegate(_:for:)`` or ``register(_:delegate:)`` leaves the set, so after ``removeDelegate(for:)`` its
    /// pushes go to nobody.
    public var fallbackVendors: Set<PushVendor> = Set(PushVendor.otherSenders)

    /// The observers asked about every foreground push, in registration order.
    public private(set) var presentationObservers: [any PushPresentationObserver] = []

    /// How long a delegate may take over a silent push before the router answers ``PushFetchResult/failed``. The
    /// default, 25 seconds, stays inside the about 30 seconds iOS allows.
    public var silentDeliveryTimeout: Duration = .seconds(25)

    /// How long the delegate and observers may take over a foreground push before the router presents the answers it
    /// has. The default is 5 seconds: the user is looking at the app.
    public var foregroundDeliveryTimeout: Duration = .seconds(5)

    /// How long a delegate may take over a tap before the router calls the platform's completion handler. The default
    /// is 10 seconds.
    public var tapTimeout: Duration = .seconds(10)

    /// How long the owner's delegate may take over a notification service extension request before the router asks it
    /// to finish (``PushRouterDelegate/serviceExtensionTimeWillExpire(_:)``) and delivers the original content. The
    /// default, 25 seconds, stays inside the about 30 seconds iOS gives an extension.
    public var serviceExtensionTimeout: Duration = .seconds(25)

    /// How long each delegate may take over the device token. The default is 10 seconds.
    public var deviceTokenTimeout: Duration = .seconds(10)

    /// The vendors whose delegates get the device token; `nil` (the default) means every vendor with a delegate. The
    /// fallback never gets it: an app that runs another sender's SDK with the app owning the delegate (Braze's, whose
    /// `notifications.register(deviceToken:)` needs it) gives that sender a delegate of its own with
    /// ``setDelegate(_:for:)``.
    public var deviceTokenVendors: Set<PushVendor>?

    /// The vendors whose SDKs open a tap's target themselves when the tap is forwarded to them, which sets
    /// ``PushTap/vendorSDKOpensTarget``. The default is what the registry's decoders say
    /// (`PushDecoderRegistry.vendorsOpeningTapTargets`, from ``PushTapHandling/opensTapTarget``): of the standard
    /// vendors, Cordial, Exponea and Swrve. ``register(_:delegate:)`` adds a decoder's vendor when it says so.
    public var vendorsOpeningTapTargets: Set<PushVendor>

    /// The vendors whose SDKs open a tap's target, by the decoders of the standard registry.
    public static var standardVendorsOpeningTapTargets: Set<PushVendor> {
        PushDecoderRegistry.standard.vendorsOpeningTapTargets
    }

    /// The clock the router's timeouts run on and its events' durations are measured by. The default is
    /// `ContinuousClock`; tests inject a manual clock (`PushRoutingTesting.ManualClock`) so that no timeout depends on
    /// the machine's speed.
    public var clock: any Clock<Duration> = ContinuousClock()

    /// Drops repeats of the same vendor message, when set; `nil` (the default) lets every event through.
    public var duplicateGuard: PushDuplicateGuard?

    /// How many events each ``PushRouter/events()`` stream keeps for a slow consumer; beyond that the oldest are
    /// dropped. The default is 256.
    public var eventBufferSize: Int = 256

    /// The limits for payloads the router converts itself (from `userInfo`).
    public var payloadLimits: PushPayloadLimits = .default

    /// Where the router logs, at `.info` and below only. The default discards everything.
    public var logger: Logger = Logger(label: "PushRouting", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Creates a configuration with the `registry` (the four standard vendors by default), no delegates and the default
    /// options.
    public init(registry: PushDecoderRegistry = .standard) {
        self.registry = registry
        vendorsOpeningTapTargets = registry.vendorsOpeningTapTargets
    }

    /// Makes `delegate` the one delegate for `vendor`'s pushes, replacing any earlier one, and takes `vendor` out of
    /// ``fallbackVendors``.
    ///
    /// A delegate for a vendor that ``registry`` doesn't know is never called.
    public mutating func setDelegate(_ delegate: any PushRouterDelegate, for vendor: PushVendor) {
        delegates[vendor] = delegate
        fallbackVendors.remove(vendor)
    }

    /// Removes the delegate for `vendor`: its pushes will end as ``PushRoutedEvent/Outcome/noDelegate``.
    public mutating func removeDelegate(for vendor: PushVendor) {
        delegates[vendor] = nil
    }

    /// The delegate for `vendor`, if it has one.
    public func delegate(for vendor: PushVendor) -> (any PushRouterDelegate)? {
        delegates[vendor]
    }

    /// Adds a decoder for another vendor (lowest precedence, or replacing the decoder for the same vendor) together
    /// with its delegate, and takes the vendor out of ``fallbackVendors``.
    public mutating func register(_ decoder: any PushPayloadDecoder, delegate: any PushRouterDelegate) {
        registry.register(decoder)
        if (decoder as? any PushTapHandling)?.opensTapTarget == true { vendorsOpeningTapTargets.insert(decoder.vendor) }
        setDelegate(delegate, for: decoder.vendor)
    }

    /// Adds an observer asked about every foreground push (see ``PushPresentationObserver``).
    public mutating func addPresentationObserver(_ observer: any PushPresentationObserver) {
        presentationObservers.append(observer)
    }
}
