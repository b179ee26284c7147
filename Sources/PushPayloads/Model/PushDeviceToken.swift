/// The APNs (or FCM) device token the platform gave the app, for the vendor SDKs that register it.
///
/// On Apple platforms it is the `Data` of `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`
/// (`init(data:)` and `data`, with `import PushPayloadsFoundation`), which is what every vendor SDK's
/// registration call takes; elsewhere its ``bytes``, or the lowercase hexadecimal text APNs tokens are
/// usually stored as (``hex``). `PushRouter.routeDeviceToken(_:)` hands it to the vendors' delegates.
public struct PushDeviceToken: Hashable, Sendable, CustomStringConvertible {
    /// The token's bytes.
    public let bytes: [UInt8]

    /// A token of `bytes`.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The token whose hexadecimal text is `hex` (either case, no separators), or `nil` if `hex` is empty,
    /// has an odd length or a character that is not a hexadecimal digit.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard !digits.isEmpty, digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = SDKConversions.hexValue(digits[index]),
                let low = SDKConversions.hexValue(digits[index + 1])
            else { return nil }
            bytes.append(high << 4 | low)
        }
        self.bytes = bytes
    }

    /// The token as lowercase hexadecimal text, as APNs tokens are usually logged and stored.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }

    /// The hexadecimal text.
    public var description: String { hex }
}
