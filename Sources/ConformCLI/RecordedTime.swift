import Foundation

/// `--recorded-at`: the time a run document records, as ISO 8601 UTC to the second.
enum RecordedTime {
    /// `now` as `now`'s time; else an ISO 8601 time with its zone (`2026-11-26T10:00:00Z`,
    /// `2026-11-26T11:00:00+01:00`, fractions of a second allowed), written in UTC; `nil` for anything else.
    static func parse(_ text: String, now: Date) -> String? {
        let date: Date
        if text == "now" {
            date = now
        } else {
            let plain = ISO8601DateFormatter()
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions.insert(.withFractionalSeconds)
            guard let parsed = plain.date(from: text) ?? fractional.date(from: text) else { return nil }
            date = parsed
        }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }
}
