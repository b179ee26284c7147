extension PushVendor {
    /// Atomic: `atomic` is an object with `source` `io.atomic` and typed card and container ids.
    public static let atomic = PushVendor(name: "atomic")
}

extension PushMarker {
    /// Atomic: `atomic` is a complete, well-typed envelope (`notificationFromPushPayload`).
    public static let atomicEnvelope = PushMarker(name: "atomic.envelope")
}
