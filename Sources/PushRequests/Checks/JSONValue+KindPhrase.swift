import PushPayloads

extension JSONValue {
    /// The value's kind with its article, for messages: "an object", "a string", "a Boolean", "null".
    var kindPhrase: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a Boolean"
        case .null: return "null"
        }
    }
}
