import Foundation

/// XCTest's test case class (Apple: `open class XCTestCase: XCTest`, an `NSObject`), as far as the
/// generated UI tests use it: a subclass, made with `init()`.
///
/// Declared under another name with `XCTestCase` as its alias, a departure from Apple's declaration:
/// SwiftPM's test discovery on Linux takes every subclass of a class named `XCTestCase` for a corelibs
/// XCTest case, and corelibs XCTest cannot run a `@MainActor` test method (it crashes casting
/// `(Case) -> @MainActor () throws -> ()`). The generated suites are `@MainActor` subclasses, run on Linux
/// by conform's own Swift Testing tests.
public typealias XCTestCase = DeclaredTestCase

/// The class behind `XCTestCase` here (see above).
open class DeclaredTestCase {
    public init() {}

    /// Apple: `var continueAfterFailure: Bool`, true by default.
    open var continueAfterFailure: Bool = true
}

/// A named substep of a test (Apple: `protocol XCTActivity: NSObjectProtocol`).
public protocol XCTActivity: AnyObject {
    /// Apple: `var name: String { get }`.
    var name: String { get }
    /// Apple: `func add(_ attachment: XCTAttachment)`.
    func add(_ attachment: XCTAttachment)
}

/// A proxy for the current testing context (Apple: `class XCTContext: NSObject`).
public final class XCTContext {
    private init() {}

    /// Apple: `@MainActor @preconcurrency class func runActivity<Result>(named name: String,
    /// block: @MainActor (any XCTActivity) throws -> Result) rethrows -> Result`.
    /// Simulation: runs `block` with an activity whose attachments go to `Simulation.attachments`.
    @MainActor @preconcurrency
    public class func runActivity<Result>(named name: String, block: @MainActor (any XCTActivity) throws -> Result) rethrows -> Result {
        try block(SimulatedActivity(name: name))
    }
}

/// The activity `XCTContext.runActivity` hands its block here: its conformance is the main actor's, as
/// the block that receives it is.
@MainActor
private final class SimulatedActivity: @MainActor XCTActivity {
    let name: String

    init(name: String) {
        self.name = name
    }

    func add(_ attachment: XCTAttachment) {
        Simulation.attachments.append((name, attachment))
    }
}
