/// Encodes `Encodable` values as JSON text, without Foundation.
///
/// The library's answers (classifications, notifications, findings) conform to `Encodable` with a documented schema
/// (`docs/json-schema.md`); this encoder writes them anywhere the toolchain runs, and writes a ``JSONValue`` or
/// ``JSONDocument`` from a payload exactly: numbers as written, strings re-escaped from their decoded text.
/// (Foundation's `JSONEncoder` also works, but reads numbers through `Int64` or `Double`.)
///
/// ```swift
/// let encoder = JSONBytesEncoder()
/// let json = try encoder.encode(classification)      // [UInt8], compact
/// ```
///
/// Object members keep the order in which the value encodes them (a key encoded twice keeps its first
/// place and its last value); `nil` optionals are written as `null` when encoded with
/// `encode(_:forKey:)` (as the library's own types do) and left out when encoded with
/// `encodeIfPresent`. Non-finite floating-point numbers are refused, as JSON has none.
public struct JSONBytesEncoder: Sendable {
    /// Whether to indent nested values by two spaces, one member or element per line.
    public var prettyPrinted: Bool

    /// Creates an encoder.
    public init(prettyPrinted: Bool = false) {
        self.prettyPrinted = prettyPrinted
    }

    /// The JSON text of `value`, as UTF-8.
    public func encode(_ value: some Encodable) throws -> [UInt8] {
        let tree = EncodedTree()
        try tree.encode(value, into: EncodedTree.root)
        return tree.json(prettyPrinted: prettyPrinted)
    }

    /// Appends the JSON text of `value` to `output`: a writer that falls back to `Encodable` for part of its answer
    /// (`PushInspectionWriter`, for extras that do not write themselves) encodes it in place.
    package func encode(_ value: some Encodable, into output: OutputBuffer) throws {
        let tree = EncodedTree()
        try tree.encode(value, into: EncodedTree.root)
        tree.write(prettyPrinted: prettyPrinted, into: output)
    }

    /// The JSON text of `value`, as a string.
    public func encodeToString(_ value: some Encodable) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}
