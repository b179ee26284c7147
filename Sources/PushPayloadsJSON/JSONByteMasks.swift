// Compiler builtins for the scanner's masks (the string escaping and unescaping loops use them too).
// Swift's SIMD comparison operators (`.==`, `.<`) are generic and compile to a loop over the lanes;
// LLVM's vector compares and a bitcast of the lane mask become `pcmpeqb`/`pmovmskb` on x86-64 and the
// same operations on every other target. swift-atomics enables the same `BuiltinModule` feature in its
// released manifest.
import Builtin

/// Bit masks of the bytes that the fast scanner cares about, 64 input bytes at a time.
enum JSONByteMasks {
    /// For the 64 bytes at `p` (which must all be readable): `special` has bit `k` set when byte `k` is
    /// `"`, `\` or below 0x20 (where a string scan stops); `nonASCII` tells whether any byte is from 0x80,
    /// and `endsNonASCII` whether one of the last three is (a sequence that may run into the next block).
    @inline(__always)
    static func masks64(_ p: UnsafeRawPointer) -> (special: UInt64, nonASCII: Bool, endsNonASCII: Bool) {
        let v0 = vector(p.loadUnaligned(as: SIMD16<UInt8>.self))
        let v1 = vector(p.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self))
        let v2 = vector(p.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self))
        let v3 = vector(p.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self))
        let special = mask(special(v0)) | mask(special(v1)) &<< 16 | mask(special(v2)) &<< 32 | mask(special(v3)) &<< 48
        // One mask for the whole block: the high bit survives the OR of the four groups.
        let zero = vector(SIMD16(repeating: 0))
        let any = Builtin.or_Vec16xInt8(Builtin.or_Vec16xInt8(v0, v1), Builtin.or_Vec16xInt8(v2, v3))
        let nonASCII = mask(Builtin.cmp_slt_Vec16xInt8(any, zero)) != 0
        let endsNonASCII = mask(Builtin.cmp_slt_Vec16xInt8(v3, zero)) &>> 13 != 0
        return (special, nonASCII, endsNonASCII)
    }

    /// The lanes that hold `"`, `\` or a byte below 0x20.
    @inline(__always)
    private static func special(_ bytes: Builtin.Vec16xInt8) -> Builtin.Vec16xInt1 {
        // Flipping bit 1 maps `"` (0x22) to 0x20 and the bytes below 0x20 onto themselves, and nothing
        // else below 0x21: one unsigned comparison finds both.
        let flipped = Builtin.xor_Vec16xInt8(bytes, vector(SIMD16(repeating: 0x02)))
        return Builtin.or_Vec16xInt1(
            Builtin.cmp_ult_Vec16xInt8(flipped, vector(SIMD16(repeating: 0x21))),
            Builtin.cmp_eq_Vec16xInt8(bytes, vector(SIMD16(repeating: UInt8(ascii: "\\"))))
        )
    }

    /// Bit `k` set for each of the 16 bytes at `p` (which must all be readable) that is not an ASCII digit.
    @inline(__always)
    static func nonDigits16(_ p: UnsafeRawPointer) -> UInt64 {
        let bytes = vector(p.loadUnaligned(as: SIMD16<UInt8>.self))
        // Digits become 0–9 and every other byte 10 or more (wrapping below `0`): one unsigned comparison.
        let offsets = Builtin.sub_Vec16xInt8(bytes, vector(SIMD16(repeating: UInt8(ascii: "0"))))
        let lanes = Builtin.cmp_ugt_Vec16xInt8(offsets, vector(SIMD16(repeating: 9)))
        return UInt64(UInt16(Builtin.bitcast_Vec16xInt1_Int16(lanes)))
    }

    @inline(__always)
    private static func vector(_ bytes: SIMD16<UInt8>) -> Builtin.Vec16xInt8 {
        unsafeBitCast(bytes, to: Builtin.Vec16xInt8.self)
    }
}

