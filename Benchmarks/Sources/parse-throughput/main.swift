// Side-by-side parse throughput of every JSON engine over the same generated corpus, in one run.
//
//   swift build -c release --package-path Benchmarks --scratch-path Benchmarks/.build-bench --product parse-throughput
//   Benchmarks/.build-bench/release/parse-throughput [--count 200000] [--seed 1] [--rounds 5]
//
// It generates the corpus (payloads back to back in one buffer), checks that the native engine and
// jansson accept and reject exactly the same payloads, then times full passes of each engine, rounds
// interleaved (engine order rotates each round), and reports the median of the rounds. Single thread.

import CJanssonRaw
import Foundation
import PayloadGenerator
import PushPayloads
import PushPayloadsJansson

struct Options {
    var count = 200_000
    var seed: UInt64 = 1
    var rounds = 5
    var malformedPercent = 1.0
    var engines: [Engine] = Engine.allCases
    /// Skip the agreement check (for profiling runs).
    var skipCheck = false
}

enum Engine: String, CaseIterable {
    /// `JSONParser`, one parser reused for every payload, each document dropped before the next parse.
    case native
    /// `JSONDocument(jsonBytes:)`: a new parser and new buffers per payload.
    case document
    /// `JanssonParser().parse(_:)`: jansson, then its tree converted to a `JSONDocument` (the reference engine).
    case jansson
    /// `json_loadb` + `json_decref` alone, for context: what jansson costs without the conversion.
    case janssonRaw = "jansson-raw"
    /// `JSONSerialization.jsonObject(with:)` on a `Data` per payload (built before timing).
    case foundation

