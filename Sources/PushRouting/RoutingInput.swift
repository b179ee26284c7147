import PushPayloads

/// What a routing method routes: a payload, for a `userInfo` dictionary the values JSON could not hold
/// (each written into the payload as its description), and the platform object it came from, if any.
struct RoutingInput: Sendable {
    var payload: PushPayload
    var unrepresentable: [PushPayloadError] = []
    var platformObject: PlatformObject? = nil

    /// The origin the delegate is handed.
    var origin: PushOrigin { PushOrigin(payload: payload, platformObject: platformObject) }
}
