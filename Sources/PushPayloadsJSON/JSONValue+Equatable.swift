extension JSONValue: Equatable {
    /// Whether both values hold the same JSON data: objects as unordered maps, arrays in order, strings
    /// by decoded text and numbers by value. The two may come from different documents.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        // An explicit work list instead of recursion: depth is bounded by limits the caller chooses.
        var pending = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            let nodeA = a.node
            let nodeB = b.node
            guard a.kind == b.kind else { return false }
            switch nodeA.kind {
            case JSONNode.object:
                guard nodeA.length == nodeB.length, let objectA = a.objectValue, let objectB = b.objectValue else {
                    return false
                }
                for value in objectA.values {
                    guard let match = objectB[keyOf: value] else { return false }
                    pending.append((value, match))
                }
            case JSONNode.array:
                guard nodeA.length == nodeB.length, let arrayA = a.arrayValue, let arrayB = b.arrayValue else {
                    return false
                }
                for pair in zip(arrayA, arrayB) { pending.append(pair) }
            case JSONNode.string:
                let equal = JSONStringDecoding.withDecodedBytes(of: nodeA, in: a.storage.bytes) {
                    JSONStringDecoding.equals(nodeB, in: b.storage.bytes, $0)
                }
                guard equal else { return false }
            case JSONNode.number:
                guard a.numberValue == b.numberValue else { return false }
            default:
                guard nodeA.kind == nodeB.kind else { return false }
            }
        }
        return true
    }
}

extension JSONValue: Hashable {
    /// Hashes the value's kind and size, consistent with the semantic ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        switch kind {
        case .object: hasher.combine(objectValue?.count)
        case .array: hasher.combine(arrayValue?.count)
        case .string: hasher.combine(stringValue)
        case .bool: hasher.combine(boolValue)
        default: break
        }
    }
}
