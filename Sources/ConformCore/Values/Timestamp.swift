/// A moment to the second, in UTC, on the proleptic Gregorian calendar (the Gregorian rules carried back
/// before 1582, with no ten-day shift), from `0001-01-01T00:00:00Z` to `9999-12-31T23:59:59Z`: the times a
/// run document records (`recordedAt`, `--recorded-at`) and `SOURCE_DATE_EPOCH`. Every time conform reads
/// is read by `Timestamp.parse` or `Timestamp.parseEpoch` (Timestamp+Parsing.swift), so that one rule holds
/// everywhere; times compare as the moments they are.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z, from `earliest` to `latest`.
    public let secondsSince1970: Int

    /// `0001-01-01T00:00:00Z`, the first moment of year 1.
    public static let earliest = -62_135_596_800
    /// `9999-12-31T23:59:59Z`, the last second of year 9999.
    public static let latest = 253_402_300_799

    /// The moment `seconds` after 1970-01-01T00:00:00Z; `nil` outside years 1 to 9999.
    public init?(secondsSince1970 seconds: Int) {
        guard (Self.earliest...Self.latest).contains(seconds) else { return nil }
        secondsSince1970 = seconds
    }

    /// The second a moment falls in (a clock's reading, fractions dropped); `nil` when it is not finite or
    /// lies outside years 1 to 9999.
    public init?(secondsSince1970 seconds: Double) {
        // Compared as doubles first: converting an out-of-range double to Int traps.
        guard seconds.isFinite, seconds >= Double(Self.earliest), seconds < Double(Self.latest) + 1 else { return nil }
        self.init(secondsSince1970: Int(seconds.rounded(.down)))
    }

    /// The second `secondOfDay` (0 to 86,399) of `date` in UTC.
    init(date: CalendarDate, secondOfDay: Int) {
        secondsSince1970 = date.daysSince1970 * 86_400 + secondOfDay
    }

    /// The UTC day the moment falls on.
    public var day: CalendarDate {
        // Floor division: a moment before 1970 belongs to the day that began before it.
        let days = secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : -((-secondsSince1970 + 86_399) / 86_400)
        return CalendarDate(daysSince1970: days)
    }

    /// The earlier moment.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    /// As conform writes a time: `2026-11-26T10:00:00Z` (RFC 3339 in UTC, always four digits of year, so
    /// that these texts also sort as the moments do).
    public var description: String {
        let secondOfDay = secondsSince1970 - day.daysSince1970 * 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(day)T\(two(secondOfDay / 3_600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }
}
