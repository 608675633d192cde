// XCUIDeclarations: a test-only copy of the slice of XCTest's UI-testing API that conform uses.
//
// What is copied, and from where
// - Declarations (names, signatures, `@MainActor` isolation, `throws`, `Any?` value, protocol
//   inheritance) follow the Xcode 26 SDK's XCTest / XCUIAutomation as Apple documents it
//   (developer.apple.com/documentation/xcuiautomation: XCUIElement, XCUIElementAttributes,
//   XCUIElementSnapshot, XCUIElementSnapshotProviding, XCUIElementTypeQueryProvider, XCUIElementQuery,
//   XCUICoordinate, XCUIApplication, XCUIScreen, XCUIScreenshot, XCUIScreenshotProviding; XCTest's
//   XCTAttachment), read through the Averyy/apple-dev-docs mirror of those pages; XCTest's XCTContext
//   (`runActivity(named:block:)`: `@MainActor @preconcurrency class func`, its block `@MainActor`),
//   XCTActivity (`name`, `add(_:)`) and `XCUIElement.waitForNonExistence(timeout:)` (Xcode 16.3) from
//   developer.apple.com/documentation/xctest and …/xcuiautomation.
// - `XCUIElement.ElementType`'s raw values are those of XCUIElementTypes.h (NS_ENUM XCUIElementType,
//   NSUInteger, Any = 0 ... StatusItem = 82), checked against two public copies of that table:
//   appium/WebDriverAgent `WebDriverAgentLib/Utilities/FBElementTypeTransformer.m` (explicit numbers
//   0...82) and eonist/UITestSugar `ElementType+Extension.swift` (the cases in declaration order).
// - `XCUIKeyboardKey.delete` is "\u{7F}" (XCUIKeyboardKeys.h, as WebDriverAgent's keyboard code uses it).
//
// Where it departs from Apple (on purpose, and harmless for what conform uses)
// - The classes do not inherit NSObject (no Objective-C runtime on Linux); they stay `@MainActor`,
//   hence Sendable, as Apple's are.
// - `XCUIScreenshot.image` (a UIImage) is left out: only `pngRepresentation` exists here.
// - `XCUIElement.AttributeName`'s raw strings are this module's, not Apple's.
// - `query["key"]`, `matching(_:identifier:)` and `containing(_:identifier:)` match an element's
//   identifier or label; Apple's match any identifying property (identifier, title, label, value,
//   placeholderValue), so a simulated query finds no more than a real one would.
// - Interacting with an element that matches several elements is a failure, as in XCUITest
//   ("Multiple matching elements found"); `exists` is true when any matches.
// - `XCTestCase` is an alias of a plain class, `DeclaredTestCase`: SwiftPM's Linux test discovery takes
//   any subclass of a class named `XCTestCase` for a corelibs XCTest case, and corelibs XCTest crashes
//   calling a `@MainActor` test method. Only `init()` and `continueAfterFailure` are declared.
// - Only the members conform and its tests use are declared; a missing member is a compile error,
//   which is the point: the adapter may use nothing that is not declared here.
//
// The bodies are a SIMULATION, not Apple's behaviour: every query is resolved at each use against
// `Simulation.device?.root` (an element is a query, not a captured node), depth first, parents before
// children; a tap goes to the centre of the element's frame and hit-testing is the device's job;
// what a real XCUITest would fail the test with is appended to `Simulation.failures`. Time is
// `Simulation.now`, which moves only when something waits: `waitForExistence`/`waitForNonExistence`
// look every `Simulation.pollInterval`; a gesture and `launch()` first wait while the device is busy
// (XCUITest waits for the app to idle before an event), a snapshot does not; `isHittable` asks the
// device what a touch at the element's centre reaches (by default: later siblings in front, children in
// front of their parent); attachments added in `XCTContext.runActivity` land in `Simulation.attachments`. The simulated
// device is reachable only through `@_spi(Simulation)` API (Simulation.swift), so the adapter, which
// imports this module without the SPI, can use nothing a real XCUITest does not offer.
import Foundation
