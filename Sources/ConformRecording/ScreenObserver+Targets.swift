extension ScreenObserver {
    /// The bar button the policy's label `label` names (`options.match(for:)`), in a bar of the front-most
    /// presentation: what `tap: LABEL` taps. `nil` when there is none; never a button of the screen behind,
    /// a scope bar's segment, an active search's Cancel, or the keyboard's.
    public func barButton(_ label: String, in root: any UIElementSnapshot) -> (any UIElementSnapshot)? {
        barButton(options.match(for: label), in: screen(of: root))
    }

    /// The button the policy's label `label` names anywhere a person can tap it: a bar button first
    /// (`barButton(_:in:)`), else the first such button in front that is not the keyboard's.
    public func button(_ label: String, in root: any UIElementSnapshot) -> (any UIElementSnapshot)? {
        let screen = screen(of: root)
        let match = options.match(for: label)
        if let bar = barButton(match, in: screen) { return bar }
        return screen.reachable.first { $0.elementType == .button && match.matches($0) }
    }

    /// The button of the dialog on screen (action sheet or alert, in a popover or not) that the policy's
    /// title `title` names; else such a button in a popover that holds no dialog (a menu). `nil` when none.
    public func sheetButton(_ title: String, in root: any UIElementSnapshot) -> (any UIElementSnapshot)? {
        let screen = screen(of: root)
        let match = options.match(for: title)
        if let dialog = screen.dialog {
            return dialog.element.descendants.first { $0.elementType == .button && match.matches($0) }
        }
        let popovers = screen.everything.filter { $0.elementType == .popover }
        return popovers.lazy.compactMap { $0.descendants.first { $0.elementType == .button && match.matches($0) } }.first
    }

    /// The popover's dismiss region (identifier `PopoverDismissRegion`, whatever its type), if on screen.
    public func dismissRegion(in root: any UIElementSnapshot) -> (any UIElementSnapshot)? {
        screen(of: root).dismissRegion
    }

    /// A point of the dismiss region that no popover covers, for a tap that cancels a popover dialog: low
    /// on the screen first (popovers hang below the bars at the top), clear of the home indicator; `nil`
    /// when there is no region or every candidate point lies under a popover.
    public func pointOutsidePopovers(in root: any UIElementSnapshot) -> (x: Double, y: Double)? {
        let screen = screen(of: root)
        guard let region = screen.dismissRegion else { return nil }
        let covered = screen.everything.filter { $0.elementType == .popover }.map(\.frame)
        let area = region.frame
        for (dx, dy) in Self.outsideCandidates {
            let point = (x: area.minX + area.width * dx, y: area.minY + area.height * dy)
            if !covered.contains(where: { $0.minX <= point.x && point.x <= $0.maxX && $0.minY <= point.y && point.y <= $0.maxY }) {
                return point
            }
        }
        return nil
    }

    /// Whether a later part of the tree presents over the element at `index` of the snapshot in tree order
    /// (the root is 0, then depth first, parents before children): Docs/Recording.md, "On a device", rule 3.
    public func isBehind(elementAt index: Int, in root: any UIElementSnapshot) -> Bool {
        let screen = screen(of: root)
        return screen.behind.indices.contains(index) && screen.behind[index]
    }

    /// Where to try tapping outside a popover, as fractions of the dismiss region's width and height.
    static let outsideCandidates: [(Double, Double)] = [(0.5, 0.85), (0.5, 0.6), (0.1, 0.5), (0.9, 0.5), (0.5, 0.15)]
}
