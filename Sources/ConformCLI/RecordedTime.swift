import ArgumentParser
import ConformCore
import ConformReports
import Foundation

/// The times the command line and the environment give a run: `--recorded-at` and `SOURCE_DATE_EPOCH`,
/// each read by `Timestamp`'s one parser (RFC 3339 strictly; whole seconds since 1970), refused with the
/// reason when they are not a time within years 1 to 9999.
enum RecordedTime {
    /// `--recorded-at`: `now` as the clock's second; else a time as `Timestamp.parse` reads it.
    static func parse(_ text: String, now: Date) -> Result<Timestamp, TimeRefusal> {
        guard text == "now" else { return Timestamp.parse(text) }
        guard let moment = Timestamp(secondsSince1970: now.timeIntervalSince1970) else {
            return .failure(TimeRefusal("the clock reads a time outside years 0001 to 9999"))
        }
        return .success(moment)
    }

    /// `--recorded-at`'s value as a usage error says it: the value, why it is refused, and what to give.
    static func refusal(_ text: String, _ refusal: TimeRefusal) -> ValidationError {
        ValidationError(
            "invalid --recorded-at '\(text)': \(refusal.reason). Give now, or a time such as 2026-11-26T10:00:00Z (\(Timestamp.form)).")
    }

    /// `SOURCE_DATE_EPOCH` when it is set and not empty; `nil` when it is not.
    /// - Throws: a usage error naming the variable and the reason, when it is not a whole number of
    ///   seconds within years 1 to 9999 (reproducible-builds.org: a build SHOULD stop on a malformed value).
    static func sourceDateEpoch(_ environment: [String: String] = ProcessEnvironment.variables) throws -> Timestamp? {
        guard let text = environment["SOURCE_DATE_EPOCH"], !text.isEmpty else { return nil }
        switch Timestamp.parseEpoch(text) {
        case .success(let moment): return moment
        case .failure(let refusal):
            throw ValidationError(
                "invalid SOURCE_DATE_EPOCH '\(text)': \(refusal.reason). It is the time of the build in whole seconds since 1970-01-01T00:00:00Z, "
                    + "such as 1764151200; unset it or give such a number.")
        }
    }
}
