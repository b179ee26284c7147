extension PushPayloadError.Code: Encodable {
    /// Encodes the code as its ``name``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}

extension PushPayloadError: Encodable {
    /// Encodes `code`, `offset` (`null` when the error has none), `key_path` (only when it has one) and
    /// `message`, as the command's error records write them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EncodedTreeKey.self)
        try container.encode(code, forKey: "code")
        try container.encode(byteOffset, forKey: "offset")
        try container.encodeIfPresent(keyPath, forKey: "key_path")
        try container.encode(message, forKey: "message")
    }
}
