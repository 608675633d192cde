// libFuzzer target: the project configuration (`.conform.yaml`) on arbitrary bytes, read as every
// command reads it (the loader, then each missing path's did-you-mean, which lists the folder it names),
// and the did-you-mean itself on the input's text as a path, relative and absolute. A configuration is
// read with no problem or refused with at least one, each at a 1-based place in the file; never a crash.
// Built by scripts/fuzz.sh; not part of the package build.
import ConformCore
import ConformKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (config, problems) = ConfigFile.parse(bytes, path: "Fuzz/seeds/config/.conform.yaml")
    precondition((config == nil) != problems.isEmpty, "a configuration is read whole or refused with its problems")
    for problem in problems {
        precondition(problem.location.file == "Fuzz/seeds/config/.conform.yaml", "problems are the file's")
        if let position = problem.location.position { precondition(position.line >= 1 && position.column >= 1, "positions are 1-based") }
    }
    // The hint on short, odd and absolute paths: `P`, `.`, `a/`, `/`, whatever the bytes spell.
    let text = String(decoding: bytes.prefix(256), as: UTF8.self)
    for (path, folder) in [(text, ""), (text, "Fuzz"), (text, "/"), ("/" + text, ""), (String(text.prefix(1)), "")] {
        if let hint = ConfigFile.missingPathHint(path, in: folder) {
            precondition(hint.isEmpty || hint.hasPrefix("; did you mean '"), "a hint is nothing or a did-you-mean")
        }
    }
    return 0
}
