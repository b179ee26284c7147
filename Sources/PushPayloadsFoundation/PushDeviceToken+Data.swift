#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import PushPayloads

extension PushDeviceToken {
    /// The token in `data`, as `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)` hands it over.
    public init(data: Data) { self.init(bytes: Array(data)) }

    /// The token as `Data`, for the vendor SDK calls that take one.
    public var data: Data { Data(bytes) }
}
