/// The words a transition's argument may match for one action (e.g. `done` and `Done` for `tap: Done`):
/// at most three, held inline, because an array would cost an allocation for every action replayed.
struct Candidates {
    private let first: String?
    private let second: String?
    private let third: String?

    init(_ first: String? = nil, _ second: String? = nil, _ third: String? = nil) {
        self.first = first
        self.second = second
        self.third = third
    }

    static let none = Candidates()

    func contains(_ word: String) -> Bool {
        first == word || second == word || third == word
    }
}
