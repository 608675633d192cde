extension ScreenObserver {
    /// The identifier of the full-screen element iOS puts outside a popover: tapping it dismisses the popover
    /// and, for a dialog, runs its cancel action. An `Other` in an Xcode 26.6 / iOS 26.5 tree
    /// (IOS-UI-TREES.md §2), a `Button` in UI tests recorded on iOS 17 and 18 (§4): found by identifier only.
    public static let popoverDismissRegion = "PopoverDismissRegion"

    /// What the observer reads of one snapshot: every element in tree order, the bars that can hold Done and
    /// Cancel, the dialog on screen, the dismiss region, and which elements are behind the front-most
    /// presentation (Docs/Recording.md, "On a device", rule 3).
    struct Screen {
        /// The root and its descendants, parents before children.
        var everything: [any UIElementSnapshot] = []
        /// The elements matching `options.bars` that are neither the keyboard's nor behind a presentation.
        var bars: [any UIElementSnapshot] = []
        /// The first action sheet or alert.
        var dialog: Dialog?
        /// The first element identified `PopoverDismissRegion`, whatever its type.
        var dismissRegion: (any UIElementSnapshot)?
        /// Per element of `everything`: whether a later part of the tree presents over it.
        private(set) var behind: [Bool] = []
        /// Per element of `everything`: whether it is a keyboard, a key, or inside one.
        private(set) var inKeyboard: [Bool] = []

        /// Whether an element identified `PopoverDismissRegion` is on screen.
        var hasDismissRegion: Bool { dismissRegion != nil }

        /// The elements not behind the front-most presentation, in tree order.
        var front: [any UIElementSnapshot] {
            everything.indices.filter { !behind[$0] }.map { everything[$0] }
        }

        /// The elements in front that a person can tap: not behind, not part of the keyboard.
        var reachable: [any UIElementSnapshot] {
            everything.indices.filter { !behind[$0] && !inKeyboard[$0] }.map { everything[$0] }
        }

        struct Dialog {
            var element: any UIElementSnapshot
            /// Whether a `popover` holds it (iOS 26 iPhone, iPad).
            var inPopover: Bool
        }

        init(_ root: any UIElementSnapshot, bars matches: [ElementMatch], formRoot: ElementMatch? = nil) {
            var tree = Tree()
            var candidates: [Int] = []
            var keyboards: [(frame: UIRect, window: Int?)] = []
            var windows = 0
            // Explicit stack, parents first (as `descendants`): a snapshot's depth is not ours to bound.
            var stack: [(element: any UIElementSnapshot, parent: Int, window: Int?, inPopover: Bool)] = [(root, -1, nil, false)]
            while let (element, parent, outerWindow, inPopover) = stack.popLast() {
                let index = tree.add(element, parent: parent)
                everything.append(element)
                var window = outerWindow
                if window == nil, element.elementType == .window {
                    window = windows
                    windows += 1
                }
                tree.window.append(window)
                let isCandidate = matches.contains(where: { $0.matches(element) })
                if isCandidate || Self.barKinds.contains(element.elementType) { candidates.append(index) }
                tree.isBarMatch.append(isCandidate)
                if element.elementType == .keyboard { keyboards.append((element.frame, window)) }
                if dialog == nil, element.elementType == .sheet || element.elementType == .alert {
                    dialog = Dialog(element: element, inPopover: inPopover)
                }
                if dismissRegion == nil, element.identifier == ScreenObserver.popoverDismissRegion { dismissRegion = element }
                let popover = inPopover || element.elementType == .popover
                stack.append(contentsOf: element.children.reversed().map { ($0, index, window, popover) })
            }
            // A bar is the keyboard's when it sits in the keyboard's window or on its top edge.
            var keyboardBar = [Bool](repeating: false, count: tree.count)
            for index in candidates {
                keyboardBar[index] = keyboards.contains {
                    Self.belongs(everything[index].frame, tree.window[index], toKeyboardAt: $0.frame, $0.window)
                }
            }
            tree.classify(keyboardBar: keyboardBar, formRoot: formRoot, everything: everything)
            behind = tree.behind()
            inKeyboard = tree.inKeyboard
            bars = candidates.filter { tree.isBarMatch[$0] && !keyboardBar[$0] && !behind[$0] }.map { everything[$0] }
        }

        /// The element types that are bars whether or not the options look in them: what they hold is not a
        /// screen's content, and a presentation is recognised by holding one.
        static let barKinds: Set<UIElementKind> = [.navigationBar, .toolbar]

        /// A bar is the keyboard's (its input accessory, e.g. a Done toolbar above the keys) when it sits in
        /// the keyboard's window and that window is not the app's first one (iOS shows the keyboard in a
        /// window of its own), or when its bottom edge touches the keyboard's top edge.
        private static func belongs(
            _ bar: UIRect, _ barWindow: Int?, toKeyboardAt keyboard: UIRect, _ keyboardWindow: Int?
        ) -> Bool {
            if let keyboardWindow, keyboardWindow > 0, barWindow == keyboardWindow { return true }
            return abs(bar.maxY - keyboard.minY) <= 1
        }
    }
}

