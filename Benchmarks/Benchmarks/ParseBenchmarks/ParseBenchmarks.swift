// package-benchmark suite for the JSON engines.
//
//   swift package --package-path Benchmarks --scratch-path Benchmarks/.build-bench benchmark
//
// Every engine parses the valid payloads of the same generated corpus (seed 1), 1,000 payloads per
// measured iteration (the scaling factor), so `throughput` reads in payloads per second and the rows
// marked `*` (wall clock, mallocs) are per payload; `bytesPerSecond` is MB/s (10^6 bytes).
// Invalid payloads are left out here because a rejected payload builds an error message, which
// allocates by design (parse-throughput times the full corpus, invalid payloads included).

import Benchmark
import CJanssonRaw
import Foundation
import PayloadGenerator
import PushPayloads
import PushPayloadsJansson

/// The valid payloads of the corpus, back to back, with offsets.
final class Payloads: @unchecked Sendable {
    let bytes: [UInt8]
    let offsets: [Int]
    let datas: [Data]
    /// Where the next iteration starts, so successive iterations see different payloads.
    var cursor = 0

    init(count: Int) {
        let corpus = GeneratedCorpus(count: count, seed: 1, malformedPercent: 1)
        var bytes: [UInt8] = []
        var offsets = [0]
        for index in 0..<corpus.count where corpus.infos[index].defect == .none {
            bytes.append(contentsOf: corpus[index])
            offsets.append(bytes.count)
        }
        self.bytes = bytes
        self.offsets = offsets
        self.datas = (0..<offsets.count - 1).map { Data(bytes[offsets[$0]..<offsets[$0 + 1]]) }
    }

    var count: Int { offsets.count - 1 }

    /// Calls `body` with `n` consecutive payloads (wrapping around) and returns the bytes they hold.
    @inline(__always)
    func batch(_ n: Int, _ body: (Int, UnsafeRawBufferPointer) -> Void) -> Int {
        var total = 0
        bytes.withUnsafeBytes { raw in
            var index = cursor
            for _ in 0..<n {
                let payload = UnsafeRawBufferPointer(rebasing: raw[offsets[index]..<offsets[index + 1]])
                total += payload.count
                body(index, payload)
                index += 1
                if index == count { index = 0 }
            }
            cursor = index
        }
        return total
    }
}

/// A parser kept from one benchmark iteration to the next (the benchmarks run on one thread).
final class ParserBox: @unchecked Sendable {
    var parser = JSONParser()
}

/// MB/s of the measured block, as a custom metric.
let bytesPerSecond = BenchmarkMetric.custom("bytesPerSecond (MB/s)", polarity: .prefersLarger, useScalingFactor: false)

/// Runs `n` payloads through `body` between explicit start and stop, and reports MB/s.
@inline(__always)
func measure(_ benchmark: Benchmark, _ payloads: Payloads, _ n: Int, _ body: (Int, UnsafeRawBufferPointer) -> Void) {
    let start = ContinuousClock.now
    benchmark.startMeasurement()
    let total = payloads.batch(n, body)
    benchmark.stopMeasurement()
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    benchmark.measurement(bytesPerSecond, Int(Double(total) / seconds / 1e6))
}

let benchmarks: @Sendable () -> Void = {
    let payloads = Payloads(count: 10_000)
    let batch = 1_000

    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal, .mallocBytesCount, .peakMemoryResident, bytesPerSecond],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 2_000
    )

    // MARK: Engines side by side

    // One parser for every iteration, warmed on the whole corpus first, so iterations measure the
    // steady state (no buffer growth inside the measured block).
    let reused = ParserBox()
    _ = payloads.batch(payloads.count) { _, payload in blackHole(try? reused.parser.parse(payload.bytes)) }
    Benchmark("Parse/native JSONParser (reused)") { benchmark in
        measure(benchmark, payloads, batch) { _, payload in
            blackHole(try? reused.parser.parse(payload.bytes))
        }
    }

    Benchmark("Parse/native JSONDocument(jsonBytes:)") { benchmark in
        measure(benchmark, payloads, batch) { _, payload in
            blackHole(try? JSONDocument(jsonBytes: payload.bytes))
        }
    }

    Benchmark("Parse/JanssonParser") { benchmark in
        let parser = JanssonParser()
        measure(benchmark, payloads, batch) { _, payload in
            blackHole(try? parser.parse(payload.bytes))
        }
    }

    Benchmark("Parse/libjansson json_loadb only") { benchmark in
        measure(benchmark, payloads, batch) { _, payload in
            blackHole(
                cjanssonraw_parse(payload.baseAddress!.assumingMemoryBound(to: CChar.self), payload.count)
            )
        }
    }

    Benchmark("Parse/Foundation JSONSerialization") { benchmark in
        measure(benchmark, payloads, batch) { index, _ in
            blackHole(try? JSONSerialization.jsonObject(with: payloads.datas[index]))
        }
    }

    // MARK: No allocation per payload once warm

    // One parser, warmed on every payload first (its buffers grow to the largest), then 1,000 or
    // 10,000 payloads inside the measured block, each document dropped before the next parse.
    // mallocCountTotal must be 0, or a constant that does not grow with the count.
    for count in [1_000, 10_000] {
        Benchmark(
            "Allocations/warm JSONParser, \(count) payloads",
            configuration: .init(
                metrics: [.mallocCountTotal, .mallocBytesCount, .wallClock, .throughput],
                timeUnits: .microseconds,
                warmupIterations: 1,
                scalingFactor: .one,
                maxDuration: .seconds(2),
                maxIterations: 200
            )
        ) { benchmark in
            var parser = JSONParser()
            payloads.cursor = 0
            _ = payloads.batch(payloads.count) { _, payload in blackHole(try? parser.parse(payload.bytes)) }
            benchmark.startMeasurement()
            _ = payloads.batch(count) { _, payload in
                blackHole(try? parser.parse(payload.bytes))
            }
            benchmark.stopMeasurement()
        }
    }
}
