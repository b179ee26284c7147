public import PushPayloads

/// Inspects send requests and payloads: builds each platform's delivery, decodes it with the registry,
/// and runs the checks. A value: configure it once and share it.
///
/// ```swift
/// let inspection = PushInspector().inspect(try PushSendRequest(jsonBytes: body))
/// let json = try JSONBytesEncoder().encode(inspection)      // the documented JSON
/// ```
public struct PushInspector: Sendable {
    /// The decoders, in precedence order.
    public var registry: PushDecoderRegistry
    /// The platforms whose devices receive the requests, when the caller knows them (see ``PushChecker/platforms``): an
    /// FCM body's deliveries to other platforms are left out, with their findings. Empty (the default): not known.
    public var platforms: Set<PushPlatform>

    /// An inspector decoding each platform's delivery with `registry` and checking it for devices of `platforms`.
    public init(registry: PushDecoderRegistry = .standard, platforms: Set<PushPlatform> = []) {
        self.registry = registry
        self.platforms = platforms
    }

    /// The inspection of `request`.
    ///
    /// Each delivery is built and decoded once, and the checks read the same deliveries and notifications.
    public func inspect(_ request: PushSendRequest) -> PushInspection {
        let all = request.deliveries(including: platforms)
        let audience = PushAudience(request: request, deliveries: all, declared: platforms)
        // Aligned with `all`: a delivery the request does not reach (its platform not declared) is left out.
        let notifications = all.map { audience.possible.contains($0.platform) ? registry.decode($0.payload) : nil }
        let deliveries = zip(all, notifications).compactMap { delivery, notification in
            notification.map {
                PushInspection.Delivery(
                    platform: delivery.platform,
                    headers: delivery.headers,
                    systemText: delivery.systemText,
                    notification: $0
                )
            }
        }
        let context = PushCheckContext(
            request: request,
            registry: registry,
            deliveries: all,
            audience: audience,
            notifications: notifications
        )
        return PushInspection(
            kind: request.kind,
            deliveries: deliveries,
            findings: PushChecker(registry: registry, platforms: platforms).check(context)
        )
    }
}
