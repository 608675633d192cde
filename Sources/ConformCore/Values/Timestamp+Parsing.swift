/// Why a text is not a time or a day conform reads: a sentence said after the value it is about
/// (`invalid --recorded-at '2026-02-30T00:00:00Z': February 2026 has 28 days`).
public struct TimeRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, a plain clause without the value.
    public var reason: String

    /// A refusal for `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}

extension Timestamp {
    /// The form every time conform reads is written in, as a reason's hint.
    public static let form =
        "RFC 3339: YYYY-MM-DDTHH:MM:SS (a fraction of a second allowed), then Z or an offset from -14:00 to +14:00, "
        + "years 0001 to 9999"

    /// The earliest and latest offsets from UTC in use (UTC-12:00 and UTC+14:00, with room on the west).
    static let maximumOffsetMinutes = 14 * 60

    /// Reads a time as RFC 3339 writes it (its `date-time`): `2026-11-26T10:00:00Z`,
    /// `2026-11-26T11:00:00.5+01:00`. Strictly: a day that exists on the proleptic Gregorian calendar
    /// (`2026-02-30` does not; `2024-02-29` does; 1582-10-10 too), hours 00-23, minutes and seconds 00-59
    /// (a leap second, `:60`, is refused: conform cannot tell a real one), a zone (`Z`, or an offset whose
    /// hours and minutes are each in range and together within ±14:00; `-00:00` is UTC), nothing after
    /// the zone, no control character; `T` and `Z` may be lower case (RFC 3339 §5.6's note), a space
    /// instead of `T` may not. Fractions of a second are dropped. The moment, in UTC, must fall within
    /// years 1 to 9999.
    public static func parse(_ text: String) -> Result<Timestamp, TimeRefusal> {
        let bytes = Array(text.utf8)
        if bytes.isEmpty { return .failure(TimeRefusal("the time is empty")) }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            return .failure(TimeRefusal("it holds a control character (a line break, a tab...): a time is written on one line"))
        }
        let shape = Array("dddd-dd-ddTdd:dd:dd".utf8)
        let shaped =
            bytes.count >= shape.count
            && zip(bytes, shape).allSatisfy { byte, expected in
                switch expected {
                case UInt8(ascii: "d"): return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                case UInt8(ascii: "T"): return byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t")
                default: return byte == expected
                }
            }
        guard shaped, let (year, month, dayOfMonth) = CalendarDate.fields(bytes[...]) else {
            if bytes.count == 10, CalendarDate.fields(bytes[...]) != nil {
                return .failure(TimeRefusal("a day without a time of day and zone (write 2026-11-26T00:00:00Z for midnight UTC)"))
            }
            if bytes.count > 10, bytes[10] == UInt8(ascii: " ") {
                return .failure(TimeRefusal("a space between the day and the time, where RFC 3339 has a T"))
            }
            return .failure(TimeRefusal("it is not a time written YYYY-MM-DDTHH:MM:SS and a zone"))
        }
        let date: CalendarDate
        switch CalendarDate.checked(year: year, month: month, day: dayOfMonth) {
        case .success(let checked): date = checked
        case .failure(let refusal): return .failure(refusal)
        }
        let hour = CalendarDate.digits(bytes[...], 11..<13) ?? 0
        let minute = CalendarDate.digits(bytes[...], 14..<16) ?? 0
        let second = CalendarDate.digits(bytes[...], 17..<19) ?? 0
        guard hour <= 23 else { return .failure(TimeRefusal("there is no hour \(CalendarDate.two(hour)): hours run from 00 to 23")) }
        guard minute <= 59 else {
            return .failure(TimeRefusal("there is no minute \(CalendarDate.two(minute)): minutes run from 00 to 59"))
        }
        guard second <= 59 else {
            return .failure(
                TimeRefusal(
                    second == 60
                        ? "a leap second (:60) is not read: conform cannot tell a real one; write :59"
                        : "there is no second \(CalendarDate.two(second)): seconds run from 00 to 59"))
        }
        var index = 19
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digitsStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digitsStart else { return .failure(TimeRefusal("a '.' without the digits of a fraction of a second after it")) }
        }
        guard index < bytes.count else {
            return .failure(TimeRefusal("it has no zone: end it with Z (UTC) or an offset such as +01:00"))
        }
        var offsetMinutes = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard bytes.count >= index + 6, bytes[index + 3] == UInt8(ascii: ":"),
                let hours = CalendarDate.digits(bytes[...], index + 1..<index + 3),
                let minutes = CalendarDate.digits(bytes[...], index + 4..<index + 6)
            else {
                return .failure(TimeRefusal("its offset is not written +HH:MM or -HH:MM"))
            }
            let written = String(decoding: bytes[index..<index + 6], as: UTF8.self)
            guard minutes <= 59, hours * 60 + minutes <= maximumOffsetMinutes else {
                return .failure(TimeRefusal("the offset \(written) is not one: offsets run from -14:00 to +14:00"))
            }
            offsetMinutes = sign * (hours * 60 + minutes)
            index += 6
        default:
            return .failure(TimeRefusal("its zone is not Z or an offset such as +01:00"))
        }
        guard index == bytes.count else {
            return .failure(TimeRefusal("something follows the zone: a time ends with Z or its offset"))
        }
        // Within range as written, so no arithmetic here can overflow: the offset moves it by at most 14 hours.
        let seconds = Timestamp(date: date, secondOfDay: hour * 3_600 + minute * 60 + second).secondsSince1970 - offsetMinutes * 60
        guard let moment = Timestamp(secondsSince1970: seconds) else {
            return .failure(
                TimeRefusal(
                    seconds < earliest
                        ? "in UTC it falls before 0001-01-01T00:00:00Z, the earliest time conform reads"
                        : "in UTC it falls after 9999-12-31T23:59:59Z, the latest time conform reads"))
        }
        return .success(moment)
    }

    /// Reads `SOURCE_DATE_EPOCH` (reproducible-builds.org): a whole number of seconds since
    /// 1970-01-01T00:00:00Z in ASCII digits, as `date +%s` writes it (a `-` before them for a moment before
    /// 1970), within years 1 to 9999. No sign `+`, no space, no fraction, no exponent.
    public static func parseEpoch(_ text: String) -> Result<Timestamp, TimeRefusal> {
        let bytes = Array(text.utf8)
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = negative ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return .failure(
                TimeRefusal("it is not a whole number of seconds since 1970-01-01T00:00:00Z written in digits (as date +%s writes it)"))
        }
        let range = "it lies outside years 0001 to 9999 (from \(earliest) to \(latest) seconds)"
        // Twelve digits reach past either end; more are refused before they are added up.
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        guard significant.count <= 12 else { return .failure(TimeRefusal(range)) }
        let magnitude = significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard let moment = Timestamp(secondsSince1970: negative ? -magnitude : magnitude) else { return .failure(TimeRefusal(range)) }
        return .success(moment)
    }
}
