import PushPayloads

/// What a routing method routes: a payload, and for a `userInfo` dictionary the values JSON could not
/// hold (each written into the payload as its description).
struct RoutingInput: Sendable {
    var payload: PushPayload
    var unrepresentable: [PushPayloadError]

    init(_ payload: PushPayload, unrepresentable: [PushPayloadError] = []) {
        self.payload = payload
        self.unrepresentable = unrepresentable
    }
}
