// libFuzzer target: the run-document reader of `conform diff` and `conform history` on arbitrary bytes:
// a document is read or refused with a reason, never a crash; a document read compares with itself as
// no change, and every output of that diff is made (the Markdown within its limit).
// Built by scripts/fuzz.sh; not part of the package build.
import ConformCore
import ConformKit
import ConformLoading
import ConformReports
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRunDocument(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case .success(let document) = RunDocumentReader.read(bytes) else { return 0 }
    guard case .success(let diff) = RunDiff.compare(document, file: "a.json", with: document, file: "b.json") else { return 0 }
    precondition(diff.newlyBroken.isEmpty && diff.fixed.isEmpty && diff.moved.isEmpty, "a run compared with itself changed")
    precondition(diff.markdown().utf8.count <= RunDiff.markdownLimit, "Markdown past its limit")
    _ = diff.text()
    _ = diff.json().serialized(pretty: true)
    return 0
}
