#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import PushPayloads

extension Data: JSONBytes {
    /// Calls `body` with the data's bytes (made contiguous first if they are not).
    public func withJSONBytes<Result>(
        _ body: (UnsafeRawBufferPointer) throws(PushPayloadError) -> Result
    ) throws(PushPayloadError) -> Result {
        try withUnsafeBytes { buffer in Swift.Result { () throws(PushPayloadError) in try body(buffer) } }.get()
    }
}

extension PushDeviceToken {
    /// The token in `data`, as `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)` hands it over.
    public init(data: Data) { self.init(bytes: Array(data)) }

    /// The token as `Data`, for the vendor SDK calls that take one.
    public var data: Data { Data(bytes) }
}
