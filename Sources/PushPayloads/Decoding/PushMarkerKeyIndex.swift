/// The registry's one pass over a payload's top-level keys: which decoders can possibly recognise it.
///
/// Built from the decoders' ``PushMarkerKeys`` when the registry changes. For each payload it reads every top-level key
/// once, in place, and looks up a mask of the lengths that candidates starting with the key's first byte can match:
/// most keys fail that one bit test. The candidates of a first byte are sorted by length, so only those of the key's
/// length (or prefixes no longer than it) are compared, byte by byte. The answer is a bit set over decoder positions;
/// positions of decoders that declare no keys are always set, and decoders from position 64 on are always asked.
///
/// A class, immutable once built: the registry holds it behind one reference, so a registry without it tests a single
/// pointer and copying a registry copies no tables.
final class PushMarkerKeyIndex: Sendable {
    /// One key or prefix of one decoder.
    struct Candidate: Sendable {
        /// Offset of its bytes in ``PushMarkerKeyIndex/bytes``.
        var start: UInt32
        var count: UInt16
        var isPrefix: Bool
        /// The position of the decoder it belongs to.
        var decoder: UInt8
    }

    /// The candidates' bytes, back to back.
    private let bytes: [UInt8]
    /// The candidates, grouped by first byte.
    private let candidates: [Candidate]
    /// `candidates[firstByteStart[b]..<firstByteStart[b + 1]]` start with byte `b`.
    private let firstByteStart: [UInt16]
    /// For each first byte, bit `n` (`n` up to 63, which stands for every longer key too) is set when a key of `n`
    /// bytes may match one of that byte's candidates: its length, or any from a prefix's on.
    private let lengths: [UInt64]
    /// Decoders asked whatever the keys: those without marker keys.
    private let alwaysAsked: UInt64

    /// The index for `decoders`, or `nil` when none declares marker keys (the registry then asks each one, as it always
    /// did).
    init?(_ decoders: [any PushPayloadDecoder]) {
        var grouped = [[(bytes: [UInt8], isPrefix: Bool, decoder: UInt8)]](repeating: [], count: 256)
        var alwaysAsked: UInt64 = 0
        var hasKeys = false
        for (position, decoder) in decoders.prefix(64).enumerated() {
            guard let markerKeys = decoder.markerKeys else {
                alwaysAsked |= 1 << UInt64(position)
                continue
            }
            hasKeys = true
            let entries =
                markerKeys.keys.map { (Array($0.utf8), false) } + markerKeys.prefixes.map { (Array($0.utf8), true) }
            for (key, isPrefix) in entries where !key.isEmpty && key.count <= Int(UInt16.max) {
                grouped[Int(key[0])].append((key, isPrefix, UInt8(position)))
            }
        }
        guard hasKeys else { return nil }
        var bytes: [UInt8] = []
        var candidates: [Candidate] = []
        var firstByteStart: [UInt16] = [0]
        var lengths = [UInt64](repeating: 0, count: 256)
        for (byte, group) in grouped.enumerated() {
            // By length, so a key's scan stops at the first longer candidate.
            for entry in group.sorted(by: { $0.bytes.count < $1.bytes.count }) {
                candidates.append(
                    Candidate(
                        start: UInt32(bytes.count),
                        count: UInt16(entry.bytes.count),
                        isPrefix: entry.isPrefix,
                        decoder: entry.decoder
                    )
                )
                bytes += entry.bytes
                let length = min(entry.bytes.count, 63)
                lengths[byte] |= entry.isPrefix ? ~0 << UInt64(length) : 1 << UInt64(length)
            }
            firstByteStart.append(UInt16(candidates.count))
        }
        self.bytes = bytes
        self.candidates = candidates
        self.firstByteStart = firstByteStart
        self.lengths = lengths
        self.alwaysAsked = alwaysAsked
    }

    /// The decoders (bits by position) that may recognise `payload`.
    @inline(__always)
    func decodersToAsk(_ payload: PushPayload) -> UInt64 {
        var asked = alwaysAsked
        bytes.withUnsafeBufferPointer { bytes in
            candidates.withUnsafeBufferPointer { candidates in
                firstByteStart.withUnsafeBufferPointer { firstByteStart in
                    lengths.withUnsafeBufferPointer { lengths in
                        _ = payload.object.containsKey { key in
                            guard let first = key.first,
                                lengths[Int(first)] & (1 << UInt64(min(key.count, 63))) != 0
                            else { return false }
                            for position in Int(firstByteStart[Int(first)])..<Int(firstByteStart[Int(first) + 1]) {
                                let candidate = candidates[position]
                                let count = Int(candidate.count)
                                if count > key.count { break }
                                guard count == key.count || candidate.isPrefix else { continue }
                                let start = Int(candidate.start)
                                var index = 1
                                while index < count && key[index] == bytes[start + index] { index += 1 }
                                if index == count { asked |= 1 << UInt64(candidate.decoder) }
                            }
                            return false
                        }
                    }
                }
            }
        }
        return asked
    }
}
