import ConformCore
import Foundation
import Testing

@testable import ConformRecording

/// The ten public `debugDescription` dumps of ../shared/ui-tree-dumps, read in place, each held to facts
/// one can check by reading the file (SOURCES.md there says what each one shows and what it must survive).
@Suite("Recording: Real debugDescription dumps")
struct RealDumpTests {
    @Test("without the shared folder the dump tests are skipped, saying so; a dump missing from it is a failure")
    func skipping() throws {
        #expect(try dumpText("01", in: URL(fileURLWithPath: "/nonexistent/ui-tree-dumps")) == nil)
        guard FileManager.default.fileExists(atPath: dumpsFolder.path) else { return }
        #expect(throws: DumpMissing.self) { try dumpText("99") }
    }

    @Test("01: comment indentation, an Attributes line without address, the root read once")
    func uikitLogin() throws {
        guard let tree = try dumpTree("01") else { return }
        let all = everything(tree.root)
        #expect(!tree.rootSupplied && tree.skipped.isEmpty)
        #expect(tree.root.label == "ZJHUnitTestDemo" && tree.root.frame == UIRect(x: 0, y: 0, width: 375, height: 812))
        #expect(all.filter { $0.elementType == .application }.count == 1)
        #expect(all.count == 17)
        let bar = try #require(all.first { $0.elementType == .navigationBar })
        #expect(bar.identifier == "登录")
        #expect(bar.elements.map(\.elementType) == [.button, .staticText])
        #expect(bar.elements.first?.label == "Home")
        #expect(all.filter { $0.elementType == .textField }.count == 2)
    }