/// The snapshot's shape as indices, and what each subtree holds: enough to tell what is behind what.
private struct Tree {
    var parent: [Int] = []
    var children: [[Int]] = []
    var frame: [UIRect] = []
    var kind: [UIElementKind] = []
    var window: [Int?] = []
    /// The element matches `options.bars`.
    var isBarMatch: [Bool] = []
    /// The element is a keyboard, a key, or inside one.
    var inKeyboard: [Bool] = []
    /// The subtree holds a bar that is not the keyboard's (a navigation bar, a toolbar, or a match of `options.bars`).
    var holdsBar: [Bool] = []
    /// The subtree holds a navigation bar that is not the keyboard's.
    var holdsNavigationBar: [Bool] = []
    /// The subtree holds content outside every bar and the keyboard: anything but a wrapper.
    var holdsContent: [Bool] = []
    /// The subtree holds the element `options.formRoot` matches.
    var holdsFormRoot: [Bool] = []

    var count: Int { parent.count }

    mutating func add(_ element: any UIElementSnapshot, parent up: Int) -> Int {
        let index = parent.count
        parent.append(up)
        children.append([])
        frame.append(element.frame)
        kind.append(element.elementType)
        if up >= 0 { children[up].append(index) }
        return index
    }

    /// Wrappers and bars: what a screen's content is not.
    static let notContent: Set<UIElementKind> = [
        .other, .group, .window, .application, .navigationBar, .toolbar, .statusBar, .keyboard, .key,
    ]

    mutating func classify(keyboardBar: [Bool], formRoot: ElementMatch?, everything: [any UIElementSnapshot]) {
        let count = self.count
        inKeyboard = [Bool](repeating: false, count: count)
        var inBar = [Bool](repeating: false, count: count)
        holdsBar = [Bool](repeating: false, count: count)
        holdsNavigationBar = [Bool](repeating: false, count: count)
        holdsContent = [Bool](repeating: false, count: count)
        holdsFormRoot = [Bool](repeating: false, count: count)
        let isBar = (0..<count).map { (isBarMatch[$0] || ScreenObserver.Screen.barKinds.contains(kind[$0])) }
        // Parents come before their children: what is inside is known top-down.
        for index in 0..<count {
            let up = parent[index]
            inKeyboard[index] = kind[index] == .keyboard || kind[index] == .key || (up >= 0 && inKeyboard[up])
            inBar[index] = up >= 0 && (inBar[up] || isBar[up])
        }
        // Children come after their parents: what a subtree holds is gathered bottom-up.
        for index in stride(from: count - 1, through: 0, by: -1) {
            let ownBar = isBar[index] && !keyboardBar[index] && !inKeyboard[index]
            if ownBar { holdsBar[index] = true }
            if ownBar, kind[index] == .navigationBar { holdsNavigationBar[index] = true }
            if !inBar[index], !isBar[index], !inKeyboard[index], !Self.notContent.contains(kind[index]) {
                holdsContent[index] = true
            }
            if let formRoot, formRoot.matches(everything[index]) { holdsFormRoot[index] = true }
            let up = parent[index]
            guard up >= 0 else { continue }
            holdsBar[up] = holdsBar[up] || holdsBar[index]
            holdsNavigationBar[up] = holdsNavigationBar[up] || holdsNavigationBar[index]
            holdsContent[up] = holdsContent[up] || holdsContent[index]
            holdsFormRoot[up] = holdsFormRoot[up] || holdsFormRoot[index]
        }
    }

    /// A screen: a subtree with a bar of its own and content outside its bars.
    func isScreen(_ index: Int) -> Bool { holdsBar[index] && holdsContent[index] }

    /// A presentation: a screen, or the subtree holding the form the test names.
    func isPresentation(_ index: Int) -> Bool { isScreen(index) || holdsFormRoot[index] }

    /// Per element, whether a later part of the tree presents over it: at some ancestor, a later sibling
    /// of the element's branch is a presentation, and either the branch is a screen whose frame the
    /// presentation overlaps, or the branch is not a screen (a bar standing alone in a flattened tree) and
    /// the presentation holds its own navigation bar.
    func behind() -> [Bool] {
        var result = [Bool](repeating: false, count: count)
        for up in 0..<count {
            let siblings = children[up]
            // Later presentations among the children, found once per parent.
            let presentations = siblings.enumerated().filter { isPresentation($0.element) }
            guard !presentations.isEmpty else { continue }
            for (position, branch) in siblings.enumerated() {
                let screen = isScreen(branch)
                let covered = presentations.contains { later in
                    guard later.offset > position else { return false }
                    return screen ? frame[branch].intersects(frame[later.element]) : holdsNavigationBar[later.element]
                }
                if covered { result[branch] = true }
            }
        }
        // Parents come first: an element is behind when its branch is, at any level.
        for index in 0..<count where parent[index] >= 0 && result[parent[index]] {
            result[index] = true
        }
        return result
    }
}
