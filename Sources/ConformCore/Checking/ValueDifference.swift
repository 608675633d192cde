/// One part of what a policy expected that the trace did not show: a key whose value differs, a sheet's
/// title or message, one of its actions (missing, shown but not expected, renamed, role changed, out of
/// order), or a title chosen that the sheet does not offer. A departure's whole `expected` and
/// `observed` can run to hundreds of characters; a reader wants the part that differs, in at most two lines.
public struct ValueDifference: Sendable, Hashable {
    /// What kind of difference it is.
    public enum Kind: String, Sendable, Hashable {
        /// The value at `path` differs: `expected`, `observed`.
        case changed
        /// Expected (`expected`), not shown.
        case missing
        /// Shown (`observed`), not expected.
        case unexpected
        /// A sheet action in the expected place with another title.
        case renamed
        /// A sheet action with the expected title and another role.
        case roleChanged
        /// The sheet's actions, all there, in another order (`expected` and `observed` list their titles).
        case reordered
        /// A title chosen or a label tapped that is not offered: `expected` is the nearest one offered.
        case notOffered
        /// An action not allowed where it was taken: `expected` lists what is.
        case offered
    }

    /// What kind of difference it is.
    public var kind: Kind
    /// What differs, as a reader names it: `done`, `sheet title`, `form.title`, `sheet action 2`.
    public var path: String
    /// The expected part as messages show it (`'Discard Changes' (destructive)`, `enabled`, `none`); `nil` for `unexpected`.
    public var expected: String?
    /// The observed part; `nil` for `missing`.
    public var observed: String?
    /// Why two texts that differ look alike, when they do.
    public var nearMiss: NearMiss?

    /// A difference of `kind` at `path`, the values as messages show them.
    public init(kind: Kind, path: String, expected: String?, observed: String?, nearMiss: NearMiss? = nil) {
        self.kind = kind
        self.path = path
        self.expected = expected
        self.observed = observed
        self.nearMiss = nearMiss
    }

    /// ` (case differs)`, or nothing.
    public var mark: String { nearMiss.map { " (\($0.rawValue))" } ?? "" }

    /// The difference in one line: `sheet title: expected 'A', saw 'B' (case differs)`.
    public var sentence: String {
        switch kind {
        case .changed, .renamed, .roleChanged, .reordered:
            return "\(path): expected \(expected ?? "none"), saw \(observed ?? "none")\(mark)"
        case .missing:
            return "\(path): \(expected ?? "") is expected but not shown"
        case .unexpected:
            return "\(path): \(observed ?? "") is shown but not expected"
        case .notOffered:
            return "\(path): nearest offered \(expected ?? "none"), saw \(observed ?? "none")\(mark)"
        case .offered:
            return "\(path): \(expected ?? "none")"
        }
    }

    /// The difference as the terminal and plain text show it: one line when short, else two with the
    /// values one above the other, so that the eye compares them character by character:
    ///
    ///     sheet title: expected 'You have unsaved changes!'
    ///                       saw 'Unsaved changes'
    public var lines: [String] {
        switch kind {
        case .missing, .unexpected, .offered:
            return [sentence]
        case .notOffered:
            let head = "\(path): "
            return [
                head + "nearest offered \(expected ?? "none")",
                String(repeating: " ", count: head.count + 12) + "saw \(observed ?? "none")\(mark)",
            ]
        case .changed, .renamed, .roleChanged, .reordered:
            let line = sentence
            // Short values read well side by side; longer ones, or near misses, are compared one above the other.
            if nearMiss == nil, line.count <= Self.oneLine, (expected ?? "").count <= Self.shortValue,
                (observed ?? "").count <= Self.shortValue
            {
                return [line]
            }
            let head = "\(path): "
            // `saw` ends where `expected` ends, so the values start in the same column.
            return [
                head + "expected \(expected ?? "none")",
                String(repeating: " ", count: head.count + 5) + "saw \(observed ?? "none")\(mark)",
            ]
        }
    }

    /// The longest difference written in one line; longer ones put the values one above the other.
    static let oneLine = 72
    /// The longest value shown side by side with the other.
    static let shortValue = 24
}
