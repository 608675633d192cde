/// What a report shows of a departure: a headline and, under it, only the parts that differ (see
/// `ValueDifference`). Every report words a departure from this one value, made from the three texts a
/// run document keeps (`message`, `expected`, `observed`), so that a departure read back from JSON by
/// `conform diff`, `merge` or `history` reads as the run printed it. Made only when a departure is
/// shown: a run finds many more departures than it prints.
public struct DepartureDifference: Sendable, Hashable {
    /// The sentence to show: the departure's message, or, where the message quotes two whole values
    /// (`expected sheet: { ... }, saw sheet: { ... }`), a short one naming what differs.
    public var headline: String
    /// The parts that differ, each in at most two lines (`ValueDifference.lines`); empty when the
    /// headline says it all (`expected done: enabled, saw done: disabled`).
    public var differences: [ValueDifference]

    /// Every difference's lines, in order.
    public var lines: [String] { differences.flatMap(\.lines) }

    /// A difference already worded.
    public init(headline: String, differences: [ValueDifference]) {
        self.headline = headline
        self.differences = differences
    }

    /// The difference of a departure with this `message`, `expected` and `observed`.
    public init(message: String, expected: JSONValue, observed: JSONValue) {
        self.init(headline: message, differences: [])
        guard case .object(let wanted) = expected, case .object(let seen) = observed else { return }
        if let key = wanted.first(where: { ValueDifference.member($0.0, of: seen) != nil })?.0,
            message.hasPrefix("expected \(key): ")
        {
            // The check's sentence for an observed value that differs (`DepartureDetail.observed`).
            let found = ValueDifference.between(expected, observed)
            guard !found.isEmpty else { return }
            if found.count == 1, let only = found.first, only.path == key, Self.isScalar(ValueDifference.member(key, of: wanted)),
                Self.isScalar(ValueDifference.member(key, of: seen))
            {
                // Two scalars: the check's sentence is the difference; a near miss is marked under it.
                if only.nearMiss != nil { differences = found }
                return
            }
            let keys = wanted.map(\.0).filter { key in
                found.contains { $0.path == key || $0.path.hasPrefix(key + ".") || $0.path.hasPrefix(key + " ") }
            }
            headline = (keys.isEmpty ? key : keys.joined(separator: ", ")) + " differs from what the policy expects"
            differences = found
            return
        }
        guard seen.count == 1, let (verb, value) = seen.first, wanted.count == 1, let (key, want) = wanted.first else { return }
        if key == "actions", case .array(let allowed) = want, !allowed.isEmpty {
            // An action the state does not handle: what it does handle, which the message does not say.
            let list = Self.texts(allowed).joined(separator: ", ")
            differences = [ValueDifference(kind: .offered, path: "allowed here", expected: list, observed: nil)]
            // `choose: save changes` where the state handles `choose Save changes`: the title that was meant.
            let prefix = verb + " "
            let handled = Self.texts(allowed).filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            if case .string(let taken) = value, let nearest = handled.first(where: { NearMiss.between($0, taken) != nil }) {
                differences.insert(
                    ValueDifference(
                        kind: .notOffered, path: verb, expected: "'\(nearest)'", observed: "'\(taken)'",
                        nearMiss: NearMiss.between(nearest, taken)), at: 0)
            }
            return
        }
        // A title chosen that the sheet does not offer, a label tapped that no button has.
        guard case .string(let chosen) = value else { return }
        let offered: [String]
        switch (verb, key, want) {
        case ("choose", "sheet", .object(let sheet)):
            guard case .array(let actions)? = ValueDifference.member("actions", of: sheet) else { return }
            offered = actions.compactMap { SheetDifference.Action($0)?.title }
        case ("tap", "buttons", .array(let labels)):
            offered = Self.texts(labels)
        default:
            return
        }
        let nearMiss = offered.first { NearMiss.between($0, chosen) != nil }
        guard let nearest = nearMiss ?? Spelling.nearest(to: chosen, among: offered) else {
            if verb == "tap", !offered.isEmpty {
                let labels = offered.map { "'\($0)'" }.joined(separator: ", ")
                differences = [ValueDifference(kind: .offered, path: "its buttons", expected: labels, observed: nil)]
            }
            return
        }
        // The difference names the nearest title, and how near it is; the message's own hint would repeat it.
        if let hint = headline.firstRange(of: "; did you mean '") { headline = String(headline[..<hint.lowerBound]) }
        differences = [
            ValueDifference(
                kind: .notOffered, path: verb, expected: "'\(nearest)'", observed: "'\(chosen)'",
                nearMiss: NearMiss.between(nearest, chosen))
        ]
    }

    private static func texts(_ values: [JSONValue]) -> [String] {
        values.compactMap { if case .string(let text) = $0 { return text } else { return nil } }
    }

    private static func isScalar(_ value: JSONValue?) -> Bool {
        switch value {
        case .array?, .object?, nil: return false
        case .null?, .bool?, .number?, .string?: return true
        }
    }
}

/// A departure's difference made once, held by reference so that a `Departure` stays small and every
/// copy of it (each report keeps its own) shares the one made.
final class RememberedDifference: Sendable {
    let difference: DepartureDifference

    init(_ difference: DepartureDifference) {
        self.difference = difference
    }
}

extension Departure {
    /// What reports show of the departure (see `DepartureDifference`); computed when read, unless
    /// `rememberDifference()` made it already.
    public var difference: DepartureDifference {
        remembered?.difference ?? madeDifference
    }

    /// Makes `difference` now and keeps it: for a departure that several reports show (a broken claim
    /// is worded by the terminal, JUnit, SARIF, Markdown and HTML reports alike), on the thread that
    /// checked it. The same value as made when read.
    public mutating func rememberDifference() {
        guard remembered == nil else { return }
        remembered = RememberedDifference(madeDifference)
    }

    private var madeDifference: DepartureDifference {
        // The common departure, two scalars that are not near misses: the check's sentence says it all, and
        // building the JSON objects to find that out would cost a report of many departures its time.
        if case .observed(let item, .value(let wanted)) = detail, case .scalar(let seen) = item.value,
            NearMiss.between(wanted.display, seen.display) == nil
        {
            return DepartureDifference(headline: message, differences: [])
        }
        return DepartureDifference(message: message, expected: expected, observed: observed)
    }
}
