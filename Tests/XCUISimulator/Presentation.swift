import Foundation

/// How iOS draws a `FormApp` on one device: the bars, the form's list, the dialog and the geometry.
/// The four values below are the presentations the simulator renders; each says which iOS version,
/// device and source its element trees imitate. IOS-UI-TREES.md is ../shared/IOS-UI-TREES.md; the
/// dumps are ../shared/ui-tree-dumps/. No public dump shows a `Sheet`, `Popover` or `Keyboard`
/// (ui-tree-dumps/SOURCES.md), so every dialog and keyboard subtree is synthetic, written from the
/// facts the rows cited give.
public struct Presentation: Sendable, Equatable, CustomStringConvertible {
    /// How a bar button appears in the tree.
    public enum Bars: Sendable {
        /// `Button` directly in the `NavigationBar`, identifier == label (system items).
        case uiKit
        /// `Other(label) > Other > Button(label)`, no identifier (SwiftUI toolbar items).
        case swiftUI
    }

    /// The element that holds the form's cells.
    public enum FormList: Sendable {
        case table, collectionView
    }

    /// How a confirmation dialog appears.
    public enum DialogStyle: Sendable {
        /// An action sheet at the bottom of the screen, every action a button, the cancel action set
        /// apart at the bottom.
        case bottomSheet
        /// A popover (240 pt wide) anchored where the person interacted, holding a `Sheet` with the
        /// non-cancel buttons only; a full-screen `PopoverDismissRegion` behind it cancels.
        case popover
    }

    /// What the list screen behind the form shows that could be mistaken for the form's controls
    /// (IOS-UI-TREES.md §4: the screen behind a presented sheet stays in the tree, on iPad on screen).
    public enum ScreenBehind: Sendable {
        /// An active search in the navigation bar, with its own Cancel on the search field's row (UIKit).
        case activeSearch
        /// A search field and a scope bar whose second segment is named Done, in the navigation bar (SwiftUI).
        case scopeBar
        /// An active search in a bottom toolbar with its own Cancel (iOS 26's place for search).
        case bottomSearch
        /// A split view: a primary column, and a secondary column whose bar has a disabled Cancel and whose
        /// bottom toolbar has an enabled Done; the form sheet leaves both in sight.
        case splitView
    }

    /// The name tests and parameterised test cases use.
    public let name: String
    /// The trace's `platform:` for a recording made on this presentation.
    public let platform: String
    /// The trace's `device:`.
    public let device: String
    public let screen: CGSize
    /// Where the form's sheet sits on the screen.
    public let formSheet: CGRect
    /// Height of the status bar area above the list screen's navigation bar.
    public let statusBar: CGFloat
    /// The home-indicator inset at the bottom of the screen.
    public let bottomInset: CGFloat
    public let keyboardHeight: CGFloat
    public let bars: Bars
    public let formList: FormList
    public let dialogStyle: DialogStyle
    /// The list screen's own controls behind the form.
    public let screenBehind: ScreenBehind

    /// The type of a popover's dismiss region: a `Button` before iOS 26, an `Other` on iOS 26
    /// (IOS-UI-TREES.md §4).
    var dismissRegionKind: ScreenNode.Kind { platform.contains(" 18.") ? .button : .other }
    public var description: String { name }

    /// iOS 18 iPhone with UIKit bars (iPhone 14, 390×844, iOS 18).
    /// Imitates: IOS-UI-TREES.md §3 row "UIKit `UIBarButtonItem(barButtonSystemItem: .done)` shows as
    /// `Button` with label/identifier "Done" directly in the `NavigationBar`"; dumps 01 and 02 (UIKit
    /// `NavigationBar` with its buttons and title `StaticText`, a `Table` of `Cell`s holding `TextField`s
    /// with `value`). The dialog is an action sheet at the bottom with Cancel set apart: IOS-UI-TREES.md §2
    /// ("`[Discard Changes, Cancel]` on iOS 18 iPhone"), SOURCES.md (vaultsync: "iOS 18 shows an action
    /// sheet with Cancel"), BEHAVIOURS.md §2.6 (swipe.png: "Cancel separated at the bottom"); its subtree
    /// and every frame are synthetic.
    public static let iOS18UIKit = Presentation(
        name: "iOS18UIKit", platform: "iOS 18.6", device: "iPhone 14 (simulated)", screen: CGSize(width: 390, height: 844),
        formSheet: CGRect(x: 0, y: 57, width: 390, height: 787), statusBar: 47, bottomInset: 34, keyboardHeight: 291,
        bars: .uiKit, formList: .table, dialogStyle: .bottomSheet, screenBehind: .activeSearch)

