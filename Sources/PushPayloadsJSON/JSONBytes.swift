/// JSON text as contiguous UTF-8 bytes in memory, which the parser reads in place without a copy of its
/// own beyond the one it always makes.
///
/// `[UInt8]`, `ArraySlice<UInt8>`, `ContiguousArray<UInt8>`, `String` and `Substring` (their UTF-8) conform,
/// and `Data` does with `PushPayloadsFoundation`; every entry point that reads bytes takes `some JSONBytes`,
/// and, with a Swift 6.2 or later compiler, a `RawSpan` (pass a `Span<UInt8>` as its `bytes`). Conform a buffer type of your
/// own (a NIO `ByteBuffer`'s readable bytes, say) by handing its bytes to `body`:
///
/// ```swift
/// extension MyBuffer: JSONBytes {
///     public func withJSONBytes<Result>(
///         _ body: (UnsafeRawBufferPointer) throws(PushPayloadError) -> Result
///     ) throws(PushPayloadError) -> Result {
///         try withUnsafeReadableBytes { buffer in Swift.Result { () throws(PushPayloadError) in try body(buffer) } }.get()
///     }
/// }
/// ```
///
public protocol JSONBytes {
    /// Calls `body` exactly once with every byte of the text, contiguous and valid for the duration of the call.
    ///
    /// The one pointer in the byte inputs, and only where a type conforms: how it lends its storage to the
    /// parser without a copy (the `withUnsafeBytes` pattern, which `RawSpan` replaces only from Swift 6.2 and
    /// the newest OSes). Callers pass the value itself to the entry points, never a pointer.
    func withJSONBytes<Result>(
        _ body: (UnsafeRawBufferPointer) throws(PushPayloadError) -> Result
    ) throws(PushPayloadError) -> Result
}

extension Array: JSONBytes where Element == UInt8 {}
extension ArraySlice: JSONBytes where Element == UInt8 {}
extension ContiguousArray: JSONBytes where Element == UInt8 {}
extension String: JSONBytes {}
extension Substring: JSONBytes {}

extension JSONBytes where Self: Sequence<UInt8> {
    /// Calls `body` with the bytes: in place when they are contiguous (an array, a slice, a `ContiguousArray`).
    public func withJSONBytes<Result>(
        _ body: (UnsafeRawBufferPointer) throws(PushPayloadError) -> Result
    ) throws(PushPayloadError) -> Result {
        try withContiguousBytes(self, body)
    }
}

extension JSONBytes where Self: StringProtocol {
    /// Calls `body` with the text's UTF-8: in place unless it is not contiguous (a bridged string's).
    public func withJSONBytes<Result>(
        _ body: (UnsafeRawBufferPointer) throws(PushPayloadError) -> Result
    ) throws(PushPayloadError) -> Result {
        try withContiguousBytes(utf8, body)
    }
}

/// Calls `body` with `bytes` in place when they are contiguous, else with a contiguous copy.
private func withContiguousBytes<Bytes: Sequence<UInt8>, Result>(
    _ bytes: Bytes,
    _ body: (UnsafeRawBufferPointer) throws(PushPayloadError) -> Result
) throws(PushPayloadError) -> Result {
    let lent = bytes.withContiguousStorageIfAvailable { buffer in
        Swift.Result { () throws(PushPayloadError) in try body(UnsafeRawBufferPointer(buffer)) }
    }
    if let lent { return try lent.get() }
    return try withContiguousBytes(Array(bytes), body)
}
