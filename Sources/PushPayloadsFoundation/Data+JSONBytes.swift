#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import PushPayloadsJSON

extension Data: JSONBytes {
    /// Calls `body` with the data's bytes (made contiguous first if they are not).
    public func withJSONBytes<Result>(
        _ body: (UnsafeRawBufferPointer) throws(PushPayloadError) -> Result
    ) throws(PushPayloadError) -> Result {
        try withUnsafeBytes { buffer in Swift.Result { () throws(PushPayloadError) in try body(buffer) } }.get()
    }
}