    /// iOS 18 iPhone with SwiftUI toolbars (iPhone 14, 390×844, iOS 18).
    /// Imitates: dump 03 (SwiftUI, late 2023: toolbar items wrapped `Other(label) > Other > Button` with no
    /// identifier, a `CollectionView` of `Cell`s) and IOS-UI-TREES.md §3 rows "SwiftUI toolbar buttons are
    /// wrapped" and "SwiftUI `Form` / iOS 26 lists are `CollectionView`". The confirmation dialog is a
    /// bottom action sheet with Cancel set apart, as in `iOS18UIKit` (synthetic subtree and frames).
    public static let iOS18SwiftUI = Presentation(
        name: "iOS18SwiftUI", platform: "iOS 18.6", device: "iPhone 14 (simulated)", screen: CGSize(width: 390, height: 844),
        formSheet: CGRect(x: 0, y: 57, width: 390, height: 787), statusBar: 47, bottomInset: 34, keyboardHeight: 291,
        bars: .swiftUI, formList: .collectionView, dialogStyle: .bottomSheet, screenBehind: .scopeBar)

    /// iOS 26 iPhone (iPhone 17 Pro, 402×874, iOS 26.5), SwiftUI bars and a `CollectionView` form.
    /// Imitates: IOS-UI-TREES.md §2, the Xcode 26.6 / iOS 26.5 / iPhone 17 Pro tree quoted by
    /// Icatly/moments-studio `.ai/reports/STAGE-02-PREFLIGHT-FIX-05.md` (`Popover` 240 pt wide at y 72 holding
    /// a `Sheet` labelled with the title, the title and message texts and only the non-cancel buttons;
    /// outside it `Other` identifier `PopoverDismissRegion`, label "dismiss popup", frame {{0, 0}, {402, 874}};
    /// no Cancel anywhere) and Jayden23018/blind-run-ios (iPhone 16 Pro, iOS 26.6.1, same shape). Bars and
    /// form as `iOS18SwiftUI` (IOS-UI-TREES.md §3: the iOS 26.4 Settings dump is a `CollectionView`).
    /// The popover's anchor for a swipe and all other frames are synthetic.
    public static let iOS26iPhone = Presentation(
        name: "iOS26iPhone", platform: "iOS 26.5", device: "iPhone 17 Pro (simulated)", screen: CGSize(width: 402, height: 874),
        formSheet: CGRect(x: 0, y: 68, width: 402, height: 806), statusBar: 62, bottomInset: 34, keyboardHeight: 291,
        bars: .swiftUI, formList: .collectionView, dialogStyle: .popover, screenBehind: .bottomSearch)

    /// iPad (iPad Pro 13-inch, 1032×1376, iPadOS 18), a form sheet centred on the screen over a split view,
    /// UIKit bars and a `Table` form.
    /// Imitates: IOS-UI-TREES.md §2 row "On iPad an action sheet is always a popover and UIKit drops the
    /// `.cancel` action's button" (danielsaidi/Sheeeeeeeeet issue 25 / PR 27, toggl/mobileapp PR 4932) and
    /// SOURCES.md (facebookarchive/WebDriverAgent PR 189 looked up `PopoverDismissRegion` for iPad
    /// popovers); the popover's subtree follows the iOS 26 iPhone tree above, its dismiss region a `Button`
    /// as UI tests recorded on iOS 17 and 18 query it (IOS-UI-TREES.md §4). Bars and form as `iOS18UIKit`
    /// (dumps 01, 02). The split view, the form sheet's size (540×620) and every frame are synthetic.
    public static let iPad = Presentation(
        name: "iPad", platform: "iPadOS 18.6", device: "iPad Pro 13-inch (simulated)", screen: CGSize(width: 1032, height: 1376),
        formSheet: CGRect(x: 246, y: 378, width: 540, height: 620), statusBar: 24, bottomInset: 20, keyboardHeight: 398,
        bars: .uiKit, formList: .table, dialogStyle: .popover, screenBehind: .splitView)

    /// The four presentations, in the order tests list them.
    public static let all: [Presentation] = [.iOS18UIKit, .iOS18SwiftUI, .iOS26iPhone, .iPad]

    public static func == (a: Presentation, b: Presentation) -> Bool { a.name == b.name }
}
