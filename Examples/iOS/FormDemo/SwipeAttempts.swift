import SwiftUI
import UIKit

/// Calls `attempted` when a swipe down on the sheet that holds this view is refused (the sheet is
/// `interactiveDismissDisabled`). SwiftUI has no callback for that before iOS 27 (`dismissalConfirmationDialog`
/// is documented for iOS 27 and macOS 15), so this hooks UIKit's
/// `presentationControllerDidAttemptToDismiss(_:)`, as MakeItSo does (BEHAVIOURS.md §2.8).
struct SwipeAttempts: UIViewControllerRepresentable {
    let attempted: () -> Void

    func makeUIViewController(context: Context) -> Hook {
        Hook(attempted: attempted)
    }

    func updateUIViewController(_ hook: Hook, context: Context) {
        hook.attempted = attempted
        hook.install()
    }

    /// An invisible child view controller that becomes the sheet's presentation delegate, and passes
    /// every other delegate call on to the delegate SwiftUI had set, so that SwiftUI still learns of
    /// each dismissal.
    final class Hook: UIViewController, UIAdaptivePresentationControllerDelegate {
        var attempted: () -> Void
        /// Read by the nonisolated forwarding overrides below; UIKit calls a presentation delegate on the
        /// main thread only.
        nonisolated(unsafe) private weak var original: (any UIAdaptivePresentationControllerDelegate)?

        init(attempted: @escaping () -> Void) {
            self.attempted = attempted
            super.init(nibName: nil, bundle: nil)
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            install()
        }

        /// Becomes the delegate of the presentation of the outermost parent, once it is presented.
        func install() {
            var host: UIViewController = self
            while let parent = host.parent { host = parent }
            guard host.presentingViewController != nil, let presentation = host.presentationController,
                presentation.delegate !== self
            else { return }
            original = presentation.delegate
            presentation.delegate = self
        }

        func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
            original?.presentationControllerDidAttemptToDismiss?(presentationController)
            attempted()
        }

        nonisolated override func responds(to selector: Selector!) -> Bool {
            super.responds(to: selector) || (original?.responds(to: selector) ?? false)
        }

        nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
            original?.responds(to: selector) == true ? original : super.forwardingTarget(for: selector)
        }
    }
}
