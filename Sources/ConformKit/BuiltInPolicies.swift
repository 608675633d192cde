import ConformCore
import ConformLoading
import Foundation

/// One policy file read into a policy (or its problems) and the hash of its bytes: the part of adding a
/// file to a library that depends on the file alone, so that several files can be parsed side by side.
struct ParsedPolicyFile: Sendable {
    let bytes: [UInt8]
    let file: String
    let policy: Policy?
    let problems: [Problem]
    /// FNV-1a of `bytes`, for a file that loaded (the digest `PolicyLibrary.digests` prints).
    let hash: String

    /// A built-in file and the policy `CompiledPolicies` made for it, with its bytes' hash worked out then.
    init(bytes: [UInt8], policy: Policy, hash: String) {
        self.bytes = bytes
        self.file = policy.file
        self.policy = policy
        self.problems = []
        self.hash = hash
    }

    init(bytes: [UInt8], file: String) {
        let (policy, problems) = PolicyLoader().load(bytes, file: file)
        self.bytes = bytes
        self.file = file
        self.policy = policy
        self.problems = problems
        if policy != nil {
            var hash = StableHash()
            hash.combine(bytes)
            self.hash = hash.hex
        } else {
            self.hash = ""
        }
    }
}

/// The built-in library, made once per process and shared: the eleven policies as `CompiledPolicies`
/// makes them in code (reading their YAML instead was the largest part of the CPU of `conform run` of one
/// trace; Docs/Performance.md, "Issue 37: the built-in policies made in code"). A host with a core to
/// spare can start it on a thread of its own (`start()`); the command line does not (measured twice, it
/// cost CPU and peak memory for little wall time). Whoever asks first without a start makes it on their
/// own thread. Every caller gets the same library, the same as loading the files one by one (tests hold
/// this).
final class BuiltInPolicies: @unchecked Sendable {
    static let shared = BuiltInPolicies()

    private enum State {
        case notStarted
        case loading
        case loaded(PolicyLibrary)
    }

    // `state` is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var state = State.notStarted

    /// Starts loading in the background unless loading has started already.
    func start() {
        guard claimLoading() else { return }
        Thread.detachNewThread { self.finish(PolicyLibrary.compiledBuiltIn()) }
    }

    /// The library: waits for a load under way, or makes it here if none is.
    func library() -> PolicyLibrary {
        if claimLoading() {
            let library = PolicyLibrary.compiledBuiltIn()
            finish(library)
            return library
        }
        condition.lock()
        defer { condition.unlock() }
        while true {
            if case .loaded(let library) = state { return library }
            condition.wait()
        }
    }

    /// Whether the caller is the one to load (loading had not started); marks it started.
    private func claimLoading() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard case .notStarted = state else { return false }
        state = .loading
        return true
    }

    private func finish(_ library: PolicyLibrary) {
        condition.lock()
        state = .loaded(library)
        condition.broadcast()
        condition.unlock()
    }
}
