import Testing

@testable import ConformRecording

@Suite("Recording: Evidence paths")
struct EvidencePathTests {
    @Test("screenshots are numbered with three digits at least")
    func names() {
        #expect(EvidencePath.screenshotName(1) == "001.png")
        #expect(EvidencePath.screenshotName(42) == "042.png")
        #expect(EvidencePath.screenshotName(1234) == "1234.png")
    }

    @Test("a screenshot's path relative to the trace file's folder")
    func relative() {
        #expect(EvidencePath.relative("/tmp/run/shots/001.png", toTraceAt: "/tmp/run/trace.yaml") == "shots/001.png")
        #expect(EvidencePath.relative("/tmp/run/001.png", toTraceAt: "/tmp/run/trace.yaml") == "001.png")
        #expect(EvidencePath.relative("/tmp/shots/001.png", toTraceAt: "/tmp/run/traces/t.yaml") == "../../shots/001.png")
        #expect(EvidencePath.relative("/tmp/./run/x/../shots/001.png", toTraceAt: "/tmp/run//t.yaml") == "shots/001.png")
        #expect(EvidencePath.relative("Evidence/002.png", toTraceAt: "Traces/Reminders/t.yaml") == "../../Evidence/002.png")
    }
}
