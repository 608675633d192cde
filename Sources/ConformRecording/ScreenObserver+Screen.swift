extension ScreenObserver {
    /// The identifier of the full-screen element iOS puts outside a popover: tapping it dismisses the popover
    /// and, for a dialog, runs its cancel action (IOS-UI-TREES.md §2: an Xcode 26.6 / iOS 26.5 tree; the same
    /// identifier WebDriverAgent looks up for iPad popovers).
    public static let popoverDismissRegion = "PopoverDismissRegion"

    /// What the observer reads of one snapshot, found in one walk: every element, the bars that can hold
    /// Done and Cancel, the dialog on screen and whether a dismiss region is.
    struct Screen {
        /// The root and its descendants, parents before children.
        var everything: [any UIElementSnapshot] = []
        /// The elements matching `options.bars`, less the keyboard's own bars.
        var bars: [any UIElementSnapshot] = []
        /// The first action sheet or alert.
        var dialog: Dialog?
        /// Whether an element identified `PopoverDismissRegion` is on screen.
        var hasDismissRegion = false

        struct Dialog {
            var element: any UIElementSnapshot
            /// Whether a `popover` holds it (iOS 26 iPhone, iPad).
            var inPopover: Bool
        }

        init(_ root: any UIElementSnapshot, bars matches: [ElementMatch]) {
            var candidates: [(bar: any UIElementSnapshot, window: Int?)] = []
            var keyboards: [(frame: UIRect, window: Int?)] = []
            var windows = 0
            // Explicit stack, parents first (as `descendants`): a snapshot's depth is not ours to bound.
            var stack: [(element: any UIElementSnapshot, window: Int?, inPopover: Bool)] = [(root, nil, false)]
            while let (element, outerWindow, inPopover) = stack.popLast() {
                everything.append(element)
                var window = outerWindow
                if window == nil, element.elementType == .window {
                    window = windows
                    windows += 1
                }
                if matches.contains(where: { $0.matches(element) }) { candidates.append((element, window)) }
                if element.elementType == .keyboard { keyboards.append((element.frame, window)) }
                if dialog == nil, element.elementType == .sheet || element.elementType == .alert {
                    dialog = Dialog(element: element, inPopover: inPopover)
                }
                if element.identifier == ScreenObserver.popoverDismissRegion { hasDismissRegion = true }
                let popover = inPopover || element.elementType == .popover
                stack.append(contentsOf: element.children.reversed().map { ($0, window, popover) })
            }
            bars = candidates.filter { candidate in
                !keyboards.contains {
                    Self.belongs(candidate.bar.frame, candidate.window, toKeyboardAt: $0.frame, $0.window)
                }
            }.map(\.bar)
        }

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
