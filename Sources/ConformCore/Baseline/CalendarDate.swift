/// A day of the proleptic Gregorian calendar, written `YYYY-MM-DD`: when a baseline entry expires, and
/// the day a run judges expiry on (`--as-of`). No time zone: the caller decides which day "today" is.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// `nil` unless the three make a day of the calendar (`2025-02-30` does not).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads exactly `YYYY-MM-DD` (four, two and two digits); `nil` for anything else or a day that does not exist.
    public init?(_ text: String) {
        guard case .success(let date) = Self.parse(text) else { return nil }
        self = date
    }

    /// Reads exactly `YYYY-MM-DD` (four, two and two digits) on the proleptic Gregorian calendar, or says
    /// why the text is not a day (`2026-02-30`: February 2026 has 28 days).
    public static func parse(_ text: String) -> Result<CalendarDate, TimeRefusal> {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, let (year, month, day) = fields(bytes[...]) else {
            return .failure(TimeRefusal("it is not a day written YYYY-MM-DD (four, two and two digits)"))
        }
        return checked(year: year, month: month, day: day)
    }

    /// The digits of `YYYY-MM-DD` at the start of `bytes`, unchecked; `nil` unless shaped so.
    static func fields(_ bytes: ArraySlice<UInt8>) -> (year: Int, month: Int, day: Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
            let year = digits(bytes, start..<start + 4), let month = digits(bytes, start + 5..<start + 7),
            let day = digits(bytes, start + 8..<start + 10)
        else { return nil }
        return (year, month, day)
    }

    /// The number the ASCII digits in `range` write; `nil` when any byte is not a digit.
    static func digits(_ bytes: ArraySlice<UInt8>, _ range: Range<Int>) -> Int? {
        var value = 0
        for byte in bytes[range] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The day, or the reason the three numbers do not make one.
    static func checked(year: Int, month: Int, day: Int) -> Result<CalendarDate, TimeRefusal> {
        guard (1...9999).contains(year) else { return .failure(TimeRefusal("there is no year 0000: years run from 0001 to 9999")) }
        guard (1...12).contains(month) else {
            return .failure(TimeRefusal("there is no month \(two(month)): months run from 01 to 12"))
        }
        let days = Self.days(inMonth: month, of: year)
        guard (1...days).contains(day) else {
            let name = monthNames[month - 1]
            return .failure(
                TimeRefusal(
                    day == 0
                        ? "there is no day 00: days run from 01"
                        : month == 2 ? "February \(four(year)) has \(days) days" : "\(name) has \(days) days"))
        }
        return CalendarDate(year: year, month: month, day: day).map { .success($0) }
            ?? .failure(TimeRefusal("a date is written YYYY-MM-DD"))
    }

    /// The day `days` after 1970-01-01 (before it when negative); the caller keeps it within years 1 to 9999.
    init(daysSince1970 days: Int) {
        // Howard Hinnant's civil_from_days: exact for every day of the proleptic Gregorian calendar.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this day (negative before it): Hinnant's days_from_civil, the inverse of
    /// `init(daysSince1970:)`, on the proleptic Gregorian calendar (1582-10-10 is a day like any other).
    public var daysSince1970: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The earlier day.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `2025-09-30`.
    public var description: String {
        "\(Self.four(year))-\(Self.two(month))-\(Self.two(day))"
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static func four(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
