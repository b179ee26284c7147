/// A view of a JSON number that keeps the text it was written as.
///
/// JSON has one number type; SDKs read it as whatever they need. ``int64Value`` answers the way an
/// `NSNumber` answers `as? Int` (any integral value in range, so `1`, `1.0` and `1e0` all give 1), and
/// ``doubleValue`` the way `as? Double` does.
public struct JSONNumber: Sendable {
    @usableFromInline let value: JSONValue
    @inlinable var storage: JSONStorage { value.storage }
    @inlinable var node: JSONNode { value.node }

    @inlinable
    init(storage: JSONStorage, index: Int) { value = JSONValue(storage: storage, index: index) }

    /// Whether the number was written without a fraction or exponent.
    @inlinable
    public var isIntegerLiteral: Bool { node.flags & JSONNode.isInteger != 0 }

    /// The number exactly as written in the input, such as `-12.50e3`.
    public var text: String { String(decoding: node.text(in: storage.bytes), as: UTF8.self) }

    /// The value as an integer, if it is integral and fits in `Int64`.
    @inlinable
    public var int64Value: Int64? {
        let node = self.node
        guard node.flags & JSONNode.isInteger != 0 else {
            let value = doubleValue
            guard value.rounded(.towardZero) == value, let exact = Int64(exactly: value) else { return nil }
            return exact
        }
        // Integer literals are range-checked by the parser, so accumulating can't overflow.
        var p = storage.bytes + Int(node.start)
        let end = p + Int(node.length)
        let negative = p.pointee == UInt8(ascii: "-")
        if negative { p += 1 }
        var value: Int64 = 0
        while p < end {
            let digit = Int64(p.pointee &- UInt8(ascii: "0"))
            value = negative ? value &* 10 &- digit : value &* 10 &+ digit
            p += 1
        }
        return value
    }

    /// The value as an `Int`, if it is integral and fits.
    @inlinable
    public var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }

    /// The value as the nearest `Double` (always finite: the parser rejects numbers that overflow).
    public var doubleValue: Double { Self.double(jsonText: node.text(in: storage.bytes)) }

    /// The nearest `Double` to the text of a valid JSON number, whatever the process's locale.
    ///
    /// C's `strtod` follows `LC_NUMERIC`, so under a decimal-comma locale it reads `1.5` as 1; Swift's `Double(_:)`
    /// always parses in the C locale, and accepts every JSON number (infinity when one overflows).
    static func double(jsonText: UnsafeBufferPointer<UInt8>) -> Double {
        Double(String(decoding: jsonText, as: UTF8.self)) ?? .nan
    }
}

extension JSONNumber: Equatable {
    /// Numbers are equal when their values are: integers exactly, others as `Double`s.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if lhs.isIntegerLiteral && rhs.isIntegerLiteral { return lhs.int64Value == rhs.int64Value }
        return lhs.doubleValue == rhs.doubleValue
    }
}

extension JSONNumber: CustomStringConvertible {
    /// The number as written.
    public var description: String { text }
}
