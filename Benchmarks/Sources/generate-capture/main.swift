// Writes generated push payloads to stdout as JSON Lines (one payload per line) until at least
// `--megabytes` MB (10^6 bytes) have been written.
//
//   generate-capture --megabytes 200 --seed 1 --malformed-percent 1 > capture.jsonl
//   generate-capture --shape wide --megabytes 200 > wide.jsonl       # issue 25's second shape
//   generate-capture --shape prefixed --megabytes 200 > prefixed.jsonl   # issue 36's held-out description
//
// The same arguments always give the same bytes.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PayloadGenerator

/// Writes `text` to standard error (unbuffered, so it never interleaves badly with stdout).
func printError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

func usage() -> Never {
    let text = """
        usage: generate-capture [--shape pushes|wide|prefixed] [--megabytes N] [--seed S] [--malformed-percent P] [--stats]

          --shape SHAPE          pushes (push payloads as vendors send them; default), wide (about 1 KB,
                                 15–25 top-level keys, nested objects, float and large-integer arrays,
                                 long CJK/emoji/Cyrillic text) or prefixed (about 1 KB, 10–20 top-level
                                 keys sharing prefixes such as text_0, metrics_1 beside one sender's keys,
                                 float arrays, 13–15 digit integers, long CJK/Cyrillic/Arabic/emoji text)
          --megabytes N          write at least N MB (10^6 bytes) of JSON Lines (default 200; fractions allowed)
          --seed S               generator seed, an unsigned integer (default 1)
          --malformed-percent P  share of deliberately broken payloads, 0...100 (default 1)
          --stats                print corpus statistics to stderr when done

        """
    printError(text)
    exit(2)
}

var megabytes = 200.0
var seed: UInt64 = 1
var malformedPercent = 1.0
var printStatistics = false
var shape = CaptureShape.pushes

var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--megabytes":
        guard let value = arguments.popFirst().flatMap(Double.init), value >= 0 else { usage() }
        megabytes = value
    case "--seed":
        guard let value = arguments.popFirst().flatMap({ UInt64($0) }) else { usage() }
        seed = value
    case "--malformed-percent":
        guard let value = arguments.popFirst().flatMap(Double.init), (0...100).contains(value) else { usage() }
        malformedPercent = value
    case "--shape":
        guard let value = arguments.popFirst().flatMap(CaptureShape.init(rawValue:)) else { usage() }
        shape = value
    case "--stats":
        printStatistics = true
    case "-h", "--help":
        usage()
    default:
        printError("generate-capture: unknown argument \(argument)\n")
        usage()
    }
}

func flush(_ chunk: inout [UInt8]) {
    chunk.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let result = write(1, raw.baseAddress! + offset, raw.count - offset)
            if result < 0 {
                if errno == EINTR { continue }
                // A closed pipe (`| head`) is a normal way to stop.
                exit(errno == EPIPE ? 0 : 1)
            }
            offset += result
        }
    }
    chunk.removeAll(keepingCapacity: true)
}

func run(shape: CaptureShape, megabytes: Double, seed: UInt64, malformedPercent: Double, printStatistics: Bool) {
    let targetBytes = Int(megabytes * 1_000_000)
    var generator = AnyPayloadGenerator(shape: shape, seed: seed, malformedPercent: malformedPercent)
    var payload: [UInt8] = []
    payload.reserveCapacity(8192)
    var chunk: [UInt8] = []
    let chunkSize = 1 << 20
    chunk.reserveCapacity(chunkSize + 8192)
    var written = 0
    var lines = 0
    var malformed = 0
    var sizes: [Int] = []

    signal(SIGPIPE, SIG_IGN)
    while written < targetBytes {
        let info = generator.next(into: &payload)
        chunk.append(contentsOf: payload)
        chunk.append(0x0A)
        written += payload.count + 1
        lines += 1
        if info.defect != .none { malformed += 1 }
        if printStatistics { sizes.append(payload.count) }
        if chunk.count >= chunkSize { flush(&chunk) }
    }
    flush(&chunk)

    if printStatistics {
        sizes.sort()
        let median = sizes.isEmpty ? 0 : sizes[sizes.count / 2]
        printError(
            "generate-capture: \(lines) payloads, \(written) bytes, median \(median) B, "
                + "min \(sizes.first ?? 0) B, max \(sizes.last ?? 0) B, malformed \(malformed)\n"
        )
    }
}

run(
    shape: shape,
    megabytes: megabytes,
    seed: seed,
    malformedPercent: malformedPercent,
    printStatistics: printStatistics
)
