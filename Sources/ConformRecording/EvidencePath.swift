/// Names and paths of the screenshots a recorder saves as evidence. Plain text work, no file system.
public enum EvidencePath {
    /// The file name of the `number`th screenshot: `001.png`, `002.png`, ... (more digits past 999).
    public static func screenshotName(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ".png"
    }

    /// The path of `file` relative to the folder of the trace file at `trace`, as a step's `evidence:`
    /// wants it. Both paths are absolute, or both relative to the same folder; `.` and `..` are resolved
    /// lexically (symbolic links are not followed).
    public static func relative(_ file: String, toTraceAt trace: String) -> String {
        let target = components(file)
        let folder = components(trace).dropLast()
        var common = 0
        while common < folder.count, common < target.count - 1, folder[common] == target[common] { common += 1 }
        let up = Array(repeating: "..", count: folder.count - common)
        return (up + target[common...]).joined(separator: "/")
    }

    private static func components(_ path: String) -> [String] {
        var result: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if result.isEmpty || result.last == ".." { result.append("..") } else { result.removeLast() }
            default: result.append(String(part))
            }
        }
        return result
    }
}
