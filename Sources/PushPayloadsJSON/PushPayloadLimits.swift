/// Bounds on untrusted input, applied before and during parsing.
///
/// Every payload the library reads comes from the network or from a capture nobody vetted, so every
/// dimension an attacker controls has a ceiling. The defaults leave ample room for real pushes: APNs
/// caps a payload at 4 KiB (5 KiB for VoIP) and FCM at 4 KiB of data, while the defaults accept 64 KiB.
public struct PushPayloadLimits: Hashable, Sendable {
    /// The largest payload, in bytes, that is parsed. Larger input fails with ``PushPayloadError/Code/tooLarge``.
    public var maximumPayloadBytes: Int

    /// The deepest nesting of objects and arrays that is accepted; `{}` has depth 1.
    ///
    /// Deeper input fails with ``PushPayloadError/Code/tooDeep``. The parser is iterative, so this bounds
    /// memory and work, not the call stack.
    public var maximumDepth: Int

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maximumPayloadBytes: The largest payload in bytes; at most `UInt32.max - 1`.
    ///   - maximumDepth: The deepest nesting of objects and arrays; at least 1.
    public init(maximumPayloadBytes: Int = 65_536, maximumDepth: Int = 128) {
        precondition(maximumPayloadBytes >= 0 && maximumPayloadBytes < Int(UInt32.max), "payload limit out of range")
        precondition(maximumDepth >= 1 && maximumDepth <= 100_000, "depth limit out of range")
        self.maximumPayloadBytes = maximumPayloadBytes
        self.maximumDepth = maximumDepth
    }

    /// 64 KiB and 128 levels: sixteen times the APNs payload cap, and far deeper than any vendor nests.
    public static let `default` = PushPayloadLimits()
}
