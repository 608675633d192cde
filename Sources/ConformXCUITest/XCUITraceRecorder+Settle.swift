import ConformCore
import ConformRecording
import Foundation

#if os(iOS) || os(visionOS)
import XCTest
#else
import XCUIDeclarations
#endif

extension XCUITraceRecorder {
    /// Snapshots the app every `settle.interval` until its tree has not changed for `settle.quiet` and the
    /// observation agrees with `expected` (when set), or until `settle.timeout`; returns the last snapshot,
    /// what it shows, and how the wait ended. With a timeout of 0, the first snapshot.
    func settledObservation() throws -> (ElementSnapshot, Observation, SettleOutcome) {
        let clock = settle.clock
        let start = clock.now
        var snapshot = try takeSnapshot()
        var observation = try self.observation(of: snapshot)
        var unchangedSince = start
        while true {
            let now = clock.now
            let elapsed = now - start
            // A hair's tolerance: the clock's seconds are sums of intervals, not exact.
            let settled = now - unchangedSince >= settle.quiet - 1e-6
            // The prediction is asked only of a settled screen: a check of the trace is not free.
            let agreed = settled ? prediction(observation) : false
            if settled, agreed != false {
                return (snapshot, observation, SettleOutcome(waited: elapsed, settled: true, agreed: agreed, timeout: settle.timeout))
            }
            if elapsed >= settle.timeout - 1e-6 {
                let outcome = SettleOutcome(waited: elapsed, settled: settled, agreed: prediction(observation), timeout: settle.timeout)
                return (snapshot, observation, outcome)
            }
            clock.pause(min(settle.interval, settle.timeout - elapsed))
            let next = try takeSnapshot()
            if next != snapshot {
                unchangedSince = clock.now
                observation = try self.observation(of: next)
            } else if expected != nil {
                // `saved` may change while the tree does not (a store written after the form is gone).
                observation = try self.observation(of: next)
            }
            snapshot = next
        }
    }

    /// Whether `observation` agrees with `expected`; `nil` when nothing is predicted.
    private func prediction(_ observation: Observation) -> Bool? {
        guard let expected else { return nil }
        return expected(observation)
    }

    /// One snapshot of the app, copied at once into plain data.
    private func takeSnapshot() throws -> ElementSnapshot {
        ElementSnapshot(xcui: try app.snapshot())
    }

    /// What `snapshot` shows, with `saved` as the test reads it while `snapshot` is current.
    private func observation(of snapshot: ElementSnapshot) throws -> Observation {
        currentSnapshot = snapshot
        return try observer.observe(snapshot, saved: saved())
    }
}
