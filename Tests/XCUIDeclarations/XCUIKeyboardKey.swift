import Foundation

/// Keys with no typewritten equivalent (Apple: `struct XCUIKeyboardKey: Hashable, RawRepresentable`),
/// the ones conform uses; raw values as XCUIKeyboardKeys.h gives them.
public struct XCUIKeyboardKey: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Deletes the character before the cursor ("\u{7F}").
    public static let delete = XCUIKeyboardKey("\u{7F}")
    public static let `return` = XCUIKeyboardKey("\r")
    public static let tab = XCUIKeyboardKey("\t")
    public static let space = XCUIKeyboardKey(" ")
}
