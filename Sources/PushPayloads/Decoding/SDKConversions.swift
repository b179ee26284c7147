import PushPayloadsJSON

/// The conversions vendor SDKs apply to payload values on their platforms, reproduced exactly so a rule that depends on
/// them gives the SDK's answer: Foundation's `NSNumber.stringValue` on Apple platforms, Kotlin's `isBlank()` on
/// Android, JavaScript's `String(number)` in Atomic's Web SDK.
///
/// None of them may use the host's own conversions: swift-corelibs-foundation formats `NSNumber` doubles differently
/// from Apple's Foundation (`1234.0` against `1234`), and C's formatting follows the locale.
package enum SDKConversions {
    // MARK: Apple

    /// What an iOS SDK reads from `value` with `as? String`, falling back to `NSNumber.stringValue`, as Swrve's
    /// `pushIdFromNotificationContent` does: a string as is, a number or Boolean as Apple's Foundation prints it,
    /// anything else `nil`.
    ///
    /// On Apple platforms a JSON Boolean arrives as an `NSNumber`, so `true` reads as `"1"` and `false` as `"0"`.
    /// Integers print in decimal; numbers written with a fraction or exponent arrive as doubles and print with `%0.16g`
    /// (`1234.0` is `"1234"`, `1e3` is `"1000"`, `98.1` is `"98.09999999999999"`).
    package static func appleStringValue(_ value: JSONValue) -> String? {
        switch value.kind {
        case .string: return value.stringValue
        case .bool: return value.boolValue == true ? "1" : "0"
        case .number:
            guard let number = value.numberValue else { return nil }
            if number.isIntegerLiteral, let integer = number.int64Value { return String(integer) }
            return formatG(number.doubleValue, precision: 16)
        default: return nil
        }
    }

    /// What `as? Int` gives for `value` on Apple platforms: an integral number in range (`1`, `1.0`, `1e0`), or a
    /// Boolean as 1 or 0 (an `NSNumber`); strings and everything else give `nil`.
    package static func appleIntValue(_ value: JSONValue) -> Int64? {
        switch value.kind {
        case .bool: return value.boolValue == true ? 1 : 0
        case .number: return value.numberValue?.int64Value
        default: return nil
        }
    }

    /// Whether Foundation's `URL(string:)` (and `URLComponents(string:)`) makes a URL of `text`, as iOS 17 and later
    /// parse: characters a URL can't hold are percent-encoded rather than refused, so what fails is an empty string, or
    /// an authority (`scheme://…`) whose host or port cannot be valid. Earlier iOS versions also refused unencoded
    /// characters such as spaces; the SDKs run on both, and this follows the current one.
    package static func appleURLParses(_ text: String) -> Bool {
        // A String read from a payload is native UTF-8, so `withUTF8` reads it in place (no copy).
        var text = text
        return text.withUTF8 { utf8 in
            guard !utf8.isEmpty else { return false }
            // A scheme, then `//` and an authority up to the path, query or fragment.
            guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon > 0,
                isSchemeStart(utf8[0]), utf8[1..<colon].allSatisfy(isSchemeByte),
                utf8[(colon + 1)...].starts(with: "//".utf8)
            else { return true }
            let authorityStart = colon + 3
            let authorityEnd =
                utf8[authorityStart...].firstIndex {
                    $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
                } ?? utf8.count
            var authority = utf8[authorityStart..<authorityEnd]
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
            var host = authority
            if authority.first == UInt8(ascii: "[") {
                guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return false }
                let rest = authority[(close + 1)...]
                return rest.isEmpty || (rest.first == UInt8(ascii: ":") && rest.dropFirst().allSatisfy(isDigit))
            }
            if let portColon = authority.firstIndex(of: UInt8(ascii: ":")) {
                host = authority[..<portColon]
                guard authority[(portColon + 1)...].allSatisfy(isDigit) else { return false }
            }
            return host.allSatisfy(isHostByte)
        }
    }

    private static func isSchemeStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// A scheme's letters, digits, `+`, `-` and `.`. A bit test in a mask of the 128 ASCII bytes (bytes 0–63 in the
    /// first word, 64–127 in the second): a test of a string's bytes per byte cost more than the rest of the parse.
    package static func isSchemeByte(_ byte: UInt8) -> Bool {
        isInMask(byte, low: 0x03FF_6800_0000_0000, high: 0x07FF_FFFE_07FF_FFFE)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// RFC 3986 `reg-name`: unreserved, sub-delims and `%`; bytes from 0x80 are an internationalised name. A bit test,
    /// as ``isSchemeByte(_:)``.
    package static func isHostByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || isInMask(byte, low: 0x2BFF_7FF2_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
    }

    /// Whether ASCII `byte` has its bit set in the 128-bit mask `low` (bytes 0–63), `high` (64–127); never for a byte
    /// from 0x80.
    @inline(__always)
    private static func isInMask(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        guard byte < 0x80 else { return false }
        let word = byte < 64 ? low : high
        return word &>> UInt64(byte & 63) & 1 != 0
    }

    // MARK: URLs

    /// `text` with `%XX` escapes decoded as UTF-8, and `+` as a space when `plusAsSpace` (Android's
    /// `Uri.getQueryParameter`; Foundation's `URLQueryItem` keeps `+`). `nil` when an escape is malformed or the bytes
    /// are not UTF-8, which never equals the words the SDKs compare with.
    package static func percentDecoded(_ text: Substring, plusAsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            switch byte {
            case UInt8(ascii: "%"):
                guard utf8.count >= 2, let high = hexValue(utf8.removeFirst()), let low = hexValue(utf8.removeFirst())
                else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusAsSpace: bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// The value of a hexadecimal digit, either case.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    // MARK: Kotlin

    /// Kotlin's `isNullOrBlank()` on a value Android reads with `?: ""`: absent, not a string (FCM data has only
    /// strings, so the SDK never sees one), empty, or only characters for which `Char.isWhitespace()` is true.
    package static func isKotlinBlank(_ value: JSONValue?) -> Bool {
        guard let value, value.kind == .string else { return true }
        return value.withDecodedUTF8 { utf8 in
            String(decoding: utf8, as: UTF8.self).unicodeScalars.allSatisfy(isKotlinWhitespace)
        } ?? true
    }

    /// Kotlin's `Char.isWhitespace()` on the JVM: `Character.isWhitespace` or `Character.isSpaceChar`, which together
    /// are the Unicode space, line and paragraph separators (no-break spaces included) and U+0009–U+000D,
    /// U+001C–U+001F. U+0085 is not among them.
    package static func isKotlinWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x1C...0x1F: return true
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    // MARK: JavaScript

    /// JavaScript's `String(number)` (ECMAScript `Number::toString`): the shortest digits that read back as the same
    /// double, as `1234` for `1234.0`, `0.1` for `0.10`, `1e+21` for `1e21`, `1.5e-7`.
    package static func javaScriptString(_ number: JSONNumber) -> String {
        if number.isIntegerLiteral, let integer = number.int64Value, integer.magnitude <= 1 << 53 {
            // Exactly representable as a double, so the digits are the integer's own.
            return String(integer)
        }
        let value = number.doubleValue
        if value == 0 { return "0" }
        // Swift's description also gives the shortest round-trip digits, choosing the closest when several are
        // shortest, as ECMAScript asks; only the layout differs.
        let (digits, exponent) = shortestDigits(value.magnitude)
        return (value < 0 ? "-" : "") + layout(digits, exponent: exponent, fixed: -6..<21, exponentWidth: 1)
    }

    /// The shortest round-trip decimal digits of a positive finite double, without leading or trailing zeros, and the
    /// decimal exponent of the first digit.
    private static func shortestDigits(_ value: Double) -> (digits: String, exponent: Int) {
        // `description` is either `ddd.ddd` or `d.ddde±x`.
        let text = value.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        let integerPart = mantissa.prefix { $0 != "." }
        let fraction = mantissa.dropFirst(integerPart.count + 1)
        var digits = String(integerPart) + fraction
        exponent += integerPart.count - 1
        while digits.first == "0" && digits.count > 1 {
            digits.removeFirst()
            exponent -= 1
        }
        while digits.last == "0" && digits.count > 1 { digits.removeLast() }
        return (digits, exponent)
    }

    // MARK: printf

    /// C's `%.<precision>g` in the C locale, correctly rounded (ties to even, as glibc and Apple's libc round exact
    /// ties): the exact decimal expansion of `value`, rounded to `precision` significant digits, in fixed notation when
    /// the exponent is from -4 to `precision - 1`, else `d.ddde±dd`, with trailing zeros removed.
    package static func formatG(_ value: Double, precision: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let sign = value.sign == .minus ? "-" : ""
        if value == 0 { return sign + "0" }
        var (significant, exponent) = exactDigits(value.magnitude)
        if significant.count > precision {
            let rest = significant[precision...]
            significant.removeSubrange(precision...)
            let first = rest.first!
            let roundUp =
                first > 5 || (first == 5 && (rest.dropFirst().contains { $0 != 0 } || significant.last! % 2 == 1))
            if roundUp {
                var index = significant.count - 1
                while index >= 0 && significant[index] == 9 {
                    significant[index] = 0
                    index -= 1
                }
                if index >= 0 {
                    significant[index] += 1
                } else {
                    significant.insert(1, at: 0)
                    significant.removeLast()
                    exponent += 1
                }
            }
        }
        while significant.count > 1 && significant.last == 0 { significant.removeLast() }
        let text = significant.map { String($0) }.joined()
        return sign + layout(text, exponent: exponent, fixed: -4..<precision, exponentWidth: 2)
    }

    /// `digits` (no leading or trailing zeros) times ten to `exponent` as text: in fixed notation when `fixed` holds the
    /// exponent, else `d.ddd`, `e`, the exponent's sign and at least `exponentWidth` of its digits. JavaScript's and C's
    /// layouts differ only in those two.
    private static func layout(_ digits: String, exponent: Int, fixed: Range<Int>, exponentWidth: Int) -> String {
        if fixed.contains(exponent) {
            if exponent < 0 { return "0." + String(repeating: "0", count: -exponent - 1) + digits }
            let integerCount = exponent + 1
            if digits.count <= integerCount {
                return digits + String(repeating: "0", count: integerCount - digits.count)
            }
            return String(digits.prefix(integerCount)) + "." + digits.dropFirst(integerCount)
        }
        let mantissa = digits.count == 1 ? digits : String(digits.prefix(1)) + "." + digits.dropFirst()
        let magnitude = String(exponent.magnitude)
        let padding = String(repeating: "0", count: max(0, exponentWidth - magnitude.count))
        return mantissa + "e" + (exponent < 0 ? "-" : "+") + padding + magnitude
    }

    /// Every decimal digit of a positive finite double (at most 767 significant ones), most significant first, without
    /// trailing zeros, and the decimal exponent of the first digit.
    private static func exactDigits(_ value: Double) -> (digits: [Int], exponent: Int) {
        // value = significand * 2^binaryExponent, with an integer significand.
        var significand = value.significandBitPattern
        var binaryExponent = Int(value.exponentBitPattern) - 1075
        if value.exponentBitPattern == 0 {
            binaryExponent = -1074
        } else {
            significand |= 1 << 52
        }
        // An integer N and a count of decimal places: value = N / 10^places.
        var number = BigDecimalInteger(significand)
        var places = 0
        if binaryExponent >= 0 {
            number.multiply(byPowerOf: 2, binaryExponent)
        } else {
            // m / 2^k = m * 5^k / 10^k.
            number.multiply(byPowerOf: 5, -binaryExponent)
            places = -binaryExponent
        }
        var digits = number.decimalDigits()
        let exponent = digits.count - 1 - places
        while digits.count > 1 && digits.last == 0 { digits.removeLast() }
        return (digits, exponent)
    }

    /// An unsigned integer of any size, just enough arithmetic for ``exactDigits(_:)``.
    private struct BigDecimalInteger {
        /// Base 10^9 limbs, least significant first.
        var limbs: [UInt64]

        init(_ value: UInt64) {
            limbs = []
            var value = value
            repeat {
                limbs.append(value % 1_000_000_000)
                value /= 1_000_000_000
            } while value > 0
        }

        mutating func multiply(by factor: UInt64) {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let product = limbs[index] * factor + carry
                limbs[index] = product % 1_000_000_000
                carry = product / 1_000_000_000
            }
            while carry > 0 {
                limbs.append(carry % 1_000_000_000)
                carry /= 1_000_000_000
            }
        }

        /// Multiplies by `base` to the power `count`, in factors below 2^30 so a limb's product fits 64 bits.
        mutating func multiply(byPowerOf base: UInt64, _ count: Int) {
            var remaining = count
            while remaining > 0 {
                var factor: UInt64 = 1
                while remaining > 0 && factor * base < 1 << 30 {
                    factor *= base
                    remaining -= 1
                }
                multiply(by: factor)
            }
        }

        /// The decimal digits, most significant first, without leading zeros (`[0]` for zero).
        func decimalDigits() -> [Int] {
            var digits: [Int] = []
            for limb in limbs.reversed() {
                var divisor: UInt64 = 100_000_000
                while divisor > 0 {
                    digits.append(Int(limb / divisor % 10))
                    divisor /= 10
                }
            }
            let significant = digits.drop { $0 == 0 }
            return significant.isEmpty ? [0] : Array(significant)
        }
    }
}
