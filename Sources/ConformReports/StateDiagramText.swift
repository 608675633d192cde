/// How much room the state diagram's text takes, estimated without a font: the layout reserves these
/// boxes, and the diagram tests check the drawing with the same numbers.
///
/// The page sets `-apple-system, "Segoe UI", Helvetica, Arial, sans-serif`, so the glyphs differ from one
/// machine to the next. Each character's advance is the larger of Liberation Sans (Arial's metrics, what
/// Helvetica and Arial become on Linux) and DejaVu Sans (the wide fallback when neither is installed),
/// which covers Segoe UI and San Francisco too; a character outside ASCII counts a full em.
enum DiagramText {
    /// The font size of transition labels (CSS `svg.diagram .label`).
    static let labelSize = 11.0
    /// The font size of state names (CSS `svg.diagram`).
    static let stateSize = 13.0
    /// The distance between the baselines of a label's lines.
    static let lineHeight = 14.0
    /// Above the baseline, in ems: the tallest of the fonts' ascents.
    static let ascent = 0.93
    /// Below the baseline, in ems.
    static let descent = 0.24
    /// Labels longer than this many characters are wrapped at spaces.
    static let wrapLength = 36

    /// The advance of `text` in pixels, rounded up.
    static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        let table = bold ? boldWidths : regularWidths
        let units = text.unicodeScalars.reduce(0) { sum, scalar in
            let value = Int(scalar.value)
            return sum + (value >= 32 && value < 127 ? table[value - 32] : 1000)
        }
        return (Double(units) * size / 1000).rounded(.up)
    }

    /// The box of one line of text drawn at (`x`, `baseline`) with the given `text-anchor`.
    static func box(
        _ text: String, x: Double, baseline: Double, size: Double, bold: Bool, anchor: String
    ) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let width = width(text, size: size, bold: bold)
        let minX =
            switch anchor {
            case "middle": x - width / 2
            case "end": x - width
            default: x
            }
        return (minX, baseline - ascent * size, minX + width, baseline + descent * size)
    }

    /// The height of a block of `lines` label lines, from the first line's top to the last one's bottom.
    static func blockHeight(lines: Int) -> Double {
        lines == 0 ? 0 : Double(lines - 1) * lineHeight + (ascent + descent) * labelSize
    }

    /// `text` cut at spaces into lines of at most `wrapLength` characters (a longer word keeps its line).
    static func wrap(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty && line.count + 1 + word.count > wrapLength {
                lines.append(line)
                line = String(word)
            } else {
                line += line.isEmpty ? String(word) : " " + word
            }
        }
        lines.append(line)
        return lines
    }

    // MARK: - Private

    /// Advances of the characters U+0020 to U+007E in thousandths of an em: max(Liberation Sans, DejaVu Sans).
    private static let regularWidths = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
        636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 556,
        1015, 684, 686, 722, 770, 667, 611, 778, 752, 295, 500, 667, 557, 863, 748, 787,
        667, 787, 722, 667, 611, 732, 684, 989, 685, 667, 685, 390, 337, 390, 838, 556,
        500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
        635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
    ]

    /// The same at weight 600, the weight of taken transitions' labels.
    private static let boldWidths = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
        696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 611,
        1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 556, 775, 637, 995, 837, 850,
        733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 556,
        500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
        716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
    ]
}
