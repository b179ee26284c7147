#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PushPayloads
import Testing

@Suite("SDK conversions")
struct SDKConversionsTests {
    /// C's own `%.16g`, the oracle (this process never changes LC_NUMERIC, so it is the C locale).
    func cFormat(_ value: Double, precision: Int = 16) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, 64, "%.\(precision)g", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test("%.16g matches C on chosen and random doubles")
    func formatG() {
        var values: [Double] = [
            1234, 1.5, 1e3, 0.1, 98.1, 1e20, 1e16, 1e15, 9.999999999999999e15, 0.0001, 0.00001, 123_456_789_012_345_680,
            Double.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 2.5, 0.5, 1e-7, 123.456,
            -0.25e1, 1e21,
            9_007_199_254_740_992, 0.3, 2.0 / 3.0, 1e100, 1.7976931348623157e308,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            values.append(Double(bitPattern: generator.next() & ~(0x7FF << 52) | (UInt64.random(in: 900...1200) << 52)))
            values.append(Double(bitPattern: generator.next()))
        }
        for value in values where value.isFinite {
            #expect(SDKConversions.formatG(value, precision: 16) == cFormat(value), "\(value)")
            #expect(SDKConversions.formatG(-value, precision: 16) == cFormat(-value), "\(-value)")
            #expect(SDKConversions.formatG(value, precision: 6) == cFormat(value, precision: 6), "\(value)")
        }
        #expect(SDKConversions.formatG(0, precision: 16) == "0")
        #expect(SDKConversions.formatG(-0.0, precision: 16) == "-0")
    }

    @Test(
        "iOS reads numbers and Booleans as NSNumber.stringValue does",
        arguments: [
            ("true", "1"), ("false", "0"), ("1234", "1234"), ("1234.0", "1234"), ("1.5", "1.5"), ("1e3", "1000"),
            ("0.1", "0.1"), ("98.1", "98.09999999999999"), ("1e20", "1e+20"), ("-7", "-7"), ("-0.0", "-0"),
            ("\"\"", ""), ("\" \"", " "), ("\"a\"", "a"),
        ]
    )
    func appleStringValue(_ json: String, _ expected: String) throws {
        let value = try JSONDocument(jsonValueString: json).root
        #expect(SDKConversions.appleStringValue(value) == expected)
    }

    @Test("containers and null have no iOS string value")
    func appleStringValueNone() throws {
        for json in ["null", "[]", "{}", "[1]"] {
            #expect(SDKConversions.appleStringValue(try JSONDocument(jsonValueString: json).root) == nil)
        }
    }

    @Test(
        "JavaScript's String(number)",
        arguments: [
            ("1234", "1234"), ("1234.0", "1234"), ("0.10", "0.1"), ("1e21", "1e+21"), ("1e20", "100000000000000000000"),
            ("1.5e-7", "1.5e-7"), ("0.000001", "0.000001"), ("-0", "0"), ("-2.5", "-2.5"), ("123e-2", "1.23"),
            ("9007199254740993", "9007199254740992"), ("1E3", "1000"),
        ]
    )
    func javaScriptString(_ json: String, _ expected: String) throws {
        let number = try #require(try JSONDocument(jsonValueString: json).root.numberValue)
        #expect(SDKConversions.javaScriptString(number) == expected)
    }

    @Test("Kotlin's blank: empty, absent, or only Char.isWhitespace characters")
    func kotlinBlank() throws {
        let blank = ["\"\"", #"" ""#, #""\t\n\u000b\f\r""#, #""\u00a0\u2007\u202f\u3000""#, #""\u001c\u001f""#]
        let notBlank = [#""a""#, #"" x ""#, #""\u0085""#, #""\u200b""#, #""\u0000""#]
        for json in blank {
            #expect(SDKConversions.isKotlinBlank(try JSONDocument(jsonValueString: json).root), "\(json)")
        }
        for json in notBlank {
            #expect(!SDKConversions.isKotlinBlank(try JSONDocument(jsonValueString: json).root), "\(json)")
        }
        #expect(SDKConversions.isKotlinBlank(nil))
    }

    @Test("the URL check's byte classes are RFC 3986's: scheme bytes, and a host's reg-name bytes")
    func urlByteClasses() {
        let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        let digits = Set("0123456789".utf8)
        let scheme = letters.union(digits).union("+-.".utf8)
        let host = letters.union(digits).union("-._~%!$&'()*+,;=".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(SDKConversions.isSchemeByte(byte) == scheme.contains(byte), "\(byte)")
            #expect(SDKConversions.isHostByte(byte) == (byte >= 0x80 || host.contains(byte)), "\(byte)")
        }
    }
}
