import Testing

@testable import ConformCore

/// The one reader of times (`recordedAt`, `--recorded-at`, `SOURCE_DATE_EPOCH`) and of days (`--as-of`,
/// `expires`): RFC 3339 strictly, on the proleptic Gregorian calendar, years 1 to 9999.
@Suite("Core: Timestamp: RFC 3339 and SOURCE_DATE_EPOCH read strictly, proleptic Gregorian, years 1 to 9999")
struct TimestampTests {
    static func parsed(_ text: String) -> String? {
        try? Timestamp.parse(text).get().description
    }

    static func reason(_ text: String) -> String? {
        guard case .failure(let refusal) = Timestamp.parse(text) else { return nil }
        return refusal.reason
    }

    @Test("times that are read, each as the UTC second it names")
    func accepted() {
        let cases: [(String, String)] = [
            ("2026-11-26T10:00:00Z", "2026-11-26T10:00:00Z"),
            ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"),
            ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
            // Proleptic Gregorian: the ten days Rome skipped in October 1582 are days like any other.
            ("1582-10-10T12:00:00Z", "1582-10-10T12:00:00Z"),
            ("1582-10-04T00:00:00Z", "1582-10-04T00:00:00Z"),
            ("2024-02-29T00:00:00Z", "2024-02-29T00:00:00Z"),
            ("2000-02-29T23:59:59Z", "2000-02-29T23:59:59Z"),
            ("2026-11-26T11:00:00+01:00", "2026-11-26T10:00:00Z"),
            ("2026-11-26T00:30:00+14:00", "2026-11-25T10:30:00Z"),
            ("2026-11-26T10:00:00-14:00", "2026-11-27T00:00:00Z"),
            ("2026-11-26T10:00:00+05:45", "2026-11-26T04:15:00Z"),
            // RFC 3339 §4.3: -00:00 is UTC with the local offset unknown: the same moment.
            ("2026-11-26T10:00:00-00:00", "2026-11-26T10:00:00Z"),
            ("2026-11-26T10:00:00+00:00", "2026-11-26T10:00:00Z"),
            // RFC 3339 §5.6: T and Z may be lower case.
            ("2026-11-26t10:00:00z", "2026-11-26T10:00:00Z"),
            // Fractions of a second are dropped, never rounded up into the next second.
            ("2026-11-26T10:00:00.999999999Z", "2026-11-26T10:00:00Z"),
            ("2026-11-26T11:30:00.25+01:00", "2026-11-26T10:30:00Z"),
            ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
            ("0001-01-01T13:59:00+13:59", "0001-01-01T00:00:00Z"),
        ]
        for (text, moment) in cases {
            #expect(Self.parsed(text) == moment, "\(text)")
        }
    }

    @Test("times that are refused, each with its reason")
    func refused() {
        let cases: [(String, String)] = [
            ("2026-02-30T00:00:00Z", "February 2026 has 28 days"),
            ("2100-02-29T00:00:00Z", "February 2100 has 28 days"),
            ("1900-02-29T00:00:00Z", "February 1900 has 28 days"),
            ("2026-04-31T00:00:00Z", "April has 30 days"),
            ("2026-13-01T00:00:00Z", "there is no month 13: months run from 01 to 12"),
            ("2026-00-01T00:00:00Z", "there is no month 00: months run from 01 to 12"),
            ("2026-01-00T00:00:00Z", "there is no day 00: days run from 01"),
            ("0000-12-31T23:59:59Z", "there is no year 0000: years run from 0001 to 9999"),
            ("2026-11-26T24:00:00Z", "there is no hour 24: hours run from 00 to 23"),
            ("2026-11-26T10:60:00Z", "there is no minute 60: minutes run from 00 to 59"),
            ("2026-11-26T10:00:61Z", "there is no second 61: seconds run from 00 to 59"),
            ("2016-12-31T23:59:60Z", "a leap second (:60) is not read: conform cannot tell a real one; write :59"),
            ("2026-11-26T10:00:00+99:99", "the offset +99:99 is not one: offsets run from -14:00 to +14:00"),
            ("2026-11-26T10:00:00+14:01", "the offset +14:01 is not one: offsets run from -14:00 to +14:00"),
            ("2026-11-26T10:00:00-14:01", "the offset -14:01 is not one: offsets run from -14:00 to +14:00"),
            ("2026-11-26T10:00:00+01:60", "the offset +01:60 is not one: offsets run from -14:00 to +14:00"),
            ("2026-11-26T10:00:00+0100", "its offset is not written +HH:MM or -HH:MM"),
            ("2026-11-26T10:00:00+1", "its offset is not written +HH:MM or -HH:MM"),
            ("2026-11-26T10:00:00Zjunk", "something follows the zone: a time ends with Z or its offset"),
            ("2026-11-26T10:00:00Z ", "something follows the zone: a time ends with Z or its offset"),
            ("2026-11-26T10:00:00+01:00:00", "something follows the zone: a time ends with Z or its offset"),
            (
                "2026-11-26T10:00:00Z\n::error::forged",
                "it holds a control character (a line break, a tab...): a time is written on one line"
            ),
            ("2026-11-26T10:00:00\tZ", "it holds a control character (a line break, a tab...): a time is written on one line"),
            ("2026-11-26T10:00:00", "it has no zone: end it with Z (UTC) or an offset such as +01:00"),
            ("2026-11-26T10:00:00.Z", "a '.' without the digits of a fraction of a second after it"),
            ("2026-11-26T10:00:00UTC", "its zone is not Z or an offset such as +01:00"),
            ("2026-11-26 10:00:00Z", "a space between the day and the time, where RFC 3339 has a T"),
            ("2026-11-26", "a day without a time of day and zone (write 2026-11-26T00:00:00Z for midnight UTC)"),
            ("10000-01-01T00:00:00Z", "it is not a time written YYYY-MM-DDTHH:MM:SS and a zone"),
            ("+2026-11-26T10:00:00Z", "it is not a time written YYYY-MM-DDTHH:MM:SS and a zone"),
            ("-0001-01-01T00:00:00Z", "it is not a time written YYYY-MM-DDTHH:MM:SS and a zone"),
            ("2026-11-26T10:00Z", "it is not a time written YYYY-MM-DDTHH:MM:SS and a zone"),
            ("２０２６-11-26T10:00:00Z", "it is not a time written YYYY-MM-DDTHH:MM:SS and a zone"),
            ("yesterday", "it is not a time written YYYY-MM-DDTHH:MM:SS and a zone"),
            ("", "the time is empty"),
            ("0001-01-01T00:00:00+00:01", "in UTC it falls before 0001-01-01T00:00:00Z, the earliest time conform reads"),
            ("9999-12-31T23:59:59-00:01", "in UTC it falls after 9999-12-31T23:59:59Z, the latest time conform reads"),
        ]
        for (text, reason) in cases {
            #expect(Self.reason(text) == reason, "\(text.debugDescription)")
        }
    }

