import Foundation

#if !canImport(CoreGraphics)
/// CoreGraphics' `CGVector`, which swift-corelibs-foundation lacks (it has CGFloat, CGPoint, CGSize,
/// CGRect). Same members as Apple's for what XCUITest needs: `coordinate(withNormalizedOffset:)`.
public struct CGVector: Hashable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat

    public init() {
        self.init(dx: CGFloat(0), dy: CGFloat(0))
    }

    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    public init(dx: Double, dy: Double) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    public init(dx: Int, dy: Int) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    public static var zero: CGVector { CGVector() }
}
#endif
