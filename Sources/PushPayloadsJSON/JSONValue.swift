/// A view of one value in a ``JSONDocument``.
///
/// A view is a reference to the document's storage and a position in it: copying one copies no JSON, and it keeps the
/// document alive. Typed accessors return `nil` when the value has another type, so type checks read as they do in the
/// vendors' SDKs (`value.stringValue` where Swift code would write `as? String`).
public struct JSONValue: Sendable {
    @usableFromInline let storage: JSONStorage
    @usableFromInline let index: Int

    @inlinable
    init(storage: JSONStorage, index: Int) {
        self.storage = storage
        self.index = index
    }

    /// The kinds of JSON value: a set closed by RFC 8259.
    public enum Kind: Sendable, Hashable {
        /// An object (`{…}`).
        case object
        /// An array (`[…]`).
        case array
        /// A string.
        case string
        /// A number.
        case number
        /// `true` or `false`.
        case bool
        /// `null`.
        case null
    }

    @inlinable
    var node: JSONNode { storage.nodes[index] }

    /// This value's kind.
    @inlinable
    public var kind: Kind {
        switch node.kind {
        case JSONNode.object: return .object
        case JSONNode.array: return .array
        case JSONNode.string: return .string
        case JSONNode.number: return .number
        case JSONNode.true, JSONNode.false: return .bool
        default: return .null
        }
    }

    /// Whether this value is `null`.
    @inlinable
    public var isNull: Bool { node.kind == JSONNode.null }

    /// The Boolean, if this value is `true` or `false` (never a number: `1` is not `true` here).
    @inlinable
    public var boolValue: Bool? {
        switch node.kind {
        case JSONNode.true: return true
        case JSONNode.false: return false
        default: return nil
        }
    }

    /// The decoded string, if this value is a string.
    @inlinable
    public var stringValue: String? {
        let node = self.node
        guard node.kind == JSONNode.string else { return nil }
        return JSONStringDecoding.string(node, in: storage.bytes)
    }

    /// Whether this value is a string that decodes to exactly `text`, checked without allocating.
    @inlinable
    public func isString(_ text: String) -> Bool {
        let node = self.node
        guard node.kind == JSONNode.string else { return false }
        if let equal = text.utf8.withContiguousStorageIfAvailable({
            JSONStringDecoding.equals(node, in: storage.bytes, $0)
        }) {
            return equal
        }
        var text = text
        return text.withUTF8 { JSONStringDecoding.equals(node, in: storage.bytes, $0) }
    }

    /// Whether this value is a string, and an empty one.
    @inlinable
    public var isEmptyString: Bool {
        let node = self.node
        return node.kind == JSONNode.string && node.length == 0
    }

    /// The number of UTF-8 bytes of the decoded string, if this value is a string.
    public var stringUTF8Count: Int? {
        let node = self.node
        guard node.kind == JSONNode.string else { return nil }
        return JSONStringDecoding.withDecodedBytes(of: node, in: storage.bytes) { $0.count }
    }

    /// Calls `body` with the decoded UTF-8 bytes of this string (decoding on the stack if it has
    /// escapes), or returns `nil` if this value is not a string.
    ///
    /// The bytes are a buffer pointer, as in the standard library's `String.withUTF8`, because they
    /// live on the stack or inside the document only for the call: nothing is copied, and `body` must
    /// not keep the buffer. ``stringValue`` is the safe, allocating form.
    public func withDecodedUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        let node = self.node
        guard node.kind == JSONNode.string else { return nil }
        return try JSONStringDecoding.withDecodedBytes(of: node, in: storage.bytes, body)
    }

    /// Calls `body` with this string's text as written between its quotes, escapes and all, and whether
    /// it has any; `nil` if this value is not a string. Text without escapes holds no quote, backslash or
    /// control character (the parser refused them raw), so a JSON writer can copy it as it is.
    @inlinable
    package func withRawStringUTF8<R>(
        _ body: (UnsafeBufferPointer<UInt8>, _ hasEscapes: Bool) throws -> R
    ) rethrows -> R? {
        let node = self.node
        guard node.kind == JSONNode.string else { return nil }
        return try body(node.text(in: storage.bytes), node.flags & JSONNode.hasEscapes != 0)
    }

    /// The number, if this value is a number.
    @inlinable
    public var numberValue: JSONNumber? {
        guard node.kind == JSONNode.number else { return nil }
        return JSONNumber(storage: storage, index: index)
    }

    /// The object, if this value is an object.
    @inlinable
    public var objectValue: JSONObject? {
        guard node.kind == JSONNode.object else { return nil }
        return JSONObject(storage: storage, index: index)
    }

    /// The array, if this value is an array.
    @inlinable
    public var arrayValue: JSONArray? {
        guard node.kind == JSONNode.array else { return nil }
        return JSONArray(storage: storage, index: index)
    }

    /// The member named `key`, if this value is an object that has it.
    @inlinable @inline(__always)
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `position`, if this value is an array that long.
    @inlinable
    public subscript(position: Int) -> JSONValue? {
        arrayValue?[position]
    }

    /// This value as compact JSON text (see ``JSONDocument/jsonBytes``).
    public var jsonBytes: [UInt8] {
        var output: [UInt8] = []
        JSONWriter.write(self, into: &output)
        return output
    }

    /// This value as compact JSON text.
    public var jsonString: String { String(decoding: jsonBytes, as: UTF8.self) }
}

extension JSONValue: CustomStringConvertible {
    /// This value as compact JSON text.
    public var description: String { jsonString }
}
