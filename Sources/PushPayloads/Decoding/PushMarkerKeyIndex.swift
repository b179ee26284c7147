/// The registry's one pass over a payload's top-level keys: which decoders can possibly recognise it.
///
/// Built from the decoders' ``PushMarkerKeys`` when the registry changes. For each payload it reads every
/// top-level key once, looks up the candidates that start with the key's first byte, and compares only
/// those (length first, then the bytes): most keys share their first byte with no candidate and cost a
/// table load. The answer is a bit set over decoder positions; positions of decoders that declare no keys
/// are always set, and decoders from position 64 on are always asked.
struct PushMarkerKeyIndex: Sendable {
    /// One key or prefix of one decoder.
    struct Candidate: Sendable {
        /// Offset of its bytes in ``PushMarkerKeyIndex/bytes``.
        var start: Int
        var count: Int
        var isPrefix: Bool
        /// The bit of the decoder it belongs to.
        var decoder: UInt64
    }

    /// The candidates' bytes, back to back.
    private let bytes: [UInt8]
    /// The candidates, grouped by first byte.
    private let candidates: [Candidate]
    /// `candidates[firstByteStart[b]..<firstByteStart[b + 1]]` start with byte `b`.
    private let firstByteStart: [Int]
    /// Decoders asked whatever the keys: those without marker keys.
    private let alwaysAsked: UInt64

    /// The index for `decoders`, or `nil` when none declares marker keys (the registry then asks each one,
    /// as it always did).
    init?(_ decoders: [any PushPayloadDecoder]) {
        var grouped = [[(bytes: [UInt8], isPrefix: Bool, decoder: UInt64)]](repeating: [], count: 256)
        var alwaysAsked: UInt64 = 0
        var hasKeys = false
        for (position, decoder) in decoders.prefix(64).enumerated() {
            let bit: UInt64 = 1 << UInt64(position)
            guard let markerKeys = decoder.markerKeys else {
                alwaysAsked |= bit
                continue
            }
            hasKeys = true
            let entries =
                markerKeys.keys.map { (Array($0.utf8), false) } + markerKeys.prefixes.map { (Array($0.utf8), true) }
            for (key, isPrefix) in entries where !key.isEmpty {
                grouped[Int(key[0])].append((key, isPrefix, bit))
            }
        }
        guard hasKeys else { return nil }
        var bytes: [UInt8] = []
        var candidates: [Candidate] = []
        var firstByteStart: [Int] = [0]
        for group in grouped {
            for entry in group {
                candidates.append(
                    Candidate(
                        start: bytes.count,
                        count: entry.bytes.count,
                        isPrefix: entry.isPrefix,
                        decoder: entry.decoder
                    )
                )
                bytes += entry.bytes
            }
            firstByteStart.append(candidates.count)
        }
        self.bytes = bytes
        self.candidates = candidates
        self.firstByteStart = firstByteStart
        self.alwaysAsked = alwaysAsked
    }

    /// The decoders (bits by position) that may recognise `payload`.
    func decodersToAsk(_ payload: PushPayload) -> UInt64 {
        var asked = alwaysAsked
        bytes.withUnsafeBufferPointer { bytes in
            candidates.withUnsafeBufferPointer { candidates in
                firstByteStart.withUnsafeBufferPointer { firstByteStart in
                    _ = payload.object.containsKey { key in
                        guard let first = key.first else { return false }
                        var position = firstByteStart[Int(first)]
                        let end = firstByteStart[Int(first) + 1]
                        while position < end {
                            let candidate = candidates[position]
                            position += 1
                            // The decoder is already asked, or the lengths rule a match out.
                            guard asked & candidate.decoder == 0,
                                candidate.isPrefix ? key.count >= candidate.count : key.count == candidate.count
                            else { continue }
                            var index = 1
                            while index < candidate.count && key[index] == bytes[candidate.start + index] { index += 1 }
                            if index == candidate.count { asked |= candidate.decoder }
                        }
                        return false
                    }
                }
            }
        }
        return asked
    }
}
