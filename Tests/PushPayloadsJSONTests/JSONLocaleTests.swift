#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PushPayloadsJSON
import Testing

/// Numbers must read the same whatever locale the host process sets: servers and apps do set
/// decimal-comma locales, and C's `strtod` follows them.
@Suite("Locale independence")
struct JSONLocaleTests {
    /// Runs `body` with this thread's LC_NUMERIC set to German (decimal comma), and checks that the
    /// locale really is in effect, so the test can't pass by accident. Synchronous on purpose: the
    /// locale belongs to the thread.
    func withDecimalCommaLocale(_ body: () throws -> Void) throws {
        // scripts/test.sh generates the locale with localedef when the machine lacks it.
        let locale = try #require(
            newlocale(LC_NUMERIC_MASK, "de_DE.UTF-8", nil),
            "the de_DE.UTF-8 locale is missing: run scripts/test.sh, or `localedef -i de_DE -f UTF-8 de_DE.UTF-8`"
        )
        defer { freelocale(locale) }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        #expect(strtod("1.5", nil) == 1, "C's strtod should stop at the '.' under a decimal-comma locale")
        try body()
    }

    @Test(
        "fractions and exponents read exactly under a decimal-comma locale",
        arguments: [
            ("1.5", 1.5), ("-0.25e1", -2.5), ("12345.678", 12345.678), ("1e308", 1e308),
            ("5e-324", .leastNonzeroMagnitude),
        ]
    )
    func exactValues(_ text: String, _ value: Double) throws {
        try withDecimalCommaLocale {
            let document = try JSONDocument(jsonString: #"{"n":\#(text)}"#)
            #expect(document.rootObject["n"]?.numberValue?.doubleValue == value)
        }
    }

    @Test("a number past Double's range is refused under a decimal-comma locale", arguments: ["1.8e308", "-1.8e308"])
    func outOfRange(_ text: String) throws {
        try withDecimalCommaLocale {
            #expect(throws: PushPayloadError(.numberOutOfRange, message: "")) {
                try JSONDocument(jsonString: #"{"n":\#(text)}"#)
            }
        }
    }
}
