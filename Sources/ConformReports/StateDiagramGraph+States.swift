/// The states of the layered graph: their size, their self-loops, and the ports on their top and bottom
/// sides where edges meet them.
extension LayeredGraph {
    // Self-loop `j` (0 is the innermost) leaves the state's top side `loopInset(j)` left of its right
    // side, rises `loopRise(j)`, bulges `loopBulge(j)` past the right side, and comes back into the
    // bottom side below where it left: loops nest without crossing, and ports stay left of them.
    static func loopInset(_ loop: Int) -> Double { 12 + 8 * Double(loop) }
    static func loopBulge(_ loop: Int) -> Double { 14 + 8 * Double(loop) }
    static func loopRise(_ loop: Int) -> Double { 10 + 6 * Double(loop) }

    /// The least distance between the middle strokes of two edges meeting one side of a state.
    static let portGap = 14.0

    /// What meets a state's top (`top`) or bottom side, with how many strokes each has.
    func attachments(top: Bool, of state: Int) -> [(attachment: Attachment, strokes: Int)] {
        var list: [(attachment: Attachment, strokes: Int)] = []
        if top && state == initial { list.append((.start, 1)) }
        for (index, chain) in chains.enumerated() where (top ? chain.bottom : chain.top) == state {
            list.append((.chain(index), edges[chain.edge].strokes))
        }
        return list
    }

    /// The number of self-loop strokes on a state.
    func loopCount(_ state: Int) -> Int {
        loops[state].map { edges[$0].strokes } ?? 0
    }

    /// Sizes a state's box: wide enough for its name and for the ports on each side, left of its loops.
    mutating func sizeState(_ state: Int) {
        let loopCount = loopCount(state)
        let spans = [true, false].map { top in
            let strokes = attachments(top: top, of: state).map(\.strokes)
            return Self.span(strokes, gap: Self.portGap)
        }
        let rightClear = loopCount > 0 ? Self.loopInset(loopCount - 1) + 8 : 12
        let nameWidth = DiagramText.width(states[state].name, size: DiagramText.stateSize)
        let width = max(nameWidth + 28, 72, 12 + rightClear + (spans.max() ?? 0)).rounded(.up)
        stateWidths[state] = width
        items[state].left = width / 2
        items[state].right = width / 2
        items[state].height = Layout.stateHeight
        if let loop = loops[state] {
            let lines = edges[loop].lines
            items[state].right += Self.loopBulge(loopCount - 1) + 6 + Self.labelWidth(lines)
            items[state].height = max(
                Layout.stateHeight + 2 * (0.75 * Self.loopRise(loopCount - 1) + 2),
                DiagramText.blockHeight(lines: lines.count) + 4)
        }
    }

    /// A state's box, once placed.
    func box(of state: Int) -> Layout.Box {
        let rank = items[state].rank
        let middle = (bandTop[rank] + bandBottom[rank]) / 2
        let width = stateWidths[state]
        return Layout.Box(
            x: items[state].x - width / 2, y: middle - Layout.stateHeight / 2, width: width,
            height: Layout.stateHeight)
    }

    /// The x of the middle stroke of `attachment` on a state's top or bottom side, once placed. Edges
    /// meet a side in the order of the items they come from, so they do not cross next to the state.
    func port(top: Bool, of state: Int, for attachment: Attachment) -> Double {
        let centre = items[state].x
        let list = attachments(top: top, of: state).enumerated().sorted { a, b in
            let keyA = neighbourX(a.element.attachment, top: top, centre: centre)
            let keyB = neighbourX(b.element.attachment, top: top, centre: centre)
            return (keyA, a.offset) < (keyB, b.offset)
        }.map(\.element)
        let width = stateWidths[state]
        let loopCount = loopCount(state)
        let low = centre - width / 2 + 12
        let high = centre + width / 2 - (loopCount > 0 ? Self.loopInset(loopCount - 1) + 8 : 12)
        let fixed = Self.span(list.map(\.strokes), gap: 0)
        let gap = list.count > 1 ? min(32, max(Self.portGap, (high - low - fixed) / Double(list.count - 1))) : 0
        let total = fixed + Double(max(0, list.count - 1)) * gap
        var cursor = min(max(centre, low + total / 2), high - total / 2) - total / 2
        for entry in list {
            let half = Double(entry.strokes - 1) * Layout.strokeGap / 2
            if entry.attachment == attachment { return cursor + half }
            cursor += 2 * half + gap
        }
        return centre
    }

    /// The width that bundles of `strokes` take side by side, `gap` apart.
    static func span(_ strokes: [Int], gap: Double) -> Double {
        let inner = strokes.reduce(0.0) { $0 + Double($1 - 1) * Layout.strokeGap }
        return inner + Double(max(0, strokes.count - 1)) * gap
    }

    // MARK: - Private

    private func neighbourX(_ attachment: Attachment, top: Bool, centre: Double) -> Double {
        guard case .chain(let index) = attachment else { return centre }
        let chain = chains[index]
        guard let item = top ? chain.items.last : chain.items.first else { return centre }
        return items[item].x
    }
}
