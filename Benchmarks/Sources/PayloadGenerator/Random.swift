#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small, fast, seedable generator (xoshiro256**, seeded through SplitMix64).
///
/// The standard library's generator is not seedable, and the corpus must be the same bytes on every
/// machine and every run, so the generator carries its own.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// Creates a generator whose whole output is fixed by `seed`.
    public init(seed: UInt64) {
        var x = seed
        func splitMix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = splitMix()
        s1 = splitMix()
        s2 = splitMix()
        s3 = splitMix()
    }

    /// The next 64 random bits.
    @inline(__always)
    public mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }

    /// A uniform integer in `0..<bound` (`bound` > 0), by Lemire's multiply-shift (bias is negligible here).
    @inline(__always)
    public mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A uniform integer in `range`.
    @inline(__always)
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `percent` / 100.
    @inline(__always)
    public mutating func chance(_ percent: Double) -> Bool {
        unit() * 100 < percent
    }

    /// A uniform `Double` in `[0, 1)`.
    @inline(__always)
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A standard normal deviate (Box–Muller; one of the pair is dropped, which is fine here).
    public mutating func normal() -> Double {
        let u1 = max(unit(), 0x1.0p-53)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// One element of a non-empty array.
    @inline(__always)
    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}
