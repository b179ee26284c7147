// The conversions the other senders' SDKs apply, beside the ones the four vendors need (SDKConversions.swift).
extension SDKConversions {
    // MARK: Apple

    /// What `as? Bool` gives for `value` on Apple platforms: a JSON Boolean, or a number equal to 0 or 1
    /// (JSON numbers arrive as `NSNumber`, which bridges to `Bool` only when it is exactly 0 or 1).
    package static func appleBoolValue(_ value: JSONValue) -> Bool? {
        switch value.kind {
        case .bool: return value.boolValue
        case .number:
            guard let number = value.numberValue?.doubleValue else { return nil }
            if number == 0 { return false }
            return number == 1 ? true : nil
        default: return nil
        }
    }

    /// Whether `as? NSNumber` succeeds for `value` on Apple platforms: numbers and Booleans (both arrive as
    /// `NSNumber`), never strings.
    package static func isAppleNumber(_ value: JSONValue) -> Bool { value.kind == .number || value.kind == .bool }

    /// What Objective-C's `intValue` gives for a number, Boolean or string (`NSString.intValue` reads a
    /// leading integer: `"1"` is 1, `"1x"` is 1, `"x"` is 0); `nil` for values that don't answer `intValue`.
    package static func objectiveCIntValue(_ value: JSONValue) -> Int? {
        switch value.kind {
        case .bool: return value.boolValue == true ? 1 : 0
        case .number:
            guard let number = value.numberValue?.doubleValue, number.magnitude < 2_147_483_648 else { return 0 }
            return Int(number)
        case .string:
            guard let text = value.stringValue else { return nil }
            var digits = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            var sign = 1
            if let first = digits.first, first == "-" || first == "+" {
                sign = first == "-" ? -1 : 1
                digits = digits.dropFirst()
            }
            return sign * (Int(digits.prefix { $0.isASCII && $0.isNumber }.prefix(9)) ?? 0)
        default: return nil
        }
    }

    // MARK: Java and Kotlin

    /// Java's `Integer.parseInt`: an optional `+` or `-`, then one or more decimal digits (any Unicode
    /// decimal digit, as `Character.digit` reads them), within 32 bits; `nil` when it throws.
    package static func javaParseInt(_ text: String) -> Int32? {
        var scalars = Substring(text).unicodeScalars[...]
        var negative = false
        if let first = scalars.first, first == "-" || first == "+" {
            negative = first == "-"
            scalars = scalars.dropFirst()
        }
        guard !scalars.isEmpty else { return nil }
        var result: Int64 = 0
        for scalar in scalars {
            guard scalar.properties.generalCategory == .decimalNumber,
                let digit = scalar.properties.numericValue, digit >= 0, digit <= 9
            else { return nil }
            result = result * 10 + Int64(digit)
            if result > Int64(Int32.max) + 1 { return nil }
        }
        let value = negative ? -result : result
        return value >= Int64(Int32.min) && value <= Int64(Int32.max) ? Int32(value) : nil
    }

    /// org.json's Boolean coercion (`optBoolean`, and `getBoolean` without the throw): a JSON Boolean, or a
    /// string equal to `true` ignoring case. Anything else is false.
    package static func orgJSONBoolean(_ value: JSONValue?) -> Bool {
        guard let value else { return false }
        if let flag = value.boolValue { return flag }
        return value.stringValue?.lowercased() == "true"
    }

    /// Whether `value` is absent, or a string that Java's `TextUtils.isEmpty` / Kotlin's `isNullOrEmpty`
    /// calls empty. FCM data holds only strings, so a value of another type never reaches the SDK.
    package static func isJavaEmpty(_ value: JSONValue?) -> Bool {
        guard let value, value.kind == .string else { return true }
        return value.isEmptyString
    }
}
