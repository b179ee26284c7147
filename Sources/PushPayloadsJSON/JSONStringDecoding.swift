public import Builtin

/// Helpers over the raw text of strings the parser has already validated.
///
/// Validation happens once, in the scanner; these functions may therefore assume well-formed escapes
/// and UTF-8 and stay branch-light.
@usableFromInline
enum JSONStringDecoding {
    /// The value of the hexadecimal digit `byte`, or -1.
    @inlinable @inline(__always)
    static func hexDigit(_ byte: UInt8) -> Int {
        let digit = Int(byte &- UInt8(ascii: "0"))
        if digit < 10 { return digit }
        let letter = Int((byte | 0x20) &- UInt8(ascii: "a"))
        return letter < 6 ? letter &+ 10 : -1
    }

    /// The value of the four hexadecimal digits at `p`, or -1: the scanners' check of a `\u` escape, and
    /// the decoding of one they accepted.
    @inlinable @inline(__always)
    static func hex4(_ p: UnsafePointer<UInt8>) -> Int {
        var value = 0
        for k in 0..<4 {
            let digit = hexDigit(p[k])
            guard digit >= 0 else { return -1 }
            value = value << 4 | digit
        }
        return value
    }

    /// Decodes the escaped, validated text `source[0..<count]` into `destination`, which must hold
    /// `count` bytes (decoding never grows text). Returns the decoded length.
    ///
    /// Runs without a backslash go sixteen bytes at a time (``copyPlainStep(_:at:count:to:)``): each group is stored
    /// as it is read (the output is never ahead of the input, so the group fits in `destination` too) and a vector
    /// compare finds the first backslash in it, whose escape is then decoded and the next group read from just after
    /// it. JSON embedded in a string (FCM data) is short runs between `\"`s, so this is one load, compare and store a
    /// run.
    @inlinable
    static func unescape(
        _ source: UnsafePointer<UInt8>,
        count: Int,
        into destination: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var i = 0
        var output = destination
        while i < count {
            guard copyPlainStep(source, at: &i, count: count, to: &output) else { continue }
            // source[i] is a backslash.
            let escape = source[i &+ 1]
            i &+= 2
            switch escape {
            case UInt8(ascii: "b"): output.pointee = 0x08
            case UInt8(ascii: "f"): output.pointee = 0x0C
            case UInt8(ascii: "n"): output.pointee = 0x0A
            case UInt8(ascii: "r"): output.pointee = 0x0D
            case UInt8(ascii: "t"): output.pointee = 0x09
            case UInt8(ascii: "u"):
                var scalar = hex4(source + i)
                i &+= 4
                if scalar & 0xFC00 == 0xD800 {
                    // The scanner guarantees a low surrogate escape follows.
                    let low = hex4(source + (i &+ 2))
                    i &+= 6
                    scalar = 0x10000 &+ ((scalar &- 0xD800) &<< 10) &+ (low &- 0xDC00)
                }
                // A valid scalar (the scanner accepts surrogates only in pairs), in UTF-8.
                output += encodeUTF8(scalar, to: output)
                continue
            default: output.pointee = escape  // ", \ and /
            }
            output += 1
        }
        return output - destination
    }

