/// Where each part of a state diagram goes: a layered layout in the manner of Graphviz's `dot`, small
/// enough for the dozen states and few dozen transitions a policy has.
///
/// - **Ranks.** Back edges (found by a depth-first walk from the initial state) are turned over, and each
///   state's layer is its longest distance from the initial state along the rest. Between two layers of
///   states lies a rank of labels, so rank `2n` holds the states of layer `n`.
/// - **Edges.** The transitions from one state to another are one edge, drawn as a bundle of parallel
///   strokes (one per transition) with one stacked label. An edge that spans ranks gets an item in each
///   rank it crosses: a lane, or its label in the rank next to its source state. Self-loops are drawn on
///   the state's right, labelled beside it.
/// - **Order and place.** Items are ordered within ranks by barycentres (fewest crossings kept), then
///   placed left to right with their full width reserved, so no label can overlap a state, a lane or
///   another label. Edges run straight down through each rank and bend only in the empty gaps between
///   ranks (cubic curves with vertical ends), so no edge can pass through a state or a label.
struct StateDiagramLayout {
    /// A state to draw.
    struct State {
        var name: String
        var isFinal: Bool
    }

    /// The transitions from one state to another (or to itself): one stroke each, one label for all.
    struct Edge {
        var from: Int
        var to: Int
        var strokes: Int
        var lines: [LabelLine]
    }

    /// One line of an edge's label; `indent` shifts a wrapped line's continuation to the right.
    struct LabelLine {
        var text: String
        var bold: Bool
        var indent: Double = 0
        /// Which of the edge's strokes the line belongs to (strokes left to right, lines top to bottom).
        var stroke = 0
    }

    /// A label line of the edge with index `edge`, where it is drawn: start-anchored at `x`, on `baseline`.
    struct PlacedLine {
        var edge: Int
        var line: LabelLine
        var x: Double
        var baseline: Double
    }

    struct Point {
        var x: Double
        var y: Double
    }

    enum Segment {
        case line(Point)
        case cubic(Point, Point, Point)
    }

    /// A path of straight lines and cubic Bézier curves.
    struct Path {
        var start: Point
        var segments: [Segment]
    }

    struct Box {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var midX: Double { x + width / 2 }
        var midY: Double { y + height / 2 }
    }

    static let stateHeight = 36.0
    static let margin = 20.0
    /// The distance between the strokes of one edge.
    static let strokeGap = 8.0

    /// Each state's box, in the order of the states given.
    private(set) var boxes: [Box] = []
    /// Each edge's strokes, in the order of the edges given; each runs from the edge's source to its target.
    private(set) var strokes: [[Path]] = []
    /// Every line of every label.
    private(set) var labels: [PlacedLine] = []
    /// The start dot's centre; the start arrow runs from below it to `startEnd` on the initial state.
    private(set) var start: Point?
    private(set) var startEnd: Point?
    private(set) var width = 0.0
    private(set) var height = 0.0

    /// The largest diagram drawn: past it, time and memory would grow with the square of the policy
    /// (every edge gets an item in each rank it crosses), so the report shows the table instead.
    static let maximumStates = 400
    /// The most items (states, the lanes edges pass through, labels) a layout may have: about half a
    /// second to lay out on the 2-core machine (Docs/Limits.md).
    static let maximumItems = 60_000
    /// The most items of a diagram drawn in a trace's section: a report draws one per trace shown (up
    /// to 600), so a large policy is drawn once, in its own section.
    static let maximumTraceItems = 2_000

    /// Why `states` and `edges` are not drawn (too large), or `nil`: found from the ranks alone, before
    /// anything is placed.
    static func omission(states: [State], initial: Int?, edges: [Edge], maximumItems: Int = maximumItems) -> String? {
        if states.count > maximumStates {
            return "the policy has \(states.count) states; diagrams are drawn for at most \(maximumStates)"
        }
        guard let initial, states.indices.contains(initial) else { return nil }
        let (layers, _) = LayeredGraph.layers(count: states.count, initial: initial, edges: edges)
        var items = states.count
        for edge in edges where edge.from != edge.to { items += 2 * abs(layers[edge.to] - layers[edge.from]) - 1 }
        guard items > maximumItems else { return nil }
        if maximumItems < Self.maximumItems, items <= Self.maximumItems {
            return
                "its layout takes \(items) items, more than the \(maximumItems) a trace's diagram may have; the policy's own section draws it"
        }
        return
            "its layout would take \(items) items (states, and the lanes its transitions pass through); diagrams are drawn up to \(Self.maximumItems)"
    }

    /// Lays out `states` and `edges`, starting at the state with index `initial`.
    init(states: [State], initial: Int?, edges: [Edge]) {
        guard let initial, states.indices.contains(initial) else {
            width = 2 * Self.margin
            height = 2 * Self.margin
            return
        }
        var graph = LayeredGraph(states: states, initial: initial, edges: edges)
        graph.order()
        graph.placeHorizontally()
        graph.placeVertically()
        boxes = states.indices.map { graph.box(of: $0) }
        strokes = edges.indices.map { graph.strokes(of: $0) }
        labels = graph.labelLines()
        let startPort = graph.port(top: true, of: initial, for: .start)
        start = Point(x: startPort, y: boxes[initial].y - 26)
        startEnd = Point(x: startPort, y: boxes[initial].y - 2)
        width = graph.width
        height = graph.height
    }
}
