// The engines side by side on one per-payload task, as a reader of captured pushes does it: parse the
// payload strictly, then read the top-level `source` and `aps.alert.title` as strings. Our engine
// (`JSONParser`, reused), simdjson's DOM parser, and simdjson On-Demand (which validates less: it skips
// what it is not asked for), one thread, the same bytes, interleaved rounds with the order rotated, and
// the counts (accepted payloads, strings found, their total length) printed for every engine.
//
//   swift build -c release --package-path Benchmarks --scratch-path Benchmarks/.build-bench --product engine-task
//   Benchmarks/.build-bench/release/engine-task [--capture FILE.jsonl ... | --shape pushes|wide|prefixed|all
//       --count 200000 --seed 1] [--rounds 7] [--engines native,portable,avx2,avx512,dom,ondemand]
//       [--split-escapes]
//
// --split-escapes also times each capture's payloads by kind (no escape at all, a `\u` escape, other escapes
// only), each kind a table of its own.
//
// By default every generated capture shape (PayloadGenerator's push payloads, issue 25's wide payloads
// and the prefixed payloads built from issue 36's description), each with its own table, their rounds
// interleaved with the engines'.
//
// Needs libsimdjson-dev (apt-get install libsimdjson-dev). docs/performance.md has the numbers.

import CSimdjsonTask
import Foundation
import PayloadGenerator
import PushPayloads
@_spi(Kernels) import PushPayloadsJSON

struct Options {
    var captures: [String] = []
    var shapes = CaptureShape.allCases
    var count = 200_000
    var seed: UInt64 = 1
    var rounds = 7
    var engines: [Engine]?
    /// Also time each capture's lines by kind: without any escape, with a `\u` escape, with other escapes only.
    var splitEscapes = false
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("engine-task: \(message)\n".utf8))
    exit(2)
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        if argument == "--split-escapes" {
            options.splitEscapes = true
            continue
        }
        guard let value = arguments.popFirst() else { fail("\(argument) needs a value") }
        switch argument {
        case "--capture": options.captures.append(value)
        case "--shape":
            options.shapes =
                value == "all" || value == "both"
                ? CaptureShape.allCases
                : [CaptureShape(rawValue: value) ?? { fail("--shape: pushes, wide, prefixed or all") }()]
        case "--engines":
            options.engines = value.split(separator: ",").map { name in
                guard let engine = Engine(name: String(name)) else { fail("unknown engine \(name)") }
                guard Engine.allCases.contains(engine) else { fail("this processor cannot run \(name)") }
                return engine
            }
        case "--count": options.count = Int(value) ?? { fail("--count needs a number") }()
        case "--seed": options.seed = UInt64(value) ?? { fail("--seed needs a number") }()
        case "--rounds": options.rounds = Int(value) ?? { fail("--rounds needs a number") }()
        default: fail("unknown argument \(argument)")
        }
    }
    return options
}

/// The payloads back to back in one buffer, 64 zero bytes after the last (On-Demand's padding).
struct Payloads {
    var bytes: [UInt8]
    var offsets: [Int]

    init(bytes: [UInt8], offsets: [Int]) {
        self.bytes = bytes
        self.offsets = offsets
    }

    /// Every line of a JSON Lines capture.
    init(capture: String) {
        guard let data = FileManager.default.contents(atPath: capture) else { fail("cannot read \(capture)") }
        bytes = []
        bytes.reserveCapacity(data.count + 64)
        offsets = [0]
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            bytes += line
            offsets.append(bytes.count)
        }
        bytes += [UInt8](repeating: 0, count: 64)
    }

    /// Generated payloads of one shape.
    init(shape: CaptureShape, count: Int, seed: UInt64) {
        let corpus = GeneratedCorpus(count: count, seed: seed, shape: shape)
        bytes = corpus.bytes + [UInt8](repeating: 0, count: 64)
        offsets = corpus.offsets
    }

    var count: Int { offsets.count - 1 }
    var payloadBytes: Int { offsets.last! }

    /// The payloads for which `keep` is true, padded as the whole set is.
    func filter(_ keep: (UnsafeRawBufferPointer) -> Bool) -> Payloads {
        var kept = Payloads(bytes: [], offsets: [0])
        bytes.withUnsafeBytes { raw in
            for index in 0..<count {
                let payload = UnsafeRawBufferPointer(rebasing: raw[offsets[index]..<offsets[index + 1]])
                if keep(payload) {
                    kept.bytes += payload
                    kept.offsets.append(kept.bytes.count)
                }
            }
        }
        kept.bytes += [UInt8](repeating: 0, count: 64)
        return kept
    }
}