    /// One step of the plain-run copy that both ``unescape(_:count:into:)`` and
    /// `OutputBuffer.appendEscapedJSONString(raw:)` make between escapes: copies the bytes of the next group of
    /// `source[index..<count]` (sixteen, eight or one, as many as `count` allows) that come before a backslash to
    /// `output`, and moves `index` and `output` past them. Returns whether `source[index]` is now a backslash.
    ///
    /// A group of sixteen or eight is stored whole as it is read, backslash and all, so `output` needs room for the
    /// whole group; both callers have it, because their output never runs ahead of their input. A vector compare
    /// finds the first backslash in sixteen bytes, a SWAR test in eight. One step, not the whole run, and the
    /// positions moved in place: a loop inside, or a count returned for the caller to add, cost 19 to 108
    /// instructions a push payload more than the two loops written out (callgrind), because the embedded JSON of
    /// FCM's data is short runs between `\"`s.
    @inlinable @inline(__always)
    static func copyPlainStep(
        _ source: UnsafePointer<UInt8>,
        at index: inout Int,
        count: Int,
        to output: inout UnsafeMutablePointer<UInt8>
    ) -> Bool {
        if index &+ 16 <= count {
            let mask = backslashMask16(UnsafeRawPointer(source + index))
            UnsafeMutableRawPointer(output).storeBytes(
                of: UnsafeRawPointer(source + index).loadUnaligned(as: SIMD16<UInt8>.self),
                as: SIMD16<UInt8>.self
            )
            if mask == 0 {
                index &+= 16
                output += 16
                return false
            }
            let plain = mask.trailingZeroBitCount
            index &+= plain
            output += plain
            return true
        }
        if index &+ 8 <= count {
            let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
            let x = word ^ 0x5C5C_5C5C_5C5C_5C5C
            // The lowest set high bit marks the first backslash exactly.
            let backslashes = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
            UnsafeMutableRawPointer(output).storeBytes(of: word, as: UInt64.self)
            if backslashes == 0 {
                index &+= 8
                output += 8
                return false
            }
            let plain = backslashes.trailingZeroBitCount &>> 3
            index &+= plain
            output += plain
            return true
        }
        guard source[index] != UInt8(ascii: "\\") else { return true }
        output.pointee = source[index]
        index &+= 1
        output += 1
        return false
    }

    /// Writes the UTF-8 of the valid scalar `scalar` at `output`; returns its length.
    @inlinable @inline(__always)
    static func encodeUTF8(_ scalar: Int, to output: UnsafeMutablePointer<UInt8>) -> Int {
        if scalar < 0x80 {
            output[0] = UInt8(truncatingIfNeeded: scalar)
            return 1
        }
        if scalar < 0x800 {
            output[0] = UInt8(truncatingIfNeeded: 0xC0 | scalar &>> 6)
            output[1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 2
        }
        if scalar < 0x10000 {
            output[0] = UInt8(truncatingIfNeeded: 0xE0 | scalar &>> 12)
            output[1] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 6 & 0x3F)
            output[2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 3
        }
        output[0] = UInt8(truncatingIfNeeded: 0xF0 | scalar &>> 18)
        output[1] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 12 & 0x3F)
        output[2] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 6 & 0x3F)
        output[3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
        return 4
    }

    /// Bit `k` set for each of the 16 bytes at `p` (all readable) that is a backslash.
    @inlinable @inline(__always)
    static func backslashMask16(_ p: UnsafeRawPointer) -> UInt32 {
        let bytes = unsafeBitCast(p.loadUnaligned(as: SIMD16<UInt8>.self), to: Builtin.Vec16xInt8.self)
        let lanes = Builtin.cmp_eq_Vec16xInt8(
            bytes,
            unsafeBitCast(SIMD16<UInt8>(repeating: UInt8(ascii: "\\")), to: Builtin.Vec16xInt8.self)
        )
        return UInt32(UInt16(Builtin.bitcast_Vec16xInt1_Int16(lanes)))
    }

