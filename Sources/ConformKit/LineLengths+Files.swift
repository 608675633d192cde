import ConformCore
import ConformLoading

extension LineLengths {
    /// The lengths of the lines these diagnostics point at, read from their files (those that can be
    /// read): for problems found outside the run's trace files, such as a policy file's.
    public static func measuring(_ diagnostics: [Diagnostic]) -> LineLengths {
        var lengths = LineLengths()
        for (file, located) in Dictionary(grouping: diagnostics.filter { $0.location.line != nil }, by: \.location.file) {
            guard case .success(let bytes) = FileReader.read(file) else { continue }
            for (line, length) in measure(Set(located.compactMap(\.location.line)), in: bytes) {
                lengths.set(length, ofLine: line, in: file)
            }
        }
        return lengths
    }
}
