import ConformCore
import Foundation

/// The time the recorder waits by: `now` in seconds from any fixed point, and a pause. On a device it is
/// `SystemSettleClock`; a simulated device supplies its own, so that its tests wait no real time.
@MainActor
public protocol SettleClock: AnyObject {
    /// Seconds since a fixed point, never going back.
    var now: Double { get }
    /// Lets `seconds` pass (the app keeps running meanwhile).
    func pause(_ seconds: Double)
}

/// The system's clock: the monotonic uptime, and a pause that runs the current run loop (so that XCTest
/// keeps delivering its own events, as its waits do) or, when the run loop has nothing to run, sleeps.
@MainActor
public final class SystemSettleClock: SettleClock {
    /// The system's clock.
    public nonisolated init() {}

    /// The system's uptime, in seconds.
    public var now: Double { ProcessInfo.processInfo.systemUptime }

    /// Runs the run loop until `seconds` have passed.
    public func pause(_ seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        let end = Date(timeIntervalSinceNow: seconds)
        while Date() < end {
            if !RunLoop.current.run(mode: .default, before: end) { Thread.sleep(until: end) }
        }
    }
}

/// How long the recorder waits for the screen to settle after an action (Docs/Recording.md, "On a
/// device", rule 1): it takes a snapshot every `interval`; the screen has settled when its tree has not
/// changed for `quiet` and, when a prediction is known, agrees with it; at `timeout` it records what the
/// last snapshot shows. `timeout` 0 takes one snapshot at once.
@MainActor
public struct Settle {
    /// The longest wait after an action, in seconds (default 3).
    public var timeout: Double
    /// How long the tree must stay unchanged to be settled, in seconds (default 0.5).
    public var quiet: Double
    /// The time between two snapshots, in seconds (default 0.1).
    public var interval: Double
    /// The clock the wait is measured with.
    public var clock: any SettleClock

    /// A wait of at most `timeout` seconds for a tree unchanged for `quiet`, looked at every `interval`.
    /// Negative or non-finite numbers are read as 0 (and an `interval` of 0 as 0.1).
    public init(timeout: Double = 3, quiet: Double = 0.5, interval: Double = 0.1, clock: any SettleClock = SystemSettleClock()) {
        self.timeout = Self.seconds(timeout)
        self.quiet = Self.seconds(quiet)
        let interval = Self.seconds(interval)
        self.interval = interval > 0 ? interval : 0.1
        self.clock = clock
    }

    /// One snapshot at once, no waiting: the recorder's behaviour before issue 34.
    public static var immediate: Settle { Settle(timeout: 0) }

    /// The environment variable that sets a generated test's `timeout`, in seconds.
    public nonisolated static let timeoutVariable = "CONFORM_SETTLE_TIMEOUT"

    /// The timeout `CONFORM_SETTLE_TIMEOUT` gives in `environment`: `nil` when it is not set (or empty).
    /// - Throws: `XCUIScenarioError.badSettleTimeout` when it is not a number of seconds, 0 or more.
    public nonisolated static func timeout(in environment: [String: String]) throws(XCUIScenarioError) -> Double? {
        guard let text = environment[timeoutVariable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return nil
        }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else { throw .badSettleTimeout(text) }
        return seconds
    }

    private nonisolated static func seconds(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : 0
    }
}

/// How a wait ended: how long it took, and whether the screen had stopped changing.
public struct SettleOutcome: Hashable, Sendable, CustomStringConvertible {
    /// Seconds from the first snapshot to the one recorded.
    public var waited: Double
    /// The screen had not changed for `Settle.quiet` when it was recorded.
    public var settled: Bool
    /// Whether the observation recorded agrees with the prediction; `nil` when there was none.
    public var agreed: Bool?
    /// The timeout the wait had.
    public var timeout: Double

    /// A wait that ended after `waited` seconds.
    public init(waited: Double, settled: Bool, agreed: Bool?, timeout: Double) {
        self.waited = waited
        self.settled = settled
        self.agreed = agreed
        self.timeout = timeout
    }

    /// In words, for a departure's message: how long conform waited and what the screen did meanwhile.
    public var description: String {
        if timeout == 0 { return "conform took one snapshot at once (settle timeout 0)" }
        let seconds = "\(Value.format(timeout)) s"
        let after = "\(Value.format(Self.rounded(waited))) s"
        switch agreed {
        case true?: return "the screen settled on what the policy predicts after \(after)"
        case nil:
            return settled
                ? "the screen settled after \(after) (nothing was predicted to wait for)"
                : "the screen was still changing after \(seconds) (nothing was predicted to wait for)"
        case false?:
            let screen = settled ? "it had stopped changing" : "it was still changing"
            return "conform waited \(seconds) (the settle timeout; \(Settle.timeoutVariable) sets it) for the screen to show "
                + "what the policy predicts; \(screen)"
        }
    }

    /// To the tenth of a second: what a reader needs, and the same text on every run.
    static func rounded(_ seconds: Double) -> Double { (seconds * 10).rounded() / 10 }
}
