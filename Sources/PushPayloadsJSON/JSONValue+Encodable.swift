extension JSONValue: Encodable {
    /// Encodes the value as the JSON it is. ``JSONBytesEncoder`` copies it exactly as written; other
    /// encoders get an integer literal as `Int64` and any other number as `Double`.
    public func encode(to encoder: any Encoder) throws {
        switch kind {
        case .object:
            var container = encoder.container(keyedBy: EncodedTreeKey.self)
            for (key, member) in objectValue ?? JSONObject.empty {
                try container.encode(member, forKey: EncodedTreeKey(name: key))
            }
        case .array:
            var container = encoder.unkeyedContainer()
            if let array = arrayValue { for element in array { try container.encode(element) } }
        case .string:
            var container = encoder.singleValueContainer()
            try container.encode(stringValue ?? "")
        case .number:
            var container = encoder.singleValueContainer()
            guard let number = numberValue else { return try container.encodeNil() }
            if number.isIntegerLiteral, let integer = number.int64Value {
                try container.encode(integer)
            } else {
                try container.encode(number.doubleValue)
            }
        case .bool:
            var container = encoder.singleValueContainer()
            try container.encode(boolValue ?? false)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
}

extension JSONDocument: Encodable {
    /// Encodes the document's top-level value (see ``JSONValue/encode(to:)``).
    public func encode(to encoder: any Encoder) throws {
        try root.encode(to: encoder)
    }
}
