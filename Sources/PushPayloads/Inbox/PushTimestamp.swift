/// A moment in time, to the millisecond, as the inbox vendors record one: no Foundation, no time zone.
///
/// The vendors write times three ways, and each reader uses the one its SDK uses: Exponea's App Inbox
/// seconds since 1970 as a JSON number with a fraction (`create_time`), Swrve milliseconds since 1970 as an
/// integer (`sent_date`, `end_date`), Cordial ISO 8601 text with fractional seconds (`sentAt`, as
/// `ISO8601DateFormatter` with `.withInternetDateTime` and `.withFractionalSeconds` reads it).
public struct PushTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z; negative before it.
    public var millisecondsSince1970: Int64

    /// The latest moment ISO 8601 text with a four-digit year can say: 9999-12-31T23:59:59.999Z.
    static let maximumMilliseconds: Int64 = 253_402_300_799_999
    /// The earliest: 0000-01-01T00:00:00.000Z.
    static let minimumMilliseconds: Int64 = -62_167_219_200_000

    /// Creates a timestamp from milliseconds since 1970.
    public init(millisecondsSince1970: Int64) { self.millisecondsSince1970 = millisecondsSince1970 }

    /// Seconds since 1970, rounded to the millisecond, or `nil` when the value is not finite or lies
    /// outside the years 0 to 9999.
    public init?(secondsSince1970 seconds: Double) {
        guard seconds.isFinite else { return nil }
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds >= Double(Self.minimumMilliseconds), milliseconds <= Double(Self.maximumMilliseconds)
        else { return nil }
        self.init(millisecondsSince1970: Int64(milliseconds))
    }

    /// Parses ISO 8601 internet date-time text with fractional seconds, as Cordial's SDK does
    /// (`CordialDateFormatter`: `2024-10-10T12:25:07.123Z`, or with an offset such as `+02:00`).
    ///
    /// The fraction is required, as `ISO8601DateFormatter` with `.withFractionalSeconds` requires it;
    /// digits past the third are dropped. Returns `nil` for anything else, including impossible dates.
    public init?(iso8601 text: String) {
        guard let parsed = Array(text.utf8).withUnsafeBufferPointer({ Self.parseISO8601($0) }) else { return nil }
        self.init(millisecondsSince1970: parsed)
    }

    /// Whether `lhs` is the earlier moment.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.millisecondsSince1970 < rhs.millisecondsSince1970 }

    /// The moment as ISO 8601 text in UTC with milliseconds, `2024-10-10T12:25:07.000Z`, the form records
    /// and the inspection write.
    public var iso8601: String {
        let days = Self.floorDivide(millisecondsSince1970, 86_400_000)
        let millisecondsOfDay = millisecondsSince1970 - days * 86_400_000
        let (year, month, day) = Self.civil(fromDays: days)
        let hour = millisecondsOfDay / 3_600_000
        let minute = millisecondsOfDay / 60_000 % 60
        let second = millisecondsOfDay / 1000 % 60
        let millisecond = millisecondsOfDay % 1000
        var text = Self.digits(year, 4) + "-" + Self.digits(month, 2) + "-" + Self.digits(day, 2)
        text += "T" + Self.digits(hour, 2) + ":" + Self.digits(minute, 2) + ":" + Self.digits(second, 2)
        text += "." + Self.digits(millisecond, 3) + "Z"
        return text
    }

    /// ``iso8601``.
    public var description: String { iso8601 }

    // MARK: - Calendar arithmetic
    //
    // Proleptic Gregorian. Foundation's ISO 8601 formatter agrees from 15 October 1582; before it, ICU
    // counts Julian dates. No vendor's inbox holds such a date, and one calendar throughout keeps the
    // order of timestamps the order of their text.

    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value < 0 ? -value : value)
        let padded = String(repeating: "0", count: max(0, width - text.count)) + text
        return value < 0 ? "-" + padded : padded
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's `days_from_civil`).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of days since 1970-01-01 (`civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS.f+(Z|±HH:MM)`; `nil` for anything else.
    private static func parseISO8601(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        func number(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for _ in 0..<count {
                let byte = bytes[index]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
                index += 1
            }
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2) else {
            return nil
        }
        guard expect("T"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
            let second = number(2),
            expect(".")
        else { return nil }
        var millisecond: Int64 = 0
        var fractionDigits = 0
        while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
            if fractionDigits < 3 { millisecond = millisecond * 10 + Int64(bytes[index] - 0x30) }
            fractionDigits += 1
            index += 1
        }
        guard (1...9).contains(fractionDigits) else { return nil }
        // One or two digits are tenths or hundredths; past three, the extra digits were dropped above.
        for _ in min(fractionDigits, 3)..<3 { millisecond *= 10 }
        var offsetMinutes: Int64 = 0
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "Z") {
            index += 1
        } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHour = number(2), expect(":"), let offsetMinute = number(2), offsetHour <= 23,
                offsetMinute <= 59
            else { return nil }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
        } else {
            return nil
        }
        guard index == bytes.count, (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let days = days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
        let milliseconds = seconds * 1000 + millisecond
        // An offset can carry the last moment of 9999 into 10000 in UTC (`9999-12-31T23:59:59.999-00:01`), a
        // year the UTC text written back cannot hold in four digits: refused, as a time past 9999 is elsewhere.
        guard milliseconds >= minimumMilliseconds, milliseconds <= maximumMilliseconds else { return nil }
        return milliseconds
    }
}
