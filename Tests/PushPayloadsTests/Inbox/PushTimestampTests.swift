import Foundation
import PushPayloads
import PushPayloadsTestSupport
import Testing

/// The Foundation-free timestamp against Foundation's own ISO 8601 formatter, the one Cordial's SDK uses.
@Suite("Inbox timestamps")
struct PushTimestampTests {
    static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }

    /// From 1583: before 15 October 1582 Foundation's formatter counts Julian dates, this type proleptic
    /// Gregorian ones (no vendor's inbox holds such a date).
    @Test("formatting agrees with ISO8601DateFormatter across the years 1583 to 9999")
    func formattingAgrees() {
        let formatter = Self.formatter()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let milliseconds = Int64.random(in: -12_212_553_600_000...253_402_300_799_999, using: &generator)
            let timestamp = PushTimestamp(millisecondsSince1970: milliseconds)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            #expect(timestamp.iso8601 == formatter.string(from: date), "\(milliseconds)")
            #expect(PushTimestamp(iso8601: timestamp.iso8601) == timestamp)
        }
    }

    @Test("parsing agrees with the formatter on offsets and fractions")
    func parsingAgrees() throws {
        let formatter = Self.formatter()
        for text in [
            "2024-10-10T12:25:07.123Z", "2024-02-29T23:59:59.999+14:00", "1970-01-01T00:00:00.1-00:30",
            "2000-05-20T16:39:56.000Z", "1969-12-31T23:59:59.999Z", "2024-10-10T12:25:07.1234Z",
            "2024-10-10T12:25:07.123456789+05:30",
        ] {
            let timestamp = try #require(PushTimestamp(iso8601: text), "\(text)")
            let date = try #require(formatter.date(from: text), "\(text)")
            #expect(timestamp.millisecondsSince1970 == Int64((date.timeIntervalSince1970 * 1000).rounded()), "\(text)")
        }
    }

    @Test(
        "text the SDK's formatter refuses is refused",
        arguments: [
            "2024-10-10T12:25:07Z", "2024-10-10 12:25:07.1Z", "2024-13-01T00:00:00.0Z", "2023-02-29T00:00:00.0Z",
            "2024-01-01T24:00:00.0Z", "2024-01-01T00:00:00.0", "2024-01-01T00:00:00.0+0100", "",
            "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00.0Zjunk", "2024-01-01T00:00:00.1234567890Z",
        ]
    )
    func refused(_ text: String) {
        #expect(PushTimestamp(iso8601: text) == nil)
    }

    /// An offset that carries a moment past 9999 (or before 0) in UTC: refused, as the UTC text written back
    /// (and the schema's four-digit year) cannot hold it (issue 37: it became year 10000).
    @Test(arguments: ["9999-12-31T23:59:59.999-00:01", "0000-01-01T00:00:00.000+00:01"])
    func anOffsetPastTheYearsIsRefused(_ text: String) {
        #expect(PushTimestamp(iso8601: text) == nil)
        #expect(PushTimestamp(iso8601: "9999-12-31T23:59:59.999+00:01")?.iso8601 == "9999-12-31T23:58:59.999Z")
    }

    /// `Corpus/regressions/issue-24-iso8601-four-fraction-digits-crash.json`, found by `FuzzInbox`: four to
    /// nine fraction digits trapped (a range from the digit count up to 3).
    @Test("four to nine fraction digits are read to the millisecond, in a Cordial entry too")
    func longFractions() throws {
        let regression = try String(
            contentsOf: TestPaths.corpus.appendingPathComponent(
                "regressions/issue-24-iso8601-four-fraction-digits-crash.json"
            ),
            encoding: .utf8
        )
        // The fuzzer's input has no zone, so it is refused; with one it reads.
        #expect(PushTimestamp(iso8601: regression) == nil)
        #expect(PushTimestamp(iso8601: regression + "Z")?.iso8601 == "2024-10-10T12:25:07.120Z")
        for digits in 4...9 {
            let text = "2024-10-10T12:25:07.\(String(repeating: "9", count: digits))Z"
            #expect(PushTimestamp(iso8601: text)?.iso8601 == "2024-10-10T12:25:07.999Z")
        }
        let entry = try PushInboxMessage(
            jsonString:
                #"{"_id":"m","url":"u","urlExpireAt":"2024-01-01T00:00:00.00001Z","read":true,"sentAt":"\#(regression)Z"}"#
        )
        #expect(entry.sentAt?.iso8601 == "2024-10-10T12:25:07.120Z")
    }

    @Test("seconds since 1970 round to the millisecond; values beyond the years 0 to 9999 are refused")
    func seconds() {
        #expect(PushTimestamp(secondsSince1970: 1_673_346_347.242)?.millisecondsSince1970 == 1_673_346_347_242)
        #expect(PushTimestamp(secondsSince1970: -0.0005)?.millisecondsSince1970 == -1)
        #expect(PushTimestamp(secondsSince1970: .infinity) == nil)
        #expect(PushTimestamp(secondsSince1970: 1e15) == nil)
        #expect(PushTimestamp(millisecondsSince1970: -1).iso8601 == "1969-12-31T23:59:59.999Z")
    }
}
