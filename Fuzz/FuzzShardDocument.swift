// libFuzzer target: the shard-result reader of `conform merge` on arbitrary bytes: a document is read
// as a shard or refused with a reason, never a crash; a document read is written and read again alike.
// Built by scripts/fuzz.sh; not part of the package build.
import ConformCore
import ConformKit
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShardDocument(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case .success(let shard) = ShardMerge.decode(bytes) else { return 0 }
    // Evidence read from a document is never markup: only the image its path names survives.
    for outcome in shard.outcomes {
        for pair in outcome.outcome.results {
            if let evidence = pair.departureEvidence, let bytes = evidence.bytes {
                precondition(Evidence.isEmbeddable(bytes, as: evidence.mediaType), "evidence bytes that are not the path's image")
            }
        }
    }
    return 0
}
