public import Foundation

/// Strict equality of property lists such as `userInfo` dictionaries: same keys and structure, numbers
/// equal in value and in kind (a Boolean `NSNumber` is not the integer 1, an integer is not a double).
public enum PropertyListEquality {
    /// Whether two dictionaries are equal, strictly.
    public static func equal(_ lhs: [AnyHashable: Any], _ rhs: [AnyHashable: Any]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs {
            guard let other = rhs[key], equal(value, other) else { return false }
        }
        return true
    }

    /// Whether two property-list values are equal, strictly.
    public static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
        switch (lhs, rhs) {
        case (let lhs as String, let rhs as String): return lhs == rhs
        case (is NSNull, is NSNull): return true
        case (let lhs as NSNumber, let rhs as NSNumber): return kind(lhs) == kind(rhs) && lhs == rhs
        case (let lhs as [AnyHashable: Any], let rhs as [AnyHashable: Any]): return equal(lhs, rhs)
        case (let lhs as [Any], let rhs as [Any]):
            return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { equal($0, $1) }
        default: return false
        }
    }

    /// `bool`, `integer` or `double`, from the number's Objective-C type.
    public static func kind(_ number: NSNumber) -> String {
        switch String(cString: number.objCType) {
        case "c", "B": return "bool"
        case "f", "d": return "double"
        default: return "integer"
        }
    }
}
