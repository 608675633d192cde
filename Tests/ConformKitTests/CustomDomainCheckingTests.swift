import ConformCore
import Testing

@testable import ConformKit

@Suite("Kit: Checking policy-defined vocabularies")
struct CustomDomainCheckingTests {
    static let policy = """
        conform: 1
        policy: counter
        title: A counter with arithmetic
        domain: counter
        vocabulary:
          actions:
            add: { amount: number }
            split: { parts: number }
            reset: null
          observations:
            total: number
            big: bool
        variables:
          total: 0
        see:
          total: total
          big: "total > 10"
        states:
          counting:
            on:
              add:
                - if: "arg.amount > 0"
                  set: { total: "total + arg.amount" }
              split:
                set: { total: "total / arg.parts" }
              reset:
                to: done
          done:
            final: true
        """

    @Test("numbers and arithmetic: a strict boundary and a computed observation")
    func arithmetic() throws {
        let yaml =
            "conform: 1\nsteps:\n  - add: { amount: 10 }\n  - see: { total: 10, big: false }\n  - add: { amount: 0.5 }\n  - see: { total: 10.5, big: true }\n"
        #expect(summary(try check(yaml, against: Self.policy)) == "pass")
        let wrong = "conform: 1\nsteps:\n  - add: { amount: 3 }\n  - see: { total: 4 }\n"
        #expect(summary(try check(wrong, against: Self.policy)) == "fail step 2 line 4 [counting]: expected total: 3, saw total: 4")
    }

    @Test("a transition whose every guard fails departs, naming the conditions")
    func noGuardHolds() throws {
        let yaml = "conform: 1\nsteps:\n  - add: { amount: -1 }\n"
        #expect(
            summary(try check(yaml, against: Self.policy))
                == "fail step 1 line 3 [counting]: add amount=-1 in state 'counting', where none of its conditions holds (arg.amount > 0)")
    }

    @Test("a run-time failure of an expression is the error verdict")
    func errorVerdict() throws {
        let yaml = "conform: 1\nsteps:\n  - add: { amount: 4 }\n  - split: { parts: 0 }\n"
        #expect(
            summary(try check(yaml, against: Self.policy))
                == "error step 2: step 2 could not be evaluated against 'counter': division by zero")
    }

    @Test("a trace in another vocabulary is inapplicable, both ways")
    func inapplicable() throws {
        let counterTrace = "conform: 1\nsteps:\n  - add: { amount: 1 }\n"
        #expect(
            summary(try check(counterTrace, against: "one-handed", alsoLoaded: [Self.policy]))
                == "inapplicable: step 1 uses 'add', which 'one-handed' does not know")
        let formTrace = "conform: 1\nsteps:\n  - see: { total: 1 }\n  - tap: Done\n"
        #expect(summary(try check(formTrace, against: Self.policy)) == "inapplicable: step 2 uses 'tap', which 'counter' does not know")
    }

    @Test("after a final state nothing may follow")
    func afterFinal() throws {
        let yaml = "conform: 1\nsteps:\n  - reset:\n  - add: { amount: 1 }\n"
        #expect(summary(try check(yaml, against: Self.policy)) == "fail step 2 line 4 [done]: add amount=1 after the final state 'done'")
    }
}
