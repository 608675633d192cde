import Foundation

/// The process's environment variables, read once. Foundation's `ProcessInfo.environment` makes a new
/// dictionary of every variable at each call: about 0.34 M instructions here, and `conform run` of one
/// trace asked nine times (8% of its instructions; Docs/Performance.md). conform never changes its own
/// environment, so one reading serves the whole process.
public enum ProcessEnvironment {
    /// Every variable the process started with.
    public static let variables = ProcessInfo.processInfo.environment

    /// The value of the variable `name`, or `nil` when it is not set.
    public static func value(_ name: String) -> String? {
        variables[name]
    }
}