    @Test("times compare as the moments they are, whatever their offsets")
    func order() throws {
        let early = try Timestamp.parse("2026-11-26T11:00:00+01:00").get()
        let late = try Timestamp.parse("2026-11-26T10:30:00Z").get()
        #expect(early < late)
        #expect(try Timestamp.parse("0001-01-01T00:00:00Z").get() < Timestamp.parse("9999-12-31T23:59:59Z").get())
        #expect(try Timestamp.parse("2026-11-26T10:00:00+00:00").get() == Timestamp.parse("2026-11-26T10:00:00Z").get())
    }

    @Test("SOURCE_DATE_EPOCH: whole seconds since 1970 in digits, within years 1 to 9999")
    func epoch() {
        let accepted: [(String, String)] = [
            ("0", "1970-01-01T00:00:00Z"), ("1764151200", "2025-11-26T10:00:00Z"), ("-1", "1969-12-31T23:59:59Z"),
            ("-62135596800", "0001-01-01T00:00:00Z"), ("253402300799", "9999-12-31T23:59:59Z"), ("0001764151200", "2025-11-26T10:00:00Z"),
        ]
        for (text, moment) in accepted {
            #expect((try? Timestamp.parseEpoch(text).get().description) == moment, "\(text)")
        }
        let notNumber = "it is not a whole number of seconds since 1970-01-01T00:00:00Z written in digits (as date +%s writes it)"
        let outside = "it lies outside years 0001 to 9999 (from -62135596800 to 253402300799 seconds)"
        let refused: [(String, String)] = [
            ("1e300", notNumber), ("-1e300", notNumber), ("1.5", notNumber), ("+5", notNumber), (" 5", notNumber), ("5 ", notNumber),
            ("", notNumber), ("-", notNumber), ("0x10", notNumber), ("5\n::error::x", notNumber), ("nan", notNumber), ("inf", notNumber),
            ("253402300800", outside), ("-62135596801", outside), ("9223372036854775807", outside), ("-9223372036854775808", outside),
            ("99999999999999999999999999999999", outside),
        ]
        for (text, reason) in refused {
            guard case .failure(let refusal) = Timestamp.parseEpoch(text) else {
                Issue.record("\(text.debugDescription) was read")
                continue
            }
            #expect(refusal.reason == reason, "\(text.debugDescription)")
        }
    }

    @Test("seconds and days: the civil calendar both ways, and a clock's reading out of range is none")
    func days() {
        #expect(CalendarDate(year: 1, month: 1, day: 1)?.daysSince1970 == -719_162)
        #expect(CalendarDate(year: 9999, month: 12, day: 31)?.daysSince1970 == 2_932_896)
        #expect(
            CalendarDate(year: 1582, month: 10, day: 15).map { $0.daysSince1970 - 1 }
                == CalendarDate(year: 1582, month: 10, day: 14)?.daysSince1970)
        for days in [-719_162, -1, 0, 1, 11_016, 2_932_896] {
            #expect(CalendarDate(daysSince1970: days).daysSince1970 == days)
        }
        #expect(Timestamp(secondsSince1970: Timestamp.earliest - 1) == nil)
        #expect(Timestamp(secondsSince1970: Timestamp.latest + 1) == nil)
        #expect(Timestamp(secondsSince1970: Double.nan) == nil)
        #expect(Timestamp(secondsSince1970: 1e300) == nil)
        #expect(Timestamp(secondsSince1970: -Double.infinity) == nil)
        #expect(Timestamp(secondsSince1970: 1.9)?.description == "1970-01-01T00:00:01Z")
        #expect(Timestamp(secondsSince1970: -0.5)?.description == "1969-12-31T23:59:59Z")
        #expect(Timestamp(secondsSince1970: -62_135_596_800)?.day.description == "0001-01-01")
    }

    @Test("a day YYYY-MM-DD is read by the same rules, with the same reasons")
    func calendarDates() {
        #expect((try? CalendarDate.parse("1582-10-10").get())?.description == "1582-10-10")
        #expect((try? CalendarDate.parse("0001-01-01").get())?.description == "0001-01-01")
        #expect(CalendarDate.parse("2026-02-30") == .failure(TimeRefusal("February 2026 has 28 days")))
        #expect(
            CalendarDate.parse("2026-02-30\n")
                == .failure(TimeRefusal("it is not a day written YYYY-MM-DD (four, two and two digits)")))
        #expect(CalendarDate.parse("0000-01-01") == .failure(TimeRefusal("there is no year 0000: years run from 0001 to 9999")))
    }
}
