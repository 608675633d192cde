import ConformCore

extension ScreenObserver {
    /// What a `ScreenObserver` records and where it looks. The defaults fit a UIKit or SwiftUI edit form
    /// with English Done and Cancel buttons in its navigation bar; `titles` fits any other language.
    public struct Options: Sendable {
        /// The keys recorded, in this order; each is left out when it cannot be seen (see `observe`).
        public var keys: [ObservationKey]
        /// The confirming bar button (`done`). Only buttons are considered. Left at `.label("Done")`, the
        /// match `titles` gives for "Done" is used when it gives one.
        public var done: ElementMatch
        /// The cancelling bar button (`cancel`). Only buttons are considered. Left at `.label("Cancel")`, the
        /// match `titles` gives for "Cancel" is used when it gives one.
        public var cancel: ElementMatch
        /// How a policy's labels and titles are found on screen, when not by the text itself: a device in
        /// another language shows "Fertig", not "Done", and identifiers do not change with the language.
        /// `["Done": .identifier("done-button"), "Discard Changes": .identifier("discard-button")]`: a
        /// `tap: Done` taps the button so identified; a sheet button that matches is recorded under the
        /// policy's title ("Discard Changes"). A title not listed is found by its text as identifier or label.
        public var titles: [String: ElementMatch]
        /// The bars that hold Done and Cancel: by default every `navigationBar` and `toolbar` (SwiftUI puts
        /// toolbar items in either). Buttons elsewhere are ignored, and so are the keyboard's own bars (a
        /// keyboard toolbar's Done; see `Screen`). A button may sit deep in a bar: SwiftUI wraps a toolbar
        /// button as `Other(label) > Other > Button`, and only the `Button` is taken.
        public var bars: [ElementMatch]
        /// One bar: reading gives the first of `bars`, setting replaces them all.
        public var bar: ElementMatch {
            get { bars.first ?? .kind(.navigationBar) }
            set { bars = [newValue] }
        }
        /// The form, named by the test: an element the app marks, e.g. `.identifier("edit-form")` for
        /// `.accessibilityIdentifier("edit-form")` on the form. The form is dismissed when no element matches
        /// and no dialog is shown. `nil`: guessed (see `ScreenObserver.isDismissed(_:)`).
        public var formRoot: ElementMatch?
        /// The fields recorded under `form`, in this order.
        public var fields: [FormField]
        /// The role of each sheet action; `nil` leaves the role out. Default: `ScreenObserver.cancelSetApart`.
        public var role: @Sendable (SheetButton) -> SheetRole?
        /// What a sheet's one text is when the sheet's label does not say (see `LoneText`).
        public var loneSheetText: LoneText
        /// The identifier of the app's debug element whose value is the scroll view's `contentOffset.y`.
        public var offsetHook: String?
        /// The identifier of the app's debug element whose value is the scroll view's `contentInset.bottom`.
        public var insetHook: String?
        /// Which cells can disclose. Default: every cell.
        public var disclosable: @Sendable (any UIElementSnapshot) -> Bool
        /// Whether a cell shows a disclosure indicator. Default: `ScreenObserver.showsSystemChevron`.
        public var indicator: @Sendable (any UIElementSnapshot) -> Bool

        /// Options whose every part has the default that fits a UIKit or SwiftUI edit form; give the parts that differ.
        public init(
            keys: [ObservationKey] = ObservationKey.formKeys,
            done: ElementMatch = .label("Done"),
            cancel: ElementMatch = .label("Cancel"),
            bars: [ElementMatch] = [.kind(.navigationBar), .kind(.toolbar)],
            formRoot: ElementMatch? = nil,
            fields: [FormField] = [],
            titles: [String: ElementMatch] = [:],
            role: @escaping @Sendable (SheetButton) -> SheetRole? = ScreenObserver.cancelSetApart,
            loneSheetText: LoneText = .unknown,
            offsetHook: String? = nil,
            insetHook: String? = nil,
            disclosable: @escaping @Sendable (any UIElementSnapshot) -> Bool = { _ in true },
            indicator: @escaping @Sendable (any UIElementSnapshot) -> Bool = ScreenObserver.showsSystemChevron
        ) {
            self.keys = keys
            self.done = done
            self.cancel = cancel
            self.bars = bars
            self.formRoot = formRoot
            self.fields = fields
            self.titles = titles
            self.role = role
            self.loneSheetText = loneSheetText
            self.offsetHook = offsetHook
            self.insetHook = insetHook
            self.disclosable = disclosable
            self.indicator = indicator
        }
    }