    var label: String {
        switch self {
        case .native: "native JSONParser (reused)"
        case .document: "native JSONDocument(jsonBytes:)"
        case .jansson: "JanssonParser (jansson + conversion)"
        case .janssonRaw: "libjansson json_loadb only"
        case .foundation: "Foundation JSONSerialization"
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("parse-throughput: \(message)\n".utf8))
    exit(2)
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    func value(_ name: String) -> String {
        guard let value = arguments.popFirst() else { fail("\(name) needs a value") }
        return value
    }
    while let argument = arguments.popFirst() {
        switch argument {
        case "--count":
            guard let count = Int(value(argument)), count > 0 else { fail("--count needs a positive integer") }
            options.count = count
        case "--seed":
            guard let seed = UInt64(value(argument)) else { fail("--seed needs an unsigned integer") }
            options.seed = seed
        case "--rounds":
            guard let rounds = Int(value(argument)), rounds > 0 else { fail("--rounds needs a positive integer") }
            options.rounds = rounds
        case "--malformed-percent":
            guard let percent = Double(value(argument)), (0...100).contains(percent) else {
                fail("--malformed-percent needs a number in 0...100")
            }
            options.malformedPercent = percent
        case "--engines":
            options.engines = value(argument).split(separator: ",").map {
                guard let engine = Engine(rawValue: String($0)) else {
                    fail("unknown engine \($0); known: \(Engine.allCases.map(\.rawValue).joined(separator: ","))")
                }
                return engine
            }
        case "--skip-check":
            options.skipCheck = true
        case "-h", "--help":
            print(
                """
                usage: parse-throughput [--count N] [--seed S] [--rounds R] [--malformed-percent P] [--engines LIST] [--skip-check]
                  engines: \(Engine.allCases.map(\.rawValue).joined(separator: ","))
                """
            )
            exit(0)
        default:
            fail("unknown argument \(argument) (try --help)")
        }
    }
    return options
}

/// One timed pass over every payload; returns a checksum (accepted payloads and values seen) so no
/// work can be optimised away.
@inline(never)
func pass(
    _ engine: Engine,
    _ raw: UnsafeRawBufferPointer,
    _ offsets: [Int],
    _ datas: [Data]
) -> (accepted: Int, checksum: Int) {
    let count = offsets.count - 1
    var accepted = 0
    var checksum = 0
    switch engine {
    case .native:
        var parser = JSONParser()
        for index in 0..<count {
            let payload = UnsafeRawBufferPointer(rebasing: raw[offsets[index]..<offsets[index + 1]])
            do {
                let document = try parser.parse(payload.bytes)
                accepted &+= 1
                checksum &+= document.valueCount
            } catch {
                checksum &+= 1
            }
        }
    case .document:
        for index in 0..<count {
            let payload = UnsafeRawBufferPointer(rebasing: raw[offsets[index]..<offsets[index + 1]])
            do {
                let document = try JSONDocument(jsonBytes: payload.bytes)
                accepted &+= 1
                checksum &+= document.valueCount
            } catch {
                checksum &+= 1
            }
        }
    case .jansson:
        let parser = JanssonParser()
        for index in 0..<count {
            let payload = UnsafeRawBufferPointer(rebasing: raw[offsets[index]..<offsets[index + 1]])
            do {
                let document = try parser.parse(payload.bytes)
                accepted &+= 1
                checksum &+= document.valueCount
            } catch {
                checksum &+= 1
            }
        }
    case .janssonRaw:
        for index in 0..<count {
            let start = raw.baseAddress!.advanced(by: offsets[index]).assumingMemoryBound(to: CChar.self)
            let ok = cjanssonraw_parse(start, offsets[index + 1] - offsets[index])
            accepted &+= Int(ok)
            checksum &+= 1
        }
    case .foundation:
        for data in datas {
            do {
                let object = try JSONSerialization.jsonObject(with: data)
                if let dictionary = object as? [String: Any] {
                    accepted &+= 1
                    checksum &+= dictionary.count
                }
            } catch {
                checksum &+= 1
            }
        }
    }
    return (accepted, checksum)
}

func format(_ value: Double, _ digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    if count >= width { return text }
    let padding = String(repeating: " ", count: width - count)
    return right ? padding + text : text + padding
}

let options = parseOptions()
print("parse-throughput: \(options.count) payloads, seed \(options.seed), \(options.rounds) rounds, single thread")
print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; jansson \(JanssonParser.libraryVersion)")

let generationStart = ContinuousClock.now
let corpus = GeneratedCorpus(count: options.count, seed: options.seed, malformedPercent: options.malformedPercent)
print("corpus generated in \(ContinuousClock.now - generationStart)")
print(corpus.statistics.description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
let offsets = corpus.offsets
let totalBytes = corpus.totalBytes
let datas = options.engines.contains(.foundation) ? (0..<corpus.count).map { Data(corpus[$0]) } : []

// MARK: Agreement

/// Checks, before any timing, that the native engine and jansson accept and reject the same payloads.
func checkAgreement() {
    corpus.withPayloadBuffers { raw, offsets in
        var native = JSONParser()
        let jansson = JanssonParser()
        var bothAccept = 0
        var bothReject = 0
        var sameCode = 0
        var equalDocuments = 0
        var disagreements: [String] = []
        var foundationAccepts = 0
        var foundationAcceptsMalformed: [PayloadGenerator.Defect: Int] = [:]
        var expectedAgreement = 0
        for index in 0..<corpus.count {
            let payload = UnsafeRawBufferPointer(rebasing: raw[offsets[index]..<offsets[index + 1]])
            let nativeResult = Result { () throws(PushPayloadError) in try native.parse(payload.bytes) }
            let janssonResult = Result { () throws(PushPayloadError) in try jansson.parse(payload.bytes) }
            let valid = corpus.infos[index].defect == .none
            switch (nativeResult, janssonResult) {
            case (.success(let a), .success(let b)):
                bothAccept += 1
                if a == b { equalDocuments += 1 }
                if valid { expectedAgreement += 1 }
            case (.failure(let a), .failure(let b)):
                bothReject += 1
                if a.code == b.code { sameCode += 1 }
                if !valid { expectedAgreement += 1 }
            case (.success, .failure(let error)), (.failure(let error), .success):
                if disagreements.count < 5 {
                    disagreements.append("payload \(index): only one engine accepts (\(error))")
                }
            }
            if options.engines.contains(.foundation),
                (try? JSONSerialization.jsonObject(with: datas[index])) as? [String: Any] != nil
            {
                foundationAccepts += 1
                if !valid { foundationAcceptsMalformed[corpus.infos[index].defect, default: 0] += 1 }
            }
        }
        let agree = bothAccept + bothReject
        print("agreement (native vs jansson): \(agree) of \(corpus.count) payloads agree")
        print(
            "  both accept: \(bothAccept) (equal documents: \(equalDocuments)); both reject: \(bothReject) (same error code: \(sameCode))"
        )
        print(
            "  matches the generator's intent (valid accepted, malformed rejected): \(expectedAgreement) of \(corpus.count)"
        )
        if options.engines.contains(.foundation) {
            let malformed = PayloadGenerator.Defect.allCases.compactMap { defect in
                foundationAcceptsMalformed[defect].map { "\(defect.rawValue) \($0)" }
            }
            print(
                "  Foundation accepts \(foundationAccepts); of the malformed: \(malformed.isEmpty ? "none" : malformed.joined(separator: ", "))"
            )
        }
        for line in disagreements { print("  DISAGREEMENT " + line) }
        if agree != corpus.count { print("  WARNING: the engines disagree on \(corpus.count - agree) payloads") }
    }
}

if !options.skipCheck { checkAgreement() }

// MARK: Timing

/// CPU time of this thread, which excludes time spent descheduled while other processes run.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(
        separator: " "
    )
        ?? "?"
}

