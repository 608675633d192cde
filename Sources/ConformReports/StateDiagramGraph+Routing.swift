/// The strokes and labels of the layered graph, once its items are placed.
extension LayeredGraph {
    /// One path per stroke of an edge, from its source state to its target state.
    func strokes(of edgeIndex: Int) -> [Layout.Path] {
        let edge = edges[edgeIndex]
        if edge.from == edge.to { return loopStrokes(state: edge.from, count: edge.strokes) }
        guard let index = chains.firstIndex(where: { $0.edge == edgeIndex }) else { return [] }
        let middle = route(index)
        return (0..<edge.strokes).map { stroke in
            let shifted = middle.shifted(by: (Double(stroke) - Double(edge.strokes - 1) / 2) * Layout.strokeGap)
            return chains[index].reversed ? shifted.reversed() : shifted
        }
    }

    /// Every line of every label: an edge's beside its lane, right of its strokes; a loop's right of it.
    func labelLines() -> [Layout.PlacedLine] {
        var placed: [Layout.PlacedLine] = []
        for item in items {
            guard case .label(let chain) = item.kind else { continue }
            let edge = edges[chains[chain].edge]
            let half = Double(edge.strokes - 1) * Layout.strokeGap / 2
            let middle = (bandTop[item.rank] + bandBottom[item.rank]) / 2
            placed += Self.stack(edge.lines, of: chains[chain].edge, x: item.x + half + 6, middle: middle)
        }
        for state in states.indices {
            guard let loop = loops[state] else { continue }
            let box = box(of: state)
            let x = box.x + box.width + Self.loopBulge(edges[loop].strokes - 1) + 6
            placed += Self.stack(edges[loop].lines, of: loop, x: x, middle: box.midY)
        }
        return placed
    }

    // MARK: - Private

    /// The middle stroke of a chain, top to bottom: straight down through each rank, curving only in the
    /// gaps between ranks, where nothing but edges is drawn.
    private func route(_ index: Int) -> Layout.Path {
        let chain = chains[index]
        let top = box(of: chain.top)
        let bottom = box(of: chain.bottom)
        let startX = port(top: false, of: chain.top, for: .chain(index))
        var path = Layout.Path(start: .init(x: startX, y: top.y + top.height), segments: [])
        path.down(to: bandBottom[items[chain.top].rank])
        for item in chain.items {
            path.curve(toX: items[item].x, y: bandTop[items[item].rank])
            path.down(to: bandBottom[items[item].rank])
        }
        path.curve(toX: port(top: true, of: chain.bottom, for: .chain(index)), y: bandTop[items[chain.bottom].rank])
        path.down(to: bottom.y)
        return path
    }

    /// Nested loops out of the state's top side, round its right side and into its bottom side.
    private func loopStrokes(state: Int, count: Int) -> [Layout.Path] {
        let box = box(of: state)
        let right = box.x + box.width
        let top = box.y
        let bottom = box.y + box.height
        return (0..<count).map { loop in
            let x = right - Self.loopInset(loop)
            let bulge = right + Self.loopBulge(loop)
            let rise = Self.loopRise(loop)
            return Layout.Path(
                start: .init(x: x, y: top),
                segments: [
                    .cubic(.init(x: x, y: top - rise), .init(x: bulge, y: top - rise), .init(x: bulge, y: box.midY)),
                    .cubic(.init(x: bulge, y: bottom + rise), .init(x: x, y: bottom + rise), .init(x: x, y: bottom)),
                ])
        }
    }

    /// Label lines one under another, start-anchored at `x`, the block centred on `middle`.
    private static func stack(_ lines: [Layout.LabelLine], of edge: Int, x: Double, middle: Double)
        -> [Layout.PlacedLine]
    {
        let top = middle - DiagramText.blockHeight(lines: lines.count) / 2
        return lines.enumerated().map { index, line in
            let baseline = top + Double(index) * DiagramText.lineHeight + DiagramText.ascent * DiagramText.labelSize
            return Layout.PlacedLine(edge: edge, line: line, x: x + line.indent, baseline: baseline)
        }
    }
}

extension StateDiagramLayout.Path {
    typealias Point = StateDiagramLayout.Point

    /// Where the path ends.
    var end: Point {
        switch segments.last {
        case .line(let point), .cubic(_, _, let point): point
        case nil: start
        }
    }

    /// Extends the path straight down to `y` (if it is not there already).
    mutating func down(to y: Double) {
        let end = end
        if y > end.y + 0.01 { segments.append(.line(.init(x: end.x, y: y))) }
    }

    /// Extends the path to (`x`, `y`) by a curve that leaves and arrives vertically.
    mutating func curve(toX x: Double, y: Double) {
        let end = end
        let middle = (end.y + y) / 2
        segments.append(.cubic(.init(x: end.x, y: middle), .init(x: x, y: middle), .init(x: x, y: y)))
    }

    /// The path moved sideways by `dx`.
    func shifted(by dx: Double) -> Self {
        func move(_ point: Point) -> Point { Point(x: point.x + dx, y: point.y) }
        return Self(
            start: move(start),
            segments: segments.map { segment in
                switch segment {
                case .line(let point): .line(move(point))
                case .cubic(let a, let b, let c): .cubic(move(a), move(b), move(c))
                }
            })
    }

    /// The same path, drawn from its end to its start.
    func reversed() -> Self {
        var points = [start]
        for segment in segments {
            switch segment {
            case .line(let point), .cubic(_, _, let point): points.append(point)
            }
        }
        var reversed: [StateDiagramLayout.Segment] = []
        for (index, segment) in segments.enumerated().reversed() {
            switch segment {
            case .line: reversed.append(.line(points[index]))
            case .cubic(let a, let b, _): reversed.append(.cubic(b, a, points[index]))
            }
        }
        return Self(start: end, segments: reversed)
    }
}
