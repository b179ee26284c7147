/// The `Encodable` forms of what the library writes by hand (`PushRecord`, `PushFinding`): the byte writers
/// are the one description of each schema, and the conformances encode the JSON value the writer writes, so the
/// two cannot drift apart.
///
/// The bytes are read back by the engine and encoded member by member through the encoder's containers, in the
/// order written: an integer as `Int64`, any other number as `Double` (the writers write a `Double` as its
/// `description`, which reads back to the same `Double`), so `JSONBytesEncoder` writes the same bytes, pretty
/// printing indents every level, and other encoders (Foundation's) get the values the hand-written conformances
/// gave them. Only the `Encodable` path pays for the round trip; the writers, which the classify path and servers
/// use, are untouched.
///
/// Not for a schema that copies a payload's JSON as written (an inspection's `payload`): once written, the copied
/// value cannot be told from the schema's own members, and encoding it member by member would lose its numbers' text.
package enum WrittenJSON {
    /// Encodes with `encoder` the one JSON value `write` appends to an empty buffer.
    ///
    /// - Throws: What `write` throws; `EncodingError.invalidValue` if the bytes are not one JSON value (a bug in a
    ///   writer, reported rather than hidden).
    package static func encode(
        _ value: Any,
        to encoder: any Encoder,
        writtenBy write: (OutputBuffer) throws -> Void
    ) throws {
        let output = OutputBuffer()
        try write(output)
        try encode(value, bytes: output.bytes, to: encoder)
    }

    /// Encodes with `encoder` the JSON value `bytes` hold.
    package static func encode(_ value: Any, bytes: [UInt8], to encoder: any Encoder) throws {
        // Written by us, so the limits are the writer's own: as long and as deep as what it wrote (a payload
        // member nests the payload's own levels a few deep).
        let limits = PushPayloadLimits(
            maximumPayloadBytes: min(bytes.count, Int(UInt32.max) - 1),
            maximumDepth: 100_000
        )
        let document: JSONDocument
        do {
            document = try JSONDocument(jsonBytes: bytes, limits: limits)
        } catch {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "the writer wrote JSON the engine does not read back: \(error)"
                )
            )
        }
        try Member(value: document.root).encode(to: encoder)
    }

    /// A value read back, encoded through containers all the way down, where `JSONValue`'s own conformance lets
    /// `JSONBytesEncoder` copy a nested value's bytes whole (unindented when pretty printing).
    private struct Member: Encodable {
        let value: JSONValue

        func encode(to encoder: any Encoder) throws {
            if let object = value.objectValue {
                var container = encoder.container(keyedBy: EncodedTreeKey.self)
                for (key, member) in object {
                    try container.encode(Member(value: member), forKey: EncodedTreeKey(name: key))
                }
            } else if let array = value.arrayValue {
                var container = encoder.unkeyedContainer()
                for element in array { try container.encode(Member(value: element)) }
            } else {
                var container = encoder.singleValueContainer()
                if let text = value.stringValue {
                    try container.encode(text)
                } else if let number = value.numberValue {
                    if number.isIntegerLiteral, let integer = number.int64Value {
                        try container.encode(integer)
                    } else {
                        try container.encode(number.doubleValue)
                    }
                } else if let flag = value.boolValue {
                    try container.encode(flag)
                } else {
                    try container.encodeNil()
                }
            }
        }
    }
}
