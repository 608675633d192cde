/// The history page's inline SVG charts. Each draws one column per run in a viewBox of whole units and
/// is stretched to the width of its box (`preserveAspectRatio="none"`), so that 6 runs or 200 fit a
/// phone and a laptop alike; they hold no text to distort: their words are in `<title>` and `<desc>`
/// (read by screen readers, `role="img"`) and in the HTML around them.
enum HistoryChart {
    /// Units per run: with a gap of one unit on each side while columns are wide enough to show it.
    private static let unit = 10

    /// A strip of one app's claims of one policy: per run, a column whose colour and height say how they
    /// fared (holds: half height, green; baselined: three quarters, amber; broken: full height, red; not
    /// claimed: a thin grey line), so that the outcome reads without colour too.
    static func strip(
        id: String, title: String, description: String, cells: ArraySlice<RunHistory.Cell?>, runs: [HistoryRun]
    ) -> String {
        let height = 40
        let gap = cells.count <= 60 ? 1 : 0
        var out = open(id: id, className: "strip", width: cells.count, height: height, title: title, description: description)
        for index in cells.indices {
            let x = (index - cells.startIndex) * unit + gap
            let (className, top): (String, Int)
            switch cells[index]?.outcome {
            case .holds: (className, top) = ("holds", 20)
            case .baselined: (className, top) = ("baselined", 10)
            case .broken: (className, top) = ("broken", 0)
            case nil: (className, top) = ("absent", 36)
            }
            let detail = cells[index].map { ", " + Plural.part($0.held, of: $0.total, "claim", verb: ("holds", "hold")) } ?? ""
            let tip =
                "\(HistoryWording.run(index)) (\(HistoryWording.identify(runs[index]))): \(HistoryWording.word(cells[index]))\(detail)"
            out += "<rect class=\"\(className)\" x=\"\(x)\" y=\"\(top)\" width=\"\(unit - 2 * gap)\" height=\"\(height - top)\">"
            out += "<title>\(Escaping.xml(tip))</title></rect>"
        }
        return out + "</svg>"
    }

    /// A bar per run of one count, scaled to the largest count shown (a count above zero keeps at least
    /// one unit, so that it never looks like zero), on a base line.
    static func bars(
        id: String, className: String, title: String, description: String, values: [Int], first: Int, noun: String,
        runs: [HistoryRun]
    ) -> String {
        let height = 100
        let largest = values.max() ?? 0
        let gap = values.count <= 60 ? 1 : 0
        var out = open(id: id, className: "bars \(className)", width: values.count, height: height, title: title, description: description)
        out += "<rect class=\"base\" x=\"0\" y=\"\(height - 1)\" width=\"\(values.count * unit)\" height=\"1\"/>"
        for (offset, value) in values.enumerated() where value > 0 {
            let bar = max(1, value * (height - 1) / max(largest, 1))
            let x = offset * unit + gap
            let tip =
                "\(HistoryWording.run(first + offset)) (\(HistoryWording.identify(runs[first + offset]))): \(Plural.count(value, noun))"
            out += "<rect x=\"\(x)\" y=\"\(height - 1 - bar)\" width=\"\(unit - 2 * gap)\" height=\"\(bar)\">"
            out += "<title>\(Escaping.xml(tip))</title></rect>"
        }
        return out + "</svg>"
    }

    private static func open(id: String, className: String, width: Int, height: Int, title: String, description: String) -> String {
        "<svg class=\"\(className)\" id=\"\(id)\" role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\" "
            + "viewBox=\"0 0 \(max(width, 1) * unit) \(height)\" preserveAspectRatio=\"none\">"
            + "<title id=\"\(id)-t\">\(Escaping.xml(title))</title><desc id=\"\(id)-d\">\(Escaping.xml(description))</desc>"
    }
}
