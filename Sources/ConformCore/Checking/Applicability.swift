/// Decides whether a policy can judge a trace at all: every verb and observation key must be in its vocabulary.
public enum Applicability {
    /// Why `trace` is inapplicable to `policy`, or `nil` when it applies.
    public static func reasonInapplicable(_ trace: Trace, to policy: Policy, using words: TraceWords? = nil) -> String? {
        reason(trace, policy.tables, words ?? TraceWords(trace))
    }

    static func reason(_ trace: Trace, _ tables: PolicyTables, _ words: TraceWords) -> String? {
        if knows(words, tables) { return nil }
        // Some word is unknown: the first step that uses one says which.
        for step in trace.steps {
            switch step.kind {
            case .action(let action):
                if let number = FormWords.verbNumber(of: action) {
                    if tables.knownFormVerbs & (1 << number) == 0 { return tables.sentence(step.number, formWord: number) }
                } else if tables.vocabulary.actions[action.verb] == nil {
                    return sentence(step.number, "uses", action.verb, tables.id)
                }
            case .see(let observation):
                for item in observation.items {
                    if let slot = FormWords.keySlot(item.key) {
                        if tables.knownFormKeys & (1 << slot) == 0 {
                            return tables.sentence(step.number, formWord: FormWords.verbCount + slot)
                        }
                    } else if tables.vocabulary.observations[item.key] == nil {
                        return sentence(step.number, "observes", item.key, tables.id)
                    }
                }
            }
        }
        return nil
    }

    /// Whether the policy knows every one of `words`. The common case, every word known, costs two bit
    /// tests, and a lookup for each word outside the form's.
    static func knows(_ words: TraceWords, _ tables: PolicyTables) -> Bool {
        guard words.formVerbs & ~tables.knownFormVerbs == 0 && words.formKeys & ~tables.knownFormKeys == 0 else { return false }
        // By position, as the replay walks arrays (`Replay`: a generic walk allocates in a debug build).
        for index in 0..<words.otherVerbs.count where tables.vocabulary.actions[words.otherVerbs[index]] == nil { return false }
        for index in 0..<words.otherKeys.count where tables.vocabulary.observations[words.otherKeys[index]] == nil { return false }
        return true
    }

    /// "step 3 uses 'swipe', which 'keyboard-listener' does not know", its bytes written into one buffer of
    /// the right size (appending piece by piece cost more than finding the step).
    static func sentence(_ number: Int, _ verb: String, _ word: String, _ policy: String) -> String {
        let parts = ["step ", String(number), " ", verb, " '", word, "', which '", policy, "' does not know"]
        return String(unsafeUninitializedCapacity: parts.reduce(0) { $0 + $1.utf8.count }) { buffer in
            var count = 0
            for part in parts {
                for byte in part.utf8 {
                    buffer[count] = byte
                    count += 1
                }
            }
            return count
        }
    }
}

/// The distinct verbs and observation keys of a trace, gathered once for all the policies that judge it:
/// the form's words as bits (no string is hashed), any others by name.
public struct TraceWords: Sendable, Equatable {
    /// Bits of `FormWords`' verbs and keys.
    var formVerbs: UInt16 = 0
    var formKeys: UInt16 = 0
    var otherVerbs: [String] = []
    var otherKeys: [String] = []

    /// No words yet: a reader notes them as it reads the steps (`note`).
    public init() {}

    /// The words of `trace`: those its reader noted (`Trace.digest`), or else gathered in one pass over its steps.
    public init(_ trace: Trace) {
        if let digest = trace.digest {
            self = digest.words
        } else {
            self.init(steps: trace.steps)
        }
    }

    /// The words of `steps`, walked by position (`Replay`: a generic walk allocates per element in a
    /// debug build, where the replay's allocation test counts).
    init(steps: [Step]) {
        // Only the kind: the whole step was copied (its note and evidence retained and released) for every step.
        for index in 0..<steps.count { add(steps[index].kind) }
    }

    /// The words of one step.
    init(step: Step) {
        add(step.kind)
    }

    private mutating func add(_ kind: Step.Kind) {
        switch kind {
        case .action(let action):
            switch action {
            case .edit: note(.edit)
            case .tap: note(.tap)
            case .swipe: note(.swipe)
            case .choose, .tapOutside: note(.choose)
            case .present: note(.present)
            case .custom(let verb, _):
                if let number = FormWords.verbNumber(verb) {
                    formVerbs |= 1 << number
                } else if !Self.list(otherVerbs, contains: verb) {
                    // A trace repeats a handful of words: a short list is cheaper than hashing each use.
                    otherVerbs.append(verb)
                }
            }
        case .see(let observation):
            for item in 0..<observation.items.count { note(Key(observation.items[item].key)) }
        }
    }

    /// A verb of the form's vocabulary (`tap-outside` is noted as `choose`, as `FormWords` numbers it).
    public enum FormVerb: Sendable {
        /// `edit`.
        case edit
        /// `tap`.
        case tap
        /// `swipe`.
        case swipe
        /// `choose`, and `tap-outside`, which chooses a sheet's cancel action.
        case choose
        /// `present`.
        case present
    }

    /// Notes a form verb that a step uses.
    public mutating func note(_ verb: FormVerb) {
        switch verb {
        case .edit: formVerbs |= 1 << FormWords.edit
        case .tap: formVerbs |= 1 << FormWords.tap
        case .swipe: formVerbs |= 1 << FormWords.swipe
        case .choose: formVerbs |= 1 << FormWords.choose
        case .present: formVerbs |= 1 << FormWords.present
        }
    }

    /// An observation key, with its `FormWords` slot found once: a reader makes one per key of its
    /// vocabulary, not one per use.
    public struct Key: Sendable {
        let name: String
        let slot: Int?

        /// The key `name`.
        public init(_ name: String) {
            self.name = name
            slot = FormWords.keySlot(name)
        }
    }

    /// Notes an observation key that a `see` names.
    public mutating func note(_ key: Key) {
        if let slot = key.slot {
            formKeys |= 1 << slot
        } else if !Self.list(otherKeys, contains: key.name) {
            otherKeys.append(key.name)
        }
    }

    private static func list(_ words: [String], contains word: String) -> Bool {
        for index in 0..<words.count where words[index] == word { return true }
        return false
    }
}
