/// Many generated payloads held in memory: their bytes back to back in one buffer (as they would sit
/// in a capture file read into memory), with offsets and what each one is.
public struct GeneratedCorpus: Sendable {
    /// Every payload's bytes, back to back, with no separator.
    public private(set) var bytes: [UInt8]
    /// `offsets[i]..<offsets[i + 1]` is payload `i` in ``bytes``.
    public private(set) var offsets: [Int]
    /// What each payload is.
    public private(set) var infos: [PayloadGenerator.Info]

    /// Generates `count` payloads of `shape` from `seed`.
    public init(count: Int, seed: UInt64 = 1, malformedPercent: Double = 1, shape: CaptureShape = .pushes) {
        var generator = AnyPayloadGenerator(shape: shape, seed: seed, malformedPercent: malformedPercent)
        bytes = []
        bytes.reserveCapacity(count * 900)
        offsets = [0]
        offsets.reserveCapacity(count + 1)
        infos = []
        infos.reserveCapacity(count)
        var payload: [UInt8] = []
        payload.reserveCapacity(8192)
        for _ in 0..<count {
            infos.append(generator.next(into: &payload))
            bytes.append(contentsOf: payload)
            offsets.append(bytes.count)
        }
    }

    /// The number of payloads.
    public var count: Int { infos.count }

    /// The total size of all payloads in bytes.
    public var totalBytes: Int { bytes.count }

    /// Payload `index` as a slice of ``bytes``.
    public subscript(index: Int) -> ArraySlice<UInt8> { bytes[offsets[index]..<offsets[index + 1]] }

    /// Every payload as its own array.
    public var payloads: [[UInt8]] { (0..<count).map { Array(self[$0]) } }

    /// Calls `body` once with a pointer to ``bytes`` and the offsets: the cheapest way to walk every payload.
    public func withPayloadBuffers<R>(_ body: (UnsafeRawBufferPointer, [Int]) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { try body($0, offsets) }
    }

    /// Size and content statistics, for reports.
    public var statistics: Statistics { Statistics(self) }

    /// Size and content statistics of a corpus.
    public struct Statistics: Sendable, CustomStringConvertible {
        /// The number of payloads.
        public var count: Int
        /// Their total size in bytes.
        public var totalBytes: Int
        /// The smallest payload in bytes (malformed ones included: a truncated payload can be tiny).
        public var minimum: Int
        /// The median payload size in bytes.
        public var median: Int
        /// The 90th percentile of payload sizes in bytes.
        public var p90: Int
        /// The largest payload in bytes.
        public var maximum: Int
        /// How many payloads were broken on purpose.
        public var malformed: Int
        /// How many payloads hold a byte from 0x80 (non-ASCII text).
        public var withNonASCII: Int
        /// How many payloads hold a backslash (an escape).
        public var withEscapes: Int
        /// Payloads per sender.
        public var bySender: [(PayloadGenerator.Sender, Int)]
        /// Payloads per defect.
        public var byDefect: [(PayloadGenerator.Defect, Int)]
        /// How many payloads are APNs-shaped (the rest are FCM data).
        public var apns: Int

        init(_ corpus: GeneratedCorpus) {
            count = corpus.count
            totalBytes = corpus.totalBytes
            var sizes = (0..<corpus.count).map { corpus.offsets[$0 + 1] - corpus.offsets[$0] }
            sizes.sort()
            minimum = sizes.first ?? 0
            median = sizes.isEmpty ? 0 : sizes[sizes.count / 2]
            p90 = sizes.isEmpty ? 0 : sizes[sizes.count * 9 / 10]
            maximum = sizes.last ?? 0
            malformed = corpus.infos.filter { $0.defect != .none }.count
            apns = corpus.infos.filter { $0.shape == .apns }.count
            var nonASCII = 0
            var escapes = 0
            for index in 0..<corpus.count {
                let payload = corpus[index]
                if payload.contains(where: { $0 >= 0x80 }) { nonASCII += 1 }
                if payload.contains(UInt8(ascii: "\\")) { escapes += 1 }
            }
            withNonASCII = nonASCII
            withEscapes = escapes
            bySender = PayloadGenerator.Sender.allCases.map { sender in
                (sender, corpus.infos.filter { $0.sender == sender }.count)
            }
            byDefect = PayloadGenerator.Defect.allCases.map { defect in
                (defect, corpus.infos.filter { $0.defect == defect }.count)
            }
        }

        /// The statistics on a few lines.
        public var description: String {
            func percent(_ part: Int) -> String {
                let tenths = count == 0 ? 0 : (part * 1000 + count / 2) / count
                return "\(tenths / 10).\(tenths % 10)%"
            }
            var lines = [
                "payloads: \(count), bytes: \(totalBytes) (mean \(count == 0 ? 0 : totalBytes / count) B)",
                "size: min \(minimum) B, median \(median) B, p90 \(p90) B, max \(maximum) B",
                "APNs-shaped: \(percent(apns)), FCM data: \(percent(count - apns))",
                "with non-ASCII bytes: \(percent(withNonASCII)), with escapes: \(percent(withEscapes))",
                "malformed: \(malformed) (\(percent(malformed)))",
            ]
            lines.append("senders: " + bySender.map { "\($0.0.rawValue) \(percent($0.1))" }.joined(separator: ", "))
            lines.append("defects: " + byDefect.dropFirst().map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", "))
            return lines.joined(separator: "\n")
        }
    }
}
