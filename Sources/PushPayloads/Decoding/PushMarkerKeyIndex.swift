/// The registry's look at a payload's top-level keys: which decoders can possibly recognise it.
///
/// Built from the decoders' ``PushMarkerKeys`` when the registry changes. Two ways to an answer:
/// - **The key filter**, when every decoder declares whole keys only (no prefixes): the payload's filter of its
///   top-level keys (``PushPayload/rootKeyFilter``, filled when it was wrapped) is tested against each key's bit, and
///   the decoders of every key whose bit is set are asked. A set bit may be another key's (the decoder is then asked
///   and finds nothing), a clear one never is: no decoder that could match is skipped.
/// - **The walk**, when some decoder declares a prefix or the payload has no filter (it has too many keys): every top-level key is read once, in place, and a mask of the
///   lengths that candidates starting with the key's first byte can match is looked up: most keys fail that one bit
///   test. The candidates of a first byte are sorted by length, so only those of the key's length (or prefixes no
///   longer than it) are compared, byte by byte.
///
/// The answer is a bit set over decoder positions; positions of decoders that declare no keys are always set, and
/// decoders from position 64 on are always asked.
///
/// A class, immutable once built: the registry holds it behind one reference, so a registry without it tests a single
/// pointer and copying a registry copies no tables. Its tables are raw memory it owns, allocated once in `init` and
/// freed in `deinit`, read in place by every payload: no closure per table, no bounds check in the walk.
final class PushMarkerKeyIndex: @unchecked Sendable {
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
    private let bytes: UnsafeMutablePointer<UInt8>
    /// The candidates, grouped by first byte.
    private let candidates: UnsafeMutablePointer<Candidate>
    /// `candidates[firstByteStart[b]..<firstByteStart[b + 1]]` start with byte `b` (257 entries).
    private let firstByteStart: UnsafeMutablePointer<UInt16>
    /// For each first byte, bit `n` (`n` up to 63, which stands for every longer key too) is set when a key of `n`
    /// bytes may match one of that byte's candidates: its length, or any from a prefix's on (256 entries).
    private let lengths: UnsafeMutablePointer<UInt64>
    /// For each bit of a payload's key filter, the decoders (bits by position) with a marker key of that bit, when no
    /// decoder declares a prefix (64 entries); `keyFilterBits` is the union of the keys' bits, zero when the walk
    /// answers instead.
    private let decodersByFilterBit: UnsafeMutablePointer<UInt64>
    private let keyFilterBits: UInt64
    /// Decoders asked whatever the keys: those without marker keys.
    private let alwaysAsked: UInt64

    /// The index for `decoders`, or `nil` when none declares marker keys (the registry then asks each one, as it always
    /// did).
    init?(_ decoders: [any PushPayloadDecoder]) {
        var grouped = [[(bytes: [UInt8], isPrefix: Bool, decoder: UInt8)]](repeating: [], count: 256)
        var alwaysAsked: UInt64 = 0
        var hasKeys = false
        var hasPrefixes = false
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
                hasPrefixes = hasPrefixes || isPrefix
            }
        }
        guard hasKeys else { return nil }
        var bytes: [UInt8] = []
        var candidates: [Candidate] = []
        var firstByteStart: [UInt16] = [0]
        var lengths = [UInt64](repeating: 0, count: 256)
        var decodersByFilterBit = [UInt64](repeating: 0, count: 64)
        var keyFilterBits: UInt64 = 0
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
                if !entry.isPrefix {
                    let bit = entry.bytes.withUnsafeBufferPointer(PushPayload.rootKeyFilterBit)
                    keyFilterBits |= bit
                    decodersByFilterBit[bit.trailingZeroBitCount] |= 1 << UInt64(entry.decoder)
                }
            }
            firstByteStart.append(UInt16(candidates.count))
        }
        self.bytes = Self.copy(bytes)
        self.candidates = Self.copy(candidates)
        self.firstByteStart = Self.copy(firstByteStart)
        self.lengths = Self.copy(lengths)
        self.decodersByFilterBit = Self.copy(decodersByFilterBit)
        self.keyFilterBits = hasPrefixes ? 0 : keyFilterBits
        self.alwaysAsked = alwaysAsked
    }

    deinit {
        bytes.deallocate()
        candidates.deallocate()
        firstByteStart.deallocate()
        lengths.deallocate()
        decodersByFilterBit.deallocate()
    }

    /// `array` in memory of its own (at least one element's room, so an empty table is a valid pointer too).
    private static func copy<T>(_ array: [T]) -> UnsafeMutablePointer<T> {
        let memory = UnsafeMutablePointer<T>.allocate(capacity: max(array.count, 1))
        _ = UnsafeMutableBufferPointer(start: memory, count: array.count).initialize(from: array)
        return memory
    }

    /// The decoders (bits by position) that may recognise `payload`.
    @inline(__always)
    func decodersToAsk(_ payload: PushPayload) -> UInt64 {
        // All ones: no filter was made for the payload (too many keys).
        if keyFilterBits != 0 && payload.rootKeyFilter != ~0 {
            var asked = alwaysAsked
            var bits = payload.rootKeyFilter & keyFilterBits
            while bits != 0 {
                asked |= decodersByFilterBit[bits.trailingZeroBitCount]
                bits &= bits &- 1
            }
            return asked
        }
        return walkedDecoders(payload.object)
    }

    /// ``decodersToAsk(_:)`` by one pass over the keys.
    private func walkedDecoders(_ object: JSONObject) -> UInt64 {
        var asked = alwaysAsked
        let bytes = self.bytes
        let candidates = self.candidates
        let firstByteStart = self.firstByteStart
        let lengths = self.lengths
        _ = object.containsKey { key in
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
        return asked
    }
}
