/// A key of a coding path the tree rebuilds, or of a payload object's member: a member's name, or an
/// element's position; a string literal names a member.
struct EncodedTreeKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int?

    init(name: String) {
        stringValue = name
        intValue = nil
    }

    init(index: Int) {
        stringValue = String(index)
        intValue = index
    }

    init?(stringValue: String) { self.init(name: stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
    init(stringLiteral name: String) { self.init(name: name) }
}