    @Test("02: no root, a depth that jumps two levels, unquoted values cut by XCTest")
    func simplifiedTable() throws {
        guard let tree = try dumpTree("02") else { return }
        #expect(tree.rootSupplied)
        let window = try #require(tree.root.elements.first)
        #expect(tree.root.elements.count == 1 && window.elementType == .window)
        // NavigationBar is 8 spaces in, two levels under the Window: it still hangs under it.
        #expect(window.elements.map(\.elementType) == [.navigationBar, .other])
        let observer = ScreenObserver(
            options: .init(
                keys: [.done, .form], done: .label("Back"),
                fields: [.init("email", identifier: "email"), .init("password", identifier: "password")]))
        #expect(
            try lines(observer.observe(tree.root)) == [
                #"done: "enabled""#, #"form: {"email":"ukautomationuser@e...","password":"Pa55word"}"#,
            ])
        #expect(everything(tree.root).filter { $0.label == "Log in" && $0.elementType == .button }.count == 2)
    }

    @Test("03: the 'Add' toolbar button found through its wrappers Other(label) > Other > Button")
    func swiftUIToolbar() throws {
        guard let tree = try dumpTree("03") else { return }
        let all = everything(tree.root)
        let bar = try #require(all.first { $0.elementType == .navigationBar })
        #expect(bar.identifier == "Books" && bar.frame.height == 148)
        let wrapper = try #require(bar.elements.first)
        #expect(wrapper.elementType == .other && wrapper.label == "Add")
        #expect(
            typePath(to: { $0.elementType == .button && $0.label == "Add" }, in: wrapper) == [.other, .other, .button])
        #expect(all.contains { $0.elementType == .button && $0.label == "Add" && $0.identifier.isEmpty })
        let search = try #require(all.first { $0.elementType == .searchField })
        #expect(search.placeholderValue == "Search book title")
        #expect(all.contains { $0.frame == UIRect(x: 0, y: -1426, width: 375, height: 3964) })
        #expect(all.filter { $0.elementType == .cell }.count == 2) // truncated by the source after the second
        #expect(all.contains { $0.elementType == .collectionView })

        let observer = ScreenObserver(
            options: .init(keys: [.done, .cancel, .sheet, .dismissed], done: .label("Add"), cancel: .label("Filter")))
        #expect(
            try lines(observer.observe(tree.root)) == [
                #"done: "enabled""#, #"cancel: "enabled""#, #"sheet: "none""#, "dismissed: false",
            ])
        // The wrapper carries the label too, but only a button is a bar button.
        #expect(observer.buttonState(.label("Add", kind: .other), in: tree.root) == .symbol("absent"))
    }

    @Test("04: iOS 27 beta: 36 framed rows, 19 over (210, 537), an apostrophe inside quotes, a Toolbar")
    func ios27Overlay() throws {
        guard let tree = try dumpTree("04") else { return }
        let framed = Array(everything(tree.root).dropFirst()) // the application's line has no frame
        #expect(framed.count == 36)
        let point = (x: 210.0, y: 537.0)
        let over = framed.filter {
            $0.frame.minX <= point.x && point.x <= $0.frame.maxX && $0.frame.minY <= point.y && point.y <= $0.frame.maxY
        }
        #expect(over.count == 19)
        #expect(over.firstIndex { $0.identifier == "uitest.overlayBlocksWizard" } == 13)
        #expect(framed.contains { $0.elementType == .staticText && $0.label == "YOU'RE" })
        #expect(framed.contains { $0.label.hasPrefix("All of this lives in Settings → Connect Host — edit") })
        #expect(framed.filter { $0.label == "Vertical scroll bar, 1 page" }.map(\.value) == ["0%", "0%"])
        #expect(framed.first { $0.identifier == "uitest.overlayBlocksWizard" }?.value == "0")
        #expect(framed.filter { $0.elementType == .window }.count == 2)
        #expect(framed.contains { $0.elementType == .toolbar && $0.identifier == "Toolbar" })
        // 'Not now' is not in a bar (it sits in an Other), so it is no bar button.
        let observer = ScreenObserver(
            options: .init(keys: [.done, .sheet], done: .identifier("connectHostWizard.notNow")))
        #expect(try lines(observer.observe(tree.root)) == [#"done: "absent""#, #"sheet: "none""#])
    }

    @Test("05: a real device: the HUD Other is Disabled, the tab button Selected, a second window")
    func deviceHUD() throws {
        guard let tree = try dumpTree("05") else { return }
        let all = everything(tree.root)
        let hud = try #require(all.first { $0.elements.contains { $0.identifier == "SVProgressHUD" } })
        #expect(hud.elementType == .other && !hud.isEnabled && hud.frame.height == 667)
        #expect(all.filter { !$0.isEnabled }.count == 1)
        let tabs = try #require(all.first { $0.elementType == .tabBar })
        // `Selected` is a flag outside the quotes, not part of the label.
        #expect(tabs.elements.map(\.label) == ["首页", "我的"])
        #expect(tree.root.elements.filter { $0.elementType == .window }.count == 2)
    }

    @Test("06: the author's elision line inside the table is left out and listed")
    func elidedCells() throws {
        guard let tree = try dumpTree("06") else { return }
        #expect(tree.skipped == [.init(line: 28, text: "...后面 cell 就省略了, 都是一样的数据格式")])
        let table = try #require(everything(tree.root).first { $0.elementType == .table })
        #expect(table.elements.map(\.elementType) == [.cell, .cell])
        // The TabBar after the elision line is back at its own depth (12 spaces), under the third Other.
        #expect(
            typePath(to: { $0.elementType == .tabBar }, in: tree.root) == [.application, .window]
                + Array(repeating: .other, count: 3) + [.tabBar])
    }

    @Test("07: 13 Others above the Menu button, no dialog: sheet none; Path to element and Query chain are not read")
    func deepTabBar() throws {
        guard let tree = try dumpTree("07") else { return }
        let all = everything(tree.root)
        #expect(all.filter { $0.elementType == .application }.count == 1)
        #expect(typePath(to: { $0.label == "Menu" }, in: tree.root)?.filter { $0 == .other }.count == 13)
        let observer = ScreenObserver(options: .init(keys: [.done, .cancel, .sheet]))
        #expect(
            try lines(observer.observe(tree.root)) == [#"done: "absent""#, #"cancel: "absent""#, #"sheet: "none""#])
        #expect(observer.sheetIsCancelledOutside(in: tree.root) == false)
    }

    @Test("08: 9 spaces of comment indentation; the Output application of the query chain is not the root")
    func helloButton() throws {
        guard let tree = try dumpTree("08") else { return }
        let all = everything(tree.root)
        #expect(tree.root.label == "AX" && all.count == 8)
        #expect(all.suffix(2).map(\.label) == ["Hello, world!", "Tap me!"])
        #expect(all.allSatisfy { $0.identifier.isEmpty })
    }

    @Test("09: the lldb string literal on one line, unescaped")
    func lldbString() throws {
        guard let tree = try dumpTree("09") else { return }
        let all = everything(tree.root)
        #expect(tree.root.label == "XCUITest_study" && all.count == 11)
        #expect(all.first { $0.identifier == "welcomeMessage" }?.label == "Welcome to XCUITest Course ")
        let observer = ScreenObserver(options: .init(keys: [.form], fields: [.init("city", identifier: "city")]))
        #expect(try lines(observer.observe(tree.root)) == [#"form: {"city":""}"#])
    }

    @Test("10: a label with two line breaks spans three lines")
    func multilineLabel() throws {
        guard let tree = try dumpTree("10") else { return }
        let text = try #require(everything(tree.root).first { $0.identifier == "lblSdkVersionAndGps" })
        #expect(text.label == "SDK Version: 2.1.7-8\nlat:0.0\nlong:0.0")
        #expect(text.frame == UIRect(x: 245, y: 814, width: 149, height: 40))
        #expect(everything(tree.root).count == 7)
    }
}
