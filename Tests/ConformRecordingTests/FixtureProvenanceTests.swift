import Foundation
import Testing

@testable import ConformRecording

/// Every element-tree fixture says which iOS version, device and source it imitates (or that it is
/// synthetic), and its tree does not mix what that version and device show with another's.
@Suite("Recording: Fixture provenance")
struct FixtureProvenanceTests {
    @Test("the fixtures are found")
    func found() throws {
        #expect(try fixtureNames().count >= 25)
    }

    @Test(
        "every fixture names its iOS version, device and source, or says it is synthetic", arguments: try fixtureNames()
    )
    func provenance(name: String) throws {
        let file: FixtureFile
        do {
            file = try fixtureFile(name)
        } catch {
            Issue.record("\(name): no provenance, or not a fixture file: \(error)")
            return
        }
        #expect(file.fixture.problems == [], "\(name)")
    }

    @Test("each tree fits its device and shows the dialogs of its iOS version only", arguments: try fixtureNames())
    func oneVersion(name: String) throws {
        let file = try fixtureFile(name)
        guard file.fixture.synthetic == nil, let size = file.fixture.size, let major = file.fixture.major else {
            return
        }
        let frame = file.tree.frame
        // The application's frame is the screen, in portrait or landscape.
        #expect(
            (frame.width, frame.height) == (size.width, size.height)
                || (frame.width, frame.height) == (size.height, size.width),
            "\(name): a \(frame.width) x \(frame.height) tree on \(file.fixture.device ?? "")")
        let screen = ScreenObserver.Screen(file.tree, bars: [])
        let popoverDialogs = major >= 26 || file.fixture.isPad
        if let dialog = screen.dialog, dialog.element.elementType == .sheet {
            // iOS 18 on iPhone shows a dialog at the bottom; iOS 26 on iPhone and every iPad in a popover.
            #expect(
                dialog.inPopover == popoverDialogs,
                "\(name): a sheet \(dialog.inPopover ? "in" : "outside") a popover on iOS \(major)")
        }
        if screen.hasDismissRegion, !popoverDialogs {
            // iOS 17 and 18 iPhones show a popover only for a control such as a compact date picker, never
            // a dialog in one; their dismiss region is a Button (IOS-UI-TREES.md §4), iOS 26's an Other.
            #expect(screen.dialog == nil, "\(name): a dialog beside a PopoverDismissRegion on iOS \(major) iPhone")
            #expect(screen.dismissRegion?.elementType == .button, "\(name): iOS \(major)'s dismiss region is a Button")
        }
        if file.fixture.presentation == "UIKit" {
            // UIKit's text view has no placeholder API (IOS-UI-TREES.md §3).
            #expect(
                !screen.everything.contains { $0.elementType == .textView && $0.placeholderValue != nil },
                "\(name): a UIKit text view with a placeholder")
        }
    }

    @Test("what the provenance check rejects")
    func rejected() throws {
        let bare = Data(#"{"type": "application", "frame": [0, 0, 390, 844]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FixtureFile.self, from: bare) }
        #expect(
            Provenance(ios: "18", device: "iPhone", presentation: "Flutter", source: " ").problems == [
                "'device' names the device and its size in points, e.g. \"iPhone 14 (390x844)\"",
                "'presentation' is UIKit or SwiftUI", "'source' says where the shape comes from",
            ])
        #expect(
            Provenance(ios: "18.0 and 26.0", device: "iPhone 14 (390x844)", presentation: "UIKit", source: "s").problems
                .count == 1)
        #expect(
            Provenance(ios: "18.0", synthetic: "made up").problems == [
                "a synthetic fixture imitates no version, device or source"
            ])
        #expect(Provenance(synthetic: "a made-up screen").problems == [])
        let size = try #require(
            Provenance(ios: "26.5", device: "iPhone 17 Pro (402x874)", presentation: "SwiftUI", source: "s").size)
        #expect(size == (402, 874))
    }
}
