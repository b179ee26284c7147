import Foundation
import PushPayloadsTestSupport
import Testing

/// `PUSH_PAYLOADS_TRACE`: the pipeline's timeline, for finding where a run with several jobs loses time.
@Suite("PipelineTrace")
struct PipelineTraceTests {
    /// One traced run: its records, and the trace's lines split at tabs.
    static func tracedRun(jobs: Int, file: URL, batchBytes: Int) throws -> (result: CommandResult, trace: [[String]]) {
        let folder = try TemporaryDirectory()
        let tracePath = folder.url.appendingPathComponent("trace.tsv").path
        let result = try CommandHarness.run(
            ["classify", "--quiet", "--jobs", "\(jobs)", "--batch-bytes", "\(batchBytes)", file.path],
            environment: ["PUSH_PAYLOADS_TRACE": tracePath]
        )
        let text = try String(contentsOfFile: tracePath, encoding: .utf8)
        let lines = text.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        return (result, lines)
    }

    @Test("a traced run writes the same records, and every thread's segments", arguments: [1, 2])
    func tracedRunWritesSegments(jobs: Int) throws {
        let file = CommandHarness.captures.appendingPathComponent("sample.jsonl")
        let plain = try CommandHarness.run([
            "classify", "--quiet", "--jobs", "\(jobs)", "--batch-bytes", "256", file.path,
        ])
        let (traced, trace) = try Self.tracedRun(jobs: jobs, file: file, batchBytes: 256)
        #expect(traced.stdout == plain.stdout)
        #expect(traced.stderr == plain.stderr)
        #expect(traced.status == plain.status)
        #expect(trace.allSatisfy { $0.count == 6 && Int($0[2]) != nil && Int($0[3]) != nil && Int($0[4]) != nil })
        #expect(trace.contains { $0[0] == "main" && $0[1] == "launch" })
        let threads = Set(trace.filter { $0[1] == "cpu" }.map { $0[0] })
        let expected: Set<String> = jobs == 1 ? ["main"] : ["main", "worker-0", "worker-1"]
        #expect(expected.isSubset(of: threads))
        #expect(threads.subtracting(expected).isSubset(of: ["producer"]))
        // Every batch was processed once, and segments end after they start.
        let processed = trace.filter { $0[1] == "process" }.map { Int($0[2])! }
        #expect(processed.sorted() == Array(0..<processed.count))
        #expect(processed.count > 1)
        #expect(trace.allSatisfy { Int($0[4])! >= Int($0[3])! })
    }
}
