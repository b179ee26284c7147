extension JSONValue: Encodable {
    /// Encodes the value as the JSON it is. ``JSONBytesEncoder`` copies it exactly as written; other
    /// encoders get an integer literal as `Int64` and any other number as `Double`.
    public func encode(to encoder: any Encoder) throws {
        if let object = objectValue {
            var container = encoder.container(keyedBy: EncodedTreeKey.self)
            for (key, member) in object { try container.encode(member, forKey: EncodedTreeKey(name: key)) }
        } else if let array = arrayValue {
            var container = encoder.unkeyedContainer()
            for element in array { try container.encode(element) }
        } else {
            var container = encoder.singleValueContainer()
            if let text = stringValue {
                try container.encode(text)
            } else if let number = numberValue {
                if number.isIntegerLiteral, let integer = number.int64Value {
                    try container.encode(integer)
                } else {
                    try container.encode(number.doubleValue)
                }
            } else if let flag = boolValue {
                try container.encode(flag)
            } else {
                try container.encodeNil()
            }
        }
    }
}

extension JSONDocument: Encodable {
    /// Encodes the document's top-level value (see ``JSONValue/encode(to:)``).
    public func encode(to encoder: any Encoder) throws {
        try root.encode(to: encoder)
    }
}