    /// Calls `body` with the decoded bytes of string node `node`, decoding on the stack only when the
    /// text holds escapes.
    @inlinable
    static func withDecodedBytes<R>(
        of node: JSONNode,
        in bytes: UnsafePointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) throws -> R
    ) rethrows -> R {
        let start = bytes + Int(node.start)
        let count = Int(node.length)
        if node.flags & JSONNode.hasEscapes == 0 {
            return try body(UnsafeBufferPointer(start: start, count: count))
        }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(count, 1)) { buffer in
            let decoded = unescape(start, count: count, into: buffer.baseAddress!)
            return try body(UnsafeBufferPointer(start: buffer.baseAddress, count: decoded))
        }
    }

    /// Whether string node `node` decodes to exactly `utf8`.
    ///
    /// Always inlined, with the escaped case out of line: every key lookup of the decoders comes here, and with
    /// the word compare of ``memoryEquals(_:_:_:)`` inside both cases the whole function stopped being inlined
    /// (about 270 instructions a push payload more in `classify`, by callgrind).
    @inlinable @inline(__always)
    static func equals(_ node: JSONNode, in bytes: UnsafePointer<UInt8>, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        if node.flags & JSONNode.hasEscapes == 0 {
            guard Int(node.length) == utf8.count else { return false }
            guard let other = utf8.baseAddress else { return true }
            return memoryEquals(bytes + Int(node.start), other, utf8.count)
        }
        return escapedEquals(node, in: bytes, utf8)
    }

    /// ``equals(_:in:_:)`` for a string node with escapes: decodes it, then compares.
    @usableFromInline @inline(never)
    static func escapedEquals(
        _ node: JSONNode,
        in bytes: UnsafePointer<UInt8>,
        _ utf8: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        // Escapes only shrink text, so a decoded string can't be longer than its raw form.
        guard Int(node.length) >= utf8.count else { return false }
        return withDecodedBytes(of: node, in: bytes) { decoded in
            decoded.count == utf8.count
                && (utf8.count == 0 || memoryEquals(decoded.baseAddress!, utf8.baseAddress!, utf8.count))
        }
    }

    /// Whether two string nodes decode to the same text.
    @inlinable
    static func equals(_ a: JSONNode, _ b: JSONNode, in bytes: UnsafePointer<UInt8>) -> Bool {
        if (a.flags | b.flags) & JSONNode.hasEscapes == 0 {
            return a.length == b.length && memoryEquals(bytes + Int(a.start), bytes + Int(b.start), Int(a.length))
        }
        return withDecodedBytes(of: a, in: bytes) { equals(b, in: bytes, $0) }
    }

    /// Whether the `count` bytes at `a` and `b` are equal, reading no byte past either: words of eight,
    /// then the last eight bytes again (overlapping), or, below eight, ``loadPartial(_:_:)``. No byte loop,
    /// whose exit mispredicts on every short key.
    @inlinable @inline(__always)
    static func memoryEquals(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        if count < 8 { return loadPartial(a, count) == loadPartial(b, count) }
        let ra = UnsafeRawPointer(a)
        let rb = UnsafeRawPointer(b)
        var i = 0
        while i &+ 8 < count {
            if ra.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != rb.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            {
                return false
            }
            i &+= 8
        }
        return ra.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            == rb.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }

    /// The `count` (below eight) bytes at `p` as a little-endian word, the rest zero, reading only those
    /// bytes: two overlapping loads of four or two bytes put every byte at its own position.
    @inlinable @inline(__always)
    static func loadPartial(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(p)
        if count >= 4 {
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            return low | high &<< UInt64(truncatingIfNeeded: (count &- 4) &<< 3)
        }
        if count >= 2 {
            let low = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
            let high = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
            return low | high &<< UInt64(truncatingIfNeeded: (count &- 2) &<< 3)
        }
        return count == 1 ? UInt64(p[0]) : 0
    }

    /// Makes a `String` from string node `node`.
    @inlinable
    static func string(_ node: JSONNode, in bytes: UnsafePointer<UInt8>) -> String {
        let count = Int(node.length)
        let start = bytes + Int(node.start)
        if node.flags & JSONNode.hasEscapes == 0 {
            return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: Swift.max(count, 1)) { buffer in
            unescape(start, count: count, into: buffer.baseAddress!)
        }
    }

    /// The length of the valid UTF-8 sequence at `p[0]` (a byte at or above 0x80), or 0 if it is invalid.
    ///
    /// Rejects overlong forms, UTF-16 surrogates encoded in UTF-8, scalars above U+10FFFF and
    /// truncated sequences (the bytes after the input are zero padding, never continuation bytes).
    @inlinable
    static func utf8SequenceLength(_ p: UnsafePointer<UInt8>) -> Int {
        let b0 = p[0]
        @inline(__always) func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
        switch b0 {
        case 0xC2...0xDF:
            return isContinuation(p[1]) ? 2 : 0
        case 0xE0...0xEF:
            let b1 = p[1]
            let lowest: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
            let highest: UInt8 = b0 == 0xED ? 0x9F : 0xBF
            return b1 >= lowest && b1 <= highest && isContinuation(p[2]) ? 3 : 0
        case 0xF0...0xF4:
            let b1 = p[1]
            let lowest: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let highest: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            return b1 >= lowest && b1 <= highest && isContinuation(p[2]) && isContinuation(p[3]) ? 4 : 0
        default:
            return 0
        }
    }
}