/// How a payload's strings are written: the kinds `--split-escapes` times apart.
enum EscapeKind: String, CaseIterable {
    case none = "no escapes"
    case unicode = "with \\u escapes"
    case other = "other escapes only"

    init(_ payload: UnsafeRawBufferPointer) {
        var sawEscape = false
        var k = 0
        while k < payload.count {
            if payload[k] == UInt8(ascii: "\\") {
                if k + 1 < payload.count && payload[k + 1] == UInt8(ascii: "u") {
                    self = .unicode
                    return
                }
                sawEscape = true
                k += 2
                continue
            }
            k += 1
        }
        self = sawEscape ? .other : .none
    }
}

struct Counts: Equatable, CustomStringConvertible {
    var accepted = 0
    var sources = 0
    var titles = 0
    var textBytes = 0

    var description: String {
        "accepted \(accepted), source \(sources), title \(titles), string bytes \(textBytes)"
    }
}

/// Our engine once per stage-one kernel this processor runs (the best one is what a parser uses by
/// default), then simdjson's two parsers.
enum Engine: Hashable {
    case native(JSONStageOneKernel)
    case dom
    case ondemand

    static let allCases: [Engine] = JSONStageOneKernel.available.map(Engine.native) + [.dom, .ondemand]

    /// `native` (the default kernel), a kernel's name, `dom` or `ondemand`.
    init?(name: String) {
        switch name {
        case "native": self = .native(.best)
        case "dom": self = .dom
        case "ondemand": self = .ondemand
        default:
            guard let kernel = JSONStageOneKernel(rawValue: name) else { return nil }
            self = .native(kernel)
        }
    }

    var name: String {
        switch self {
        case .native(let kernel): "native, \(kernel.rawValue)"
        case .dom: "simdjson DOM"
        case .ondemand: "simdjson On-Demand"
        }
    }
}

/// The row the others are compared with: our engine with the kernel it picks by itself.
let reference = Engine.native(.best)

@inline(never)
func run(_ engine: Engine, _ payloads: Payloads) -> Counts {
    var counts = Counts()
    payloads.bytes.withUnsafeBytes { raw in
        let base = raw.baseAddress!
        let end = raw.count
        switch engine {
        case .native(let kernel):
            var parser = JSONParser()
            parser.stageOneKernel = kernel
            for index in 0..<payloads.count {
                let start = payloads.offsets[index]
                let payload = UnsafeRawBufferPointer(start: base + start, count: payloads.offsets[index + 1] - start)
                guard let document = try? parser.parse(payload.bytes) else { continue }
                counts.accepted &+= 1
                let root = document.rootObject
                if let length = root["source"]?.withDecodedUTF8({ $0.count }) {
                    counts.sources &+= 1
                    counts.textBytes &+= length
                }
                if let length = root["aps"]?["alert"]?["title"]?.withDecodedUTF8({ $0.count }) {
                    counts.titles &+= 1
                    counts.textBytes &+= length
                }
            }
        case .dom, .ondemand:
            let parser = engine == .dom ? csimdjson_dom_new() : csimdjson_ondemand_new()
            defer { engine == .dom ? csimdjson_dom_free(parser) : csimdjson_ondemand_free(parser) }
            let text = base.assumingMemoryBound(to: CChar.self)
            for index in 0..<payloads.count {
                let start = payloads.offsets[index]
                let length = payloads.offsets[index + 1] - start
                let result =
                    engine == .dom
                    ? csimdjson_dom_task(parser, text + start, length)
                    : csimdjson_ondemand_task(parser, text + start, length, end - start)
                guard result.accepted == 1 else { continue }
                counts.accepted &+= 1
                if result.source_length >= 0 {
                    counts.sources &+= 1
                    counts.textBytes &+= result.source_length
                }
                if result.title_length >= 0 {
                    counts.titles &+= 1
                    counts.textBytes &+= result.title_length
                }
            }
        }
    }
    return counts
}