extension JSONByteMasks {
    /// Checks the UTF-8 of the 64 bytes at `p` against RFC 3629; returns zero when the block is valid, otherwise a
    /// nonzero mask (bit `k` for lane `k` of any of the four 16-byte groups). Reads the three bytes before `p` too (a
    /// sequence may start in the previous block), so they must be readable, and zero before the input.
    ///
    /// Without branches, byte by byte in the vector lanes, from the byte itself and the three before it:
    /// a byte must be a continuation byte exactly when a lead byte up to three places earlier announces
    /// one; C0, C1 and F5–FF never appear; and the byte after E0, ED, F0 or F4 has the narrower range
    /// that rules out overlong forms, surrogates and code points above U+10FFFF.
    @inline(__always)
    static func utf8Errors(_ p: UnsafeRawPointer) -> UInt64 {
        let errors = Builtin.or_Vec16xInt1(
            Builtin.or_Vec16xInt1(utf8Errors16(p), utf8Errors16(p + 16)),
            Builtin.or_Vec16xInt1(utf8Errors16(p + 32), utf8Errors16(p + 48))
        )
        return mask(errors)
    }

    @inline(__always)
    static func utf8Errors16(_ p: UnsafeRawPointer) -> Builtin.Vec16xInt1 {
        let byte = vector(p.loadUnaligned(as: SIMD16<UInt8>.self))
        let before1 = vector(p.loadUnaligned(fromByteOffset: -1, as: SIMD16<UInt8>.self))
        let before2 = vector(p.loadUnaligned(fromByteOffset: -2, as: SIMD16<UInt8>.self))
        let before3 = vector(p.loadUnaligned(fromByteOffset: -3, as: SIMD16<UInt8>.self))
        @inline(__always) func splat(_ value: UInt8) -> Builtin.Vec16xInt8 { vector(SIMD16(repeating: value)) }
        @inline(__always) func or(_ a: Builtin.Vec16xInt1, _ b: Builtin.Vec16xInt1) -> Builtin.Vec16xInt1 {
            Builtin.or_Vec16xInt1(a, b)
        }
        @inline(__always) func and(_ a: Builtin.Vec16xInt1, _ b: Builtin.Vec16xInt1) -> Builtin.Vec16xInt1 {
            Builtin.and_Vec16xInt1(a, b)
        }
        let allLanes = Builtin.cmp_eq_Vec16xInt8(byte, byte)
        // Signed, 0x80–0xBF are exactly the bytes below 0xC0 (ASCII is not negative).
        let continuation = Builtin.cmp_slt_Vec16xInt8(byte, splat(0xC0))
        let expected = or(
            or(Builtin.cmp_uge_Vec16xInt8(before1, splat(0xC0)), Builtin.cmp_uge_Vec16xInt8(before2, splat(0xE0))),
            Builtin.cmp_uge_Vec16xInt8(before3, splat(0xF0))
        )
        var errors = Builtin.xor_Vec16xInt1(expected, continuation)
        errors = or(errors, Builtin.cmp_uge_Vec16xInt8(byte, splat(0xF5)))
        errors = or(errors, Builtin.cmp_eq_Vec16xInt8(Builtin.and_Vec16xInt8(byte, splat(0xFE)), splat(0xC0)))
        let belowA0 = Builtin.cmp_ult_Vec16xInt8(byte, splat(0xA0))
        let below90 = Builtin.cmp_ult_Vec16xInt8(byte, splat(0x90))
        errors = or(errors, and(Builtin.cmp_eq_Vec16xInt8(before1, splat(0xE0)), belowA0))
        errors = or(
            errors,
            and(Builtin.cmp_eq_Vec16xInt8(before1, splat(0xED)), Builtin.xor_Vec16xInt1(belowA0, allLanes))
        )
        errors = or(errors, and(Builtin.cmp_eq_Vec16xInt8(before1, splat(0xF0)), below90))
        errors = or(
            errors,
            and(Builtin.cmp_eq_Vec16xInt8(before1, splat(0xF4)), Builtin.xor_Vec16xInt1(below90, allLanes))
        )
        return errors
    }

    @inline(__always)
    private static func mask(_ lanes: Builtin.Vec16xInt1) -> UInt64 {
        UInt64(UInt16(Builtin.bitcast_Vec16xInt1_Int16(lanes)))
    }
}

extension JSONByteMasks {
    /// Asks the processor to bring the `lines` cache lines from `p` on into its caches. Only a hint:
    /// it never faults and has no effect on results, wherever `p` points.
    @inline(__always)
    static func prefetch(_ p: UnsafeRawPointer, lines: Int) {
        let read = Builtin.trunc_Int64_Int32(Int64(0)._value)
        let keep = Builtin.trunc_Int64_Int32(Int64(3)._value)
        let data = Builtin.trunc_Int64_Int32(Int64(1)._value)
        for line in 0..<lines {
            Builtin.int_prefetch_RawPointer((p + line &* 64)._rawValue, read, keep, data)
        }
    }
}
