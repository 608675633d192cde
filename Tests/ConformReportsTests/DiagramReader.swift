import Foundation

@testable import ConformReports

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A state diagram's SVG read back with `XMLParser`: the boxes of its states and text, its edges' path
/// data, and its viewBox. Text boxes come from each `<text>`'s x, y, text-anchor, font-size and weight,
/// measured with `DiagramText`, the estimate the layout reserves room with.
final class DiagramReader: NSObject, XMLParserDelegate {
    struct Rect: CustomStringConvertible {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double

        func intersects(_ other: Rect) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
        func contains(_ other: Rect) -> Bool {
            minX <= other.minX && other.maxX <= maxX && minY <= other.minY && other.maxY <= maxY
        }
        func contains(_ point: Point) -> Bool {
            minX < point.x && point.x < maxX && minY < point.y && point.y < maxY
        }
        func inflated(by amount: Double) -> Rect {
            Rect(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
        }
        var description: String { "(\(minX), \(minY))–(\(maxX), \(maxY))" }
    }

    struct Point: CustomStringConvertible {
        var x: Double
        var y: Double
        var description: String { "(\(x), \(y))" }
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    private(set) var viewBox: Rect?
    /// Each state's box (the outer `rect` of each `g.state`).
    private(set) var states: [Rect] = []
    private(set) var stateNames: [(text: String, box: Rect)] = []
    private(set) var labels: [(text: String, box: Rect)] = []
    /// Each edge's path data and `<title>`.
    private(set) var paths: [(data: String, title: String)] = []
    private(set) var circles: [Rect] = []
    /// The start arrow, as path data.
    private(set) var startArrow: String?

    init(svg: String) throws {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw Problem(description: "the SVG does not parse: \(parser.parserError.map { "\($0)" } ?? "?")")
        }
    }

    /// Points along SVG path data made of absolute `M`, `L` and `C` commands: 20 per line, 50 per curve.
    static func sample(_ data: String) throws -> [Point] {
        let tokens = data.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
        var points: [Point] = []
        var current = Point(x: 0, y: 0)
        var index = 0
        func number() throws -> Double {
            var token = tokens.indices.contains(index) ? tokens[index] : ""
            if let first = token.first, "MLC".contains(first) { token.removeFirst() }
            index += 1
            guard let value = Double(token) else { throw Problem(description: "bad path data '\(data)'") }
            return value
        }
        while index < tokens.count {
            let command = tokens[index].first
            switch command {
            case "M":
                current = Point(x: try number(), y: try number())
                points.append(current)
            case "L":
                let end = Point(x: try number(), y: try number())
                for step in 1...20 {
                    let t = Double(step) / 20
                    points.append(Point(x: current.x + (end.x - current.x) * t, y: current.y + (end.y - current.y) * t))
                }
                current = end
            case "C":
                let a = Point(x: try number(), y: try number())
                let b = Point(x: try number(), y: try number())
                let end = Point(x: try number(), y: try number())
                for step in 1...50 {
                    let t = Double(step) / 50
                    let u = 1 - t
                    let weights = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    points.append(
                        Point(
                            x: weights.0 * current.x + weights.1 * a.x + weights.2 * b.x + weights.3 * end.x,
                            y: weights.0 * current.y + weights.1 * a.y + weights.2 * b.y + weights.3 * end.y))
                }
                current = end
            default:
                throw Problem(description: "unexpected command in path data '\(data)'")
            }
        }
        return points
    }

    // MARK: - XMLParserDelegate

    private var inDefs = false
    private var inState = false
    private var stateHasBox = false
    private var text: (attributes: [String: String], content: String)?
    private var path: (data: String, title: String)?
    private var inTitle = false

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let classes = (attributes["class"] ?? "").split(separator: " ")
        switch name {
        case "svg":
            let numbers = (attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
            if numbers.count == 4 {
                viewBox = Rect(
                    minX: numbers[0], minY: numbers[1], maxX: numbers[0] + numbers[2], maxY: numbers[1] + numbers[3])
            }
        case "defs": inDefs = true
        case "g" where classes.contains("state"):
            inState = true
            stateHasBox = false
        case "rect" where inState && !stateHasBox:
            stateHasBox = true
            let x = Self.value(attributes["x"])
            let y = Self.value(attributes["y"])
            let width = Self.value(attributes["width"])
            let height = Self.value(attributes["height"])
            states.append(Rect(minX: x, minY: y, maxX: x + width, maxY: y + height))
        case "circle":
            let x = Self.value(attributes["cx"])
            let y = Self.value(attributes["cy"])
            let r = Self.value(attributes["r"])
            circles.append(Rect(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r))
        case "line":
            let values = ["x1", "y1", "x2", "y2"].map { Self.value(attributes[$0]) }
            startArrow = "M\(values[0]),\(values[1]) L\(values[2]),\(values[3])"
        case "text": text = (attributes, "")
        case "path" where !inDefs && classes.contains("edge"): path = (attributes["d"] ?? "", "")
        case "title": inTitle = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTitle, path != nil { path?.title += string } else if text != nil { text?.content += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "defs": inDefs = false
        case "g": inState = false
        case "title": inTitle = false
        case "path":
            if let path { paths.append(path) }
            path = nil
        case "text":
            guard let text else { return }
            let attributes = text.attributes
            let size = Self.value(attributes["font-size"])
            let bold = attributes["font-weight"] == "600"
            let box = DiagramText.box(
                text.content, x: Self.value(attributes["x"]), baseline: Self.value(attributes["y"]), size: size,
                bold: bold, anchor: attributes["text-anchor"] ?? "start")
            let rect = Rect(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
            if inState { stateNames.append((text.content, rect)) } else { labels.append((text.content, rect)) }
            self.text = nil
        default: break
        }
    }

    private static func value(_ attribute: String?) -> Double {
        attribute.flatMap(Double.init) ?? .nan
    }
}