var seconds: [Engine: [Double]] = [:]
var cpuSeconds: [Engine: [Double]] = [:]
var accepted: [Engine: Int] = [:]
print("load average before timing: \(loadAverage())")
corpus.withPayloadBuffers { raw, offsets in
    // One untimed pass each, to fault in pages and warm caches and allocators.
    for engine in options.engines { _ = pass(engine, raw, offsets, datas) }
    for round in 0..<options.rounds {
        let engines = options.engines
        let rotation = round % engines.count
        for engine in engines[rotation...] + engines[..<rotation] {
            let cpuStart = threadCPUSeconds()
            let start = ContinuousClock.now
            let result = pass(engine, raw, offsets, datas)
            let elapsed = ContinuousClock.now - start
            let cpu = threadCPUSeconds() - cpuStart
            let value = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            seconds[engine, default: []].append(value)
            cpuSeconds[engine, default: []].append(cpu)
            accepted[engine] = result.accepted
        }
        print("round \(round + 1)/\(options.rounds) done")
    }
}
print("load average after timing: \(loadAverage())")

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

var throughput: [Engine: Double] = [:]
var cpuThroughput: [Engine: Double] = [:]
print("")
print(
    "results (median of \(options.rounds) rounds; \(totalBytes) bytes, \(corpus.count) payloads per pass; MB = 10^6 bytes)"
)
print("wall clock, and thread CPU time (which leaves out time the thread waited for a core):")
print(
    pad("engine", 38) + pad("MB/s", 9, right: true) + pad("payloads/s", 13, right: true)
        + pad("ns/payload", 12, right: true)
        + pad("min..max MB/s", 18, right: true) + pad("CPU MB/s", 10, right: true) + pad("accepted", 10, right: true)
)
for engine in options.engines {
    let times = seconds[engine]!
    let mid = median(times)
    let mbps = Double(totalBytes) / mid / 1e6
    throughput[engine] = mbps
    let cpuMbps = Double(totalBytes) / median(cpuSeconds[engine]!) / 1e6
    cpuThroughput[engine] = cpuMbps
    let best = Double(totalBytes) / times.min()! / 1e6
    let worst = Double(totalBytes) / times.max()! / 1e6
    print(
        pad(engine.label, 38) + pad(format(mbps), 9, right: true)
            + pad(format(Double(corpus.count) / mid, 0), 13, right: true)
            + pad(format(mid / Double(corpus.count) * 1e9, 0), 12, right: true)
            + pad("\(format(worst))..\(format(best))", 18, right: true)
            + pad(format(cpuMbps), 10, right: true)
            + pad("\(accepted[engine]!)", 10, right: true)
    )
}
print("")
if let native = throughput[.native], let nativeCPU = cpuThroughput[.native] {
    for (engine, target) in [(Engine.jansson, 15.0), (.foundation, 20.0), (.janssonRaw, 0), (.document, 0)] {
        guard let other = throughput[engine], let otherCPU = cpuThroughput[engine] else { continue }
        let ratio = native / other
        let verdict =
            target > 0
            ? (ratio >= target ? "  (target >= \(Int(target))x: met)" : "  (target >= \(Int(target))x: NOT met)") : ""
        print(
            "native / \(engine.rawValue): \(format(ratio, 1))x wall clock, \(format(nativeCPU / otherCPU, 1))x CPU time"
                + verdict
        )
    }
}
