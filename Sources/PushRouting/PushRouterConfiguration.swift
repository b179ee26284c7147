public import Logging
public import PushPayloads

/// Everything a ``PushRouter`` needs: the decoders, a delegate per vendor, the fallback, presentation
/// observers and options. Configure it as a value, then freeze it with ``PushRouter/init(configuration:)``.
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
/// A recognised push goes to its vendor's delegate and to no other; if its vendor has none, the event's
/// outcome is ``PushRoutedEvent/Outcome/noDelegate`` (it is never handed to another vendor's delegate,
/// nor to the fallback, which would repeat the "one SDK handles another's push" problem). Only pushes
/// no decoder recognises go to ``fallbackDelegate``.
public struct PushRouterConfiguration: Sendable {
    /// The decoders that recognise and normalise payloads, in precedence order. Register a custom decoder
    /// here (or with ``register(_:delegate:)``) and give its vendor a delegate.
    public var registry: PushDecoderRegistry

    /// The delegates, by vendor.
    public private(set) var delegates: [PushVendor: any PushRouterDelegate] = [:]

    /// The delegate for pushes no decoder recognises.
    public var fallbackDelegate: (any PushRouterDelegate)?

    /// The observers asked about every foreground push, in registration order.
    public private(set) var presentationObservers: [any PushPresentationObserver] = []

    /// How long a delegate may take over a silent push before the router answers
    /// ``PushFetchResult/failed``. The default, 25 seconds, stays inside the about 30 seconds iOS allows.
    public var silentDeliveryTimeout: Duration = .seconds(25)

    /// How long the delegate and observers may take over a foreground push before the router presents the
    /// answers it has. The default is 5 seconds: the user is looking at the app.
    public var foregroundDeliveryTimeout: Duration = .seconds(5)

    /// How long a delegate may take over a tap before the router calls the platform's completion handler.
    /// The default is 10 seconds.
    public var tapTimeout: Duration = .seconds(10)

    /// Drops repeats of the same vendor message, when set; `nil` (the default) lets every event through.
    public var duplicateGuard: PushDuplicateGuard?

    /// How many events each ``PushRouter/events()`` stream keeps for a slow consumer; beyond that the oldest
    /// are dropped. The default is 256.
    public var eventBufferSize: Int = 256

    /// The limits for payloads the router converts itself (from `userInfo`).
    public var payloadLimits: PushPayloadLimits = .default

    /// Where the router logs, at `.info` and below only. The default discards everything.
    public var logger: Logger = Logger(label: "PushRouting", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Creates a configuration with the `registry` (the four standard vendors by default), no delegates
    /// and the default options.
    public init(registry: PushDecoderRegistry = .standard) {
        self.registry = registry
    }

    /// Makes `delegate` the one delegate for `vendor`'s pushes, replacing any earlier one.
    ///
    /// A delegate for a vendor that ``registry`` doesn't know is never called.
    public mutating func setDelegate(_ delegate: any PushRouterDelegate, for vendor: PushVendor) {
        delegates[vendor] = delegate
    }

    /// Removes the delegate for `vendor`: its pushes will end as ``PushRoutedEvent/Outcome/noDelegate``.
    public mutating func removeDelegate(for vendor: PushVendor) {
        delegates[vendor] = nil
    }

    /// The delegate for `vendor`, if it has one.
    public func delegate(for vendor: PushVendor) -> (any PushRouterDelegate)? {
        delegates[vendor]
    }

    /// Adds a decoder for another vendor (lowest precedence, or replacing the decoder for the same vendor)
    /// together with its delegate.
    public mutating func register(_ decoder: any PushPayloadDecoder, delegate: any PushRouterDelegate) {
        registry.register(decoder)
        delegates[decoder.vendor] = delegate
    }

    /// Adds an observer asked about every foreground push (see ``PushPresentationObserver``).
    public mutating func addPresentationObserver(_ observer: any PushPresentationObserver) {
        presentationObservers.append(observer)
    }
}
