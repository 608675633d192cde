/// Ordering the items of each rank and placing them: left to right, then top to bottom.
extension LayeredGraph {
    /// Orders each rank by the barycentres of the items it joins in the next rank (sweeping down, then
    /// up), swaps neighbours while that removes crossings, and keeps the order with the fewest crossings.
    mutating func order() {
        var position = positions()
        var best = ranks
        var fewest = crossings(position)
        // A big graph gets fewer sweeps: the last ones seldom help, and the report draws a diagram per trace.
        for sweep in 0..<(items.count > 400 ? 4 : 12) {
            let downward = sweep % 2 == 0
            let order = downward ? Array(ranks.indices.dropFirst()) : Array(ranks.indices.dropLast().reversed())
            for rank in order { sortByBarycentre(rank, byItemsAbove: downward, position: &position) }
            transpose(&position)
            let count = crossings(position)
            if count < fewest {
                fewest = count
                best = ranks
            }
        }
        ranks = best
    }

    /// Places items left to right: each as near the mean of the items it joins as the room the rank's
    /// items need allows (sweeping down, then up, then both), then shifts everything to the margin.
    mutating func placeHorizontally() {
        for rank in ranks.indices { place(rank) { _ in [] } }
        for _ in 0..<8 {
            for rank in ranks.indices.dropFirst() { place(rank) { $0.up } }
            for rank in ranks.indices.dropLast().reversed() { place(rank) { $0.down } }
        }
        for _ in 0..<4 {
            for rank in ranks.indices { place(rank) { $0.up + $0.down } }
        }
        straightenChains()
        let shift = Layout.margin - (items.map { $0.x - $0.left }.min() ?? 0)
        for index in items.indices { items[index].x += shift }
        width = (items.map { $0.x + $0.right }.max() ?? 0) + Layout.margin
    }

    /// Stacks the ranks top to bottom, each as tall as its tallest item, with gaps between them that grow
    /// with how far the edges crossing them move sideways. The top margin leaves room for the start dot.
    mutating func placeVertically() {
        var y = Layout.margin + 34
        bandTop = []
        bandBottom = []
        for rank in ranks.indices {
            bandTop.append(y)
            y += ranks[rank].map { items[$0].height }.max() ?? 0
            bandBottom.append(y)
            guard rank < ranks.count - 1 else { break }
            let shift = ranks[rank].flatMap { item in items[item].down.map { abs(items[$0].x - items[item].x) } }
            y += min(72, max(28, ((shift.max() ?? 0) * 0.25).rounded()))
        }
        height = y + Layout.margin
    }

    // MARK: - Private

    /// Weighted crossings between each pair of neighbouring ranks (an edge's weight is its strokes).
    private func crossings(_ position: [Int]) -> Int {
        ranks.indices.dropLast().reduce(0) { $0 + crossings(below: $1, position: position) }
    }

    /// The crossings between a rank and the next, counted as weighted inversions with a Fenwick tree.
    private func crossings(below rank: Int, position: [Int]) -> Int {
        var joins: [(from: Int, to: Int, weight: Int)] = []
        for item in ranks[rank] {
            for next in items[item].down { joins.append((position[item], position[next], weight(item, next))) }
        }
        joins.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        var tree = Array(repeating: 0, count: ranks[rank + 1].count + 1)
        var added = 0
        var count = 0
        var start = 0
        while start < joins.count {
            var end = start
            while end < joins.count && joins[end].from == joins[start].from { end += 1 }
            // Joins from items further left cross this one when they end further right.
            for join in joins[start..<end] {
                var index = join.to + 1
                var atOrLeft = 0
                while index > 0 {
                    atOrLeft += tree[index]
                    index -= index & -index
                }
                count += join.weight * (added - atOrLeft)
            }
            for join in joins[start..<end] {
                var index = join.to + 1
                while index < tree.count {
                    tree[index] += join.weight
                    index += index & -index
                }
                added += join.weight
            }
            start = end
        }
        return count
    }

    /// A join's weight: the strokes of the edge it belongs to.
    private func weight(_ a: Int, _ b: Int) -> Int {
        max(items[a].strokes, items[b].strokes)
    }

    private func positions() -> [Int] {
        var position = Array(repeating: 0, count: items.count)
        for rank in ranks { for (index, item) in rank.enumerated() { position[item] = index } }
        return position
    }