    /// A role rule that gives each sheet button whose identifier `roles` lists that role, and every other
    /// button the role `otherwise` gives (by default `cancelSetApart`): for apps whose buttons carry
    /// identifiers, e.g. `roles(byIdentifier: ["discard-button": .destructive, "keep-button": .cancel])`.
    public static func roles(
        byIdentifier roles: [String: SheetRole],
        otherwise: @escaping @Sendable (SheetButton) -> SheetRole? = ScreenObserver.cancelSetApart
    ) -> @Sendable (SheetButton) -> SheetRole? {
        { button in roles[button.identifier] ?? otherwise(button) }
    }

    /// A form field recorded under `form`: the text control with this identifier, under this name.
    public struct FormField: Hashable, Sendable {
        /// The field's name in the trace (`form:` and `edit:`).
        public var name: String
        /// The accessibility identifier of its text control in the app.
        public var identifier: String

        /// The field `name`, found by the accessibility identifier `identifier`.
        public init(_ name: String, identifier: String) {
            self.name = name
            self.identifier = identifier
        }
    }

    /// What to make of a sheet that shows exactly one text and whose label is empty: XCUITest does not say
    /// whether that text is the title or the message.
    public enum LoneText: Hashable, Sendable {
        /// Record neither title nor message (they are then not checked).
        case unknown
        /// Record the text as the sheet's title.
        case title
        /// Record the text as the sheet's message.
        case message
    }

    /// One action of a sheet, as the role rule sees it.
    public struct SheetButton: Hashable, Sendable {
        /// The action's title: the button's label, or its identifier when the label is empty.
        public var title: String
        /// The button's accessibility identifier; empty when none is set.
        public var identifier: String
        /// The button's frame, in screen points.
        public var frame: UIRect
        /// The position in display order, from 0.
        public var index: Int
        /// How many actions the sheet has.
        public var count: Int
        /// `.sheet` for an action sheet, `.alert` for an alert.
        public var container: UIElementKind
        /// Whether this is the last action of an action sheet and stands apart from the others (a gap of
        /// at least `ScreenObserver.apartGap` above it): where iOS puts the cancel action on iPhone. Never
        /// in a popover, which shows no cancel button.
        public var isSetApart: Bool
        /// Whether the sheet is shown in a popover (iOS 26 iPhone, iPad): its cancel action has no button.
        public var isInPopover: Bool

        /// A sheet action as the role rule sees it.
        public init(
            title: String, identifier: String = "", frame: UIRect, index: Int, count: Int, container: UIElementKind,
            isSetApart: Bool, isInPopover: Bool = false
        ) {
            self.title = title
            self.identifier = identifier
            self.frame = frame
            self.index = index
            self.count = count
            self.container = container
            self.isSetApart = isSetApart
            self.isInPopover = isInPopover
        }
    }

    /// The default role rule: the action set apart at the bottom of an action sheet is the cancel action;
    /// every other role is left out, because XCUITest does not expose it.
    @Sendable public static func cancelSetApart(_ button: SheetButton) -> SheetRole? {
        button.isSetApart ? .cancel : nil
    }

    /// The default indicator rule: the cell holds a button labelled `chevron` (a `UITableViewCell`
    /// accessory) or an image identified as `chevron.forward` (a list cell's `UICellAccessory`), as an
    /// iOS 26.4 simulator exposes them. See Docs/Recording.md: not verified on other iOS versions.
    @Sendable public static func showsSystemChevron(_ cell: any UIElementSnapshot) -> Bool {
        cell.descendants.contains { element in
            switch element.elementType {
            case .button: return element.label == "chevron" || element.identifier == "chevron"
            case .image:
                return ["chevron.forward", "chevron.right"].contains(element.identifier)
                    || ["chevron.forward", "chevron.right"].contains(element.label)
            default: return false
            }
        }
    }

    /// The smallest vertical gap, in points, that sets the last action of an action sheet apart.
    public static let apartGap: Double = 6
}

/// The policy's `done` and `cancel` keys' buttons as the options find them.
extension ScreenObserver.Options {
    /// `done`, or `titles["Done"]` when `done` is left at its default.
    public var doneMatch: ElementMatch {
        done == .label("Done") ? (titles["Done"] ?? done) : done
    }

    /// `cancel`, or `titles["Cancel"]` when `cancel` is left at its default.
    public var cancelMatch: ElementMatch {
        cancel == .label("Cancel") ? (titles["Cancel"] ?? cancel) : cancel
    }

    /// How the label or title `title` of a policy is found on screen: `titles[title]`, else an element
    /// whose identifier or label is `title`.
    public func match(for title: String) -> ElementMatch {
        titles[title] ?? .named(title)
    }

    /// The title a sheet button is recorded under: the first title of `titles` (in sorted order) whose
    /// match it is, else its label, else its identifier.
    public func title(of button: any UIElementSnapshot) -> String {
        if let mapped = titles.keys.sorted().first(where: { titles[$0]?.matches(button) == true }) { return mapped }
        return button.label.isEmpty ? button.identifier : button.label
    }
}