/// Drops the payloads on which our engine and simdjson DOM disagree (before any timing), so the two
/// do the same work and their counts can be checked equal; returns how many were dropped, by our error.
func keepCommonPayloads(_ payloads: inout Payloads) -> [String: Int] {
    var dropped: [String: Int] = [:]
    var kept = Payloads(bytes: [], offsets: [0])
    var parser = JSONParser()
    let dom = csimdjson_dom_new()
    defer { csimdjson_dom_free(dom) }
    payloads.bytes.withUnsafeBytes { raw in
        for index in 0..<payloads.count {
            let start = payloads.offsets[index]
            let length = payloads.offsets[index + 1] - start
            let payload = UnsafeRawBufferPointer(rebasing: raw[start..<(start + length)])
            var ours = "accepted"
            do { _ = try parser.parse(payload.bytes) } catch {
                ours = (error as? PushPayloadError)?.code.name ?? "\(error)"
            }
            let theirs = csimdjson_dom_task(dom, raw.baseAddress!.assumingMemoryBound(to: CChar.self) + start, length)
            let agree = (ours == "accepted") == (theirs.accepted == 1)
            if agree {
                kept.bytes += payload
                kept.offsets.append(kept.bytes.count)
            } else {
                dropped[ours == "accepted" ? "refused by simdjson only" : ours, default: 0] += 1
            }
        }
    }
    kept.bytes += [UInt8](repeating: 0, count: 64)
    payloads = kept
    return dropped
}

let options = parseOptions()
let engines = options.engines ?? Engine.allCases

/// One capture measured: its payloads (those both native and DOM accept or both refuse) and its timings.
struct Workload {
    var name: String
    var payloads: Payloads
    var megabytes: Double { Double(payloads.payloadBytes) / 1_000_000 }
    var seconds: [Engine: [Double]] = [:]
    var counts: [Engine: Counts] = [:]
}

var workloads: [Workload] = []
let sources: [(String, () -> Payloads)] =
    options.captures.isEmpty
    ? options.shapes.map { shape in
        (
            "\(shape.rawValue) (\(options.count) generated, seed \(options.seed))",
            {
                Payloads(shape: shape, count: options.count, seed: options.seed)
            }
        )
    }
    : options.captures.map { path in (path, { Payloads(capture: path) }) }
print(String(cString: csimdjson_description()!))
for (name, make) in sources {
    var payloads = make()
    let dropped = keepCommonPayloads(&payloads)
    var workload = Workload(name: name, payloads: payloads)
    print("\(name): \(payloads.count) payloads, \(String(format: "%.1f", workload.megabytes)) MB")
    if !dropped.isEmpty {
        let reasons = dropped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        print("  left out, accepted by one of native and simdjson DOM only: \(reasons)")
    }
    workload.counts = [:]
    workloads.append(workload)
    if options.splitEscapes {
        for kind in EscapeKind.allCases {
            let part = payloads.filter { EscapeKind($0) == kind }
            let share = Double(part.count) / Double(max(payloads.count, 1)) * 100
            print("  \(kind.rawValue): \(part.count) payloads (\(String(format: "%.1f", share))%)")
            workloads.append(Workload(name: "\(name), \(kind.rawValue)", payloads: part))
        }
    }
}
print("\(options.rounds) rounds, each: every capture, every engine, the order rotated")

let clock = ContinuousClock()
for round in 0..<options.rounds {
    for index in workloads.indices {
        let order = (0..<engines.count).map { engines[($0 + round) % engines.count] }
        for engine in order {
            let start = clock.now
            let result = run(engine, workloads[index].payloads)
            let elapsed = start.duration(to: clock.now)
            workloads[index].seconds[engine, default: []].append(
                Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            )
            workloads[index].counts[engine] = result
        }
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

// "native is" = our engine with its default kernel, over this row: above 1.00x is faster than this row.
var countsDiffer = false
for workload in workloads {
    print("\n\(workload.name)")
    let baseline = engines.contains(reference) ? reference : engines[0]
    let nativeRate = workload.megabytes / median(workload.seconds[baseline]!)
    print("engine                     MB/s   \(baseline == reference ? "native" : baseline.name) is   counts")
    for engine in engines {
        let rate = workload.megabytes / median(workload.seconds[engine]!)
        print(
            engine.name.padding(toLength: 22, withPad: " ", startingAt: 0)
                + String(format: "%9.1f", rate) + "   "
                + String(format: "%.2fx", nativeRate / rate).padding(toLength: 9, withPad: " ", startingAt: 0)
                + "   " + workload.counts[engine]!.description
        )
    }
    for engine in engines where workload.counts[engine] != workload.counts[baseline] {
        if engine == .ondemand || baseline == .ondemand {
            print("note: On-Demand's counts differ: it checks only what it reads")
        } else {
            print("error: \(engine.name) counts differ from \(baseline.name)'s")
            countsDiffer = true
        }
    }
}
if countsDiffer { exit(1) }