    private mutating func sortByBarycentre(_ rank: Int, byItemsAbove: Bool, position: inout [Int]) {
        let keyed = ranks[rank].enumerated().map { index, item -> (key: Double, index: Int, item: Int) in
            let joined = byItemsAbove ? items[item].up : items[item].down
            let sum = joined.reduce(0) { $0 + position[$1] }
            let key = joined.isEmpty ? Double(index) : Double(sum) / Double(joined.count)
            return (key, index, item)
        }
        ranks[rank] = keyed.sorted { ($0.key, $0.index) < ($1.key, $1.index) }.map(\.item)
        for (index, item) in ranks[rank].enumerated() { position[item] = index }
    }

    /// Swaps neighbouring items while that removes crossings (a few rounds at most). Only the crossings
    /// between the two items' own edges change, so only those are counted.
    private mutating func transpose(_ position: inout [Int]) {
        for _ in 0..<4 {
            var improved = false
            for rank in ranks.indices where ranks[rank].count > 1 {
                for index in 0..<(ranks[rank].count - 1) {
                    let left = ranks[rank][index]
                    let right = ranks[rank][index + 1]
                    guard crossings(left, right, position: position) > crossings(right, left, position: position)
                    else { continue }
                    ranks[rank].swapAt(index, index + 1)
                    position[left] = index + 1
                    position[right] = index
                    improved = true
                }
            }
            if !improved { return }
        }
    }

    /// The weighted crossings between the edges of `left` and those of `right`, with `left` on the left.
    private func crossings(_ left: Int, _ right: Int, position: [Int]) -> Int {
        var count = 0
        for a in items[left].up {
            for b in items[right].up where position[a] > position[b] { count += weight(left, a) * weight(right, b) }
        }
        for a in items[left].down {
            for b in items[right].down where position[a] > position[b] { count += weight(left, a) * weight(right, b) }
        }
        return count
    }

    /// Places one rank's items as near their targets (the mean x of the items `joined` gives; where there
    /// are none, where they are) as their order and widths allow: least squares under the constraint that
    /// neighbours keep their distance, solved exactly by pooling adjacent violators.
    private mutating func place(_ rank: Int, joined: (Item) -> [Int]) {
        let row = ranks[rank]
        guard !row.isEmpty else { return }
        var offsets = [0.0]
        for (a, b) in zip(row, row.dropFirst()) { offsets.append(offsets[offsets.count - 1] + separation(a, b)) }
        let targets = row.enumerated().map { index, item -> Double in
            let others = joined(items[item])
            let target = others.isEmpty ? items[item].x : others.map { items[$0].x }.reduce(0, +) / Double(others.count)
            return target - offsets[index]
        }
        // Edges' items weigh more than states, so that edges bend less and states move instead.
        var blocks: [(value: Double, weight: Double, count: Int)] = []
        for (target, item) in zip(targets, row) {
            blocks.append((target, items[item].kind == .state(item) ? 1 : 4, 1))
            while blocks.count > 1 && blocks[blocks.count - 2].value > blocks[blocks.count - 1].value {
                let last = blocks.removeLast()
                let previous = blocks.removeLast()
                let weight = last.weight + previous.weight
                let value = (last.value * last.weight + previous.value * previous.weight) / weight
                blocks.append((value, weight, last.count + previous.count))
            }
        }
        let fitted = blocks.flatMap { Array(repeating: $0.value, count: $0.count) }
        for (index, item) in row.enumerated() { items[item].x = fitted[index] + offsets[index] }
    }

    /// Draws each edge that crosses several ranks straight down where its neighbours leave room: all its
    /// items move to the x (one of theirs) that moves them least and fits in every rank.
    private mutating func straightenChains() {
        for chain in chains where chain.items.count > 1 {
            let candidates = chain.items.map { items[$0].x }.enumerated().map { index, x in
                (cost: chain.items.reduce(0.0) { $0 + abs(items[$1].x - x) }, index: index, x: x)
            }
            for candidate in candidates.sorted(by: { ($0.cost, $0.index) < ($1.cost, $1.index) }) {
                guard chain.items.allSatisfy({ fits($0, at: candidate.x) }) else { continue }
                for item in chain.items { items[item].x = candidate.x }
                break
            }
        }
    }

    private func fits(_ item: Int, at x: Double) -> Bool {
        let row = ranks[items[item].rank]
        guard let index = row.firstIndex(of: item) else { return false }
        if index > 0, x - items[row[index - 1]].x < separation(row[index - 1], item) - 0.01 { return false }
        if index < row.count - 1, items[row[index + 1]].x - x < separation(item, row[index + 1]) - 0.01 { return false }
        return true
    }

    /// The least distance between the anchors of two neighbours in a rank.
    private func separation(_ a: Int, _ b: Int) -> Double {
        var gap = 16.0
        if case .state = items[a].kind, case .state = items[b].kind { gap = 40 }
        return items[a].right + gap + items[b].left
    }
}
