/// The fast path of ``JSONParser``: one loop, no recursion, no throwing, state in registers.
///
/// It writes exactly the nodes ``JSONScanner`` writes, for every input it accepts, and accepts only input
/// that ``JSONScanner`` accepts. Whatever it does not handle it leaves to ``JSONScanner`` (which then runs
/// over the same bytes) by returning `nil`: every error, so messages and offsets come from one place, and
/// the rare valid input near the `Int64` and `Double` limits.
///
/// Like ``JSONScanner``, it relies on the zero padding after the input, so every loop stops at the end without a
/// bounds check; the UTF-8 check also reads the three bytes before each 16-byte group, zero before the input.
enum JSONFastScanner {
    /// The largest input the fast scanner takes (the default payload limit). Stage one reads the whole
    /// input before the first token, so on larger input, which no push payload is, an early error would
    /// cost a full read; the full scanner takes it alone and fails at the first bad byte.
    static let maximumByteCount = 65_536

    /// Scans the `n` padded bytes at `p`; returns the node count, or `nil` when ``JSONScanner`` must decide.
    /// `bitmap` must hold ``bitmapWords(forBytes:)`` words, `rootKeys` ``rootKeyEntries(forBytes:)``
    /// entries, which it fills for the root key index (`JSONStorage/indexRootKeys(entries:)`).
    ///
    /// One function on purpose: the string loop has a single call site (keys and values share it), so
    /// the optimiser keeps every variable in a register whatever it decides about inlining.
    static func scan(
        _ p: UnsafePointer<UInt8>,
        count n: Int,
        nodes: UnsafeMutablePointer<JSONNode>,
        stack: UnsafeMutablePointer<UInt32>,
        bitmap: UnsafeMutablePointer<UInt64>,
        rootKeys: UnsafeMutablePointer<UInt64>,
        maximumDepth: Int,
        scratch: JSONParserScratch,
        kernel: JSONStageOneKernel
    ) -> Int? {
        // Stage one: a bitmap of the bytes a string scan stops at, and a UTF-8 check of the whole input,
        // both without data-dependent branches on ASCII text.
        guard kernel.markSpecialBytes(p, count: n, into: bitmap) else { return nil }

        // Stage two: one pass over the tokens.
        var i = skipWhitespace(p, 0)
        var nodeCount = 0
        var depth = 0
        // Bit `d` of `objects` tells whether the container at depth `d` is an object (the fast scanner
        // leaves deeper input to the full scanner). It saves a load per member.
        var objects: UInt64 = 0
        // Whether the string starting at `i` is an object key (its colon follows).
        var isKey = false
        // Duplicate keys: each key claims a slot chosen by its text, stamped with this payload and its object.
        let payloadStamp = UInt64(scratch.nextKeyStamp()) &<< 32
        let keySlots = scratch.keySlots
        let keySlotMask = scratch.keySlotMask
        // The root key entry that nested keys write (see rootKeyEntries(forBytes:)).
        let rootKeySink = rootKeyEntries(forBytes: n) &- 1

        value: while true {
            // A value (or, when `isKey`, a key) starts at `i`; whitespace is skipped.
            let byte = p[i]
            if byte == UInt8(ascii: "\"") {
                let start = i &+ 1
                var hasEscapes = false
                i = start
                text: while true {
                    // The next quote, backslash or control byte (the zero padding ends a truncated string): most
                    // strings end in the bitmap word they start in, found by a shift and a count from `i`.
                    let ahead = bitmap[i &>> 6] &>> UInt64(truncatingIfNeeded: i & 63)
                    if ahead != 0 {
                        i &+= ahead.trailingZeroBitCount
                    } else {
                        var word = i &>> 6 &+ 1
                        var bits = bitmap[word]
                        while bits == 0 {
                            word &+= 1
                            bits = bitmap[word]
                        }
                        i = word &<< 6 | bits.trailingZeroBitCount
                    }
                    let special = p[i]
                    if special == UInt8(ascii: "\"") { break text }
                    guard special == UInt8(ascii: "\\") else { return nil }
                    hasEscapes = true
                    let escaped = p[i &+ 1]
                    if isTwoByteEscape(escaped) {
                        i &+= 2
                        continue text
                    }
                    let scalar = JSONStringDecoding.hex4(p + (i &+ 2))
                    guard escaped == UInt8(ascii: "u") && scalar >= 0 else { return nil }
                    if scalar & 0xF800 == 0xD800 {
                        // A surrogate: only a high one followed by an escaped low one is valid.
                        guard
                            scalar < 0xDC00 && p[i &+ 6] == UInt8(ascii: "\\") && p[i &+ 7] == UInt8(ascii: "u")
                                && JSONStringDecoding.hex4(p + (i &+ 8)) & 0xFC00 == 0xDC00
                        else { return nil }
                        i &+= 12
                    } else {
                        i &+= 6
                    }
                }
                nodes[nodeCount] = node(
                    JSONNode.string,
                    hasEscapes ? JSONNode.hasEscapes : 0,
                    start,
                    i &- start,
                    nodeCount
                )
                nodeCount &+= 1
                i &+= 1
                if isKey {
                    isKey = false
                    let object = Int(stack[depth &- 1])
                    let members = nodes[object].length &+ 1
                    nodes[object].length = members
                    // The key's slot: if this object already claimed it, the key may repeat an earlier one
                    // (or share its slot), which the exact check settles when the object closes; so does a
                    // key with escapes, whose raw bytes are not its text. If another object of this payload
                    // claimed it and is still open, that object loses track of its key: it is flagged too.
                    // So every object that holds a repeated key is flagged by the time it closes. The slot depends
                    // on the object's depth too, so a key an enclosing object also has seldom evicts its claim.
                    let fingerprint = JSONParserScratch.paddedFingerprint(p + start, i &- 1 &- start)
                    let hash = JSONParserScratch.keyHash(fingerprint)
                    // A key of the top-level object (only the root's node is at index 0) gets its entry; a key of
                    // another object writes the entry past the last one a root key can take, which nothing reads:
                    // no branch that alternates with the nesting. Bit 31 (no node index reaches it) marks a key
                    // with escapes, which the index skips.
                    let entry = object == 0 ? Int(truncatingIfNeeded: members &- 1) : rootKeySink
                    rootKeys[entry] =
                        hash & 0xFFFF_FFFF_0000_0000 | UInt64(truncatingIfNeeded: nodeCount &- 1)
                        | (hasEscapes ? 0x8000_0000 : 0)
                    let slot = JSONParserScratch.keySlot(hash: hash, depth: depth) & keySlotMask
                    let claim = payloadStamp | UInt64(truncatingIfNeeded: object)
                    let previous = keySlots[slot]
                    keySlots[slot] = claim
                    // Stamps only grow (the slots are cleared when they wrap around), so a claim of this payload is
                    // exactly one at or above its stamp: one comparison, nearly never true, for both cases below.
                    if previous >= payloadStamp || hasEscapes {
                        if previous == claim || hasEscapes {
                            nodes[object].flags = JSONNode.needsKeyCheck
                        }
                        if previous != claim && previous >= payloadStamp {
                            // An open object's node still has the `end` written when it opened.
                            let other = Int(truncatingIfNeeded: previous & 0xFFFF_FFFF)
                            if nodes[other].end == UInt32(truncatingIfNeeded: other &+ 1) {
                                nodes[other].flags = JSONNode.needsKeyCheck
                            }
                        }
                    }
                    if p[i] != UInt8(ascii: ":") {
                        i = skipWhitespace(p, i)
                        guard p[i] == UInt8(ascii: ":") else { return nil }
                    }
                    i = skipWhitespace(p, i &+ 1)
                    continue value
                }
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                // Beyond 64 levels, which no push payload reaches, the full scanner decides: `objects` then holds
                // the kind of every open container.
                guard depth < maximumDepth && depth < 64 else { return nil }
                let object = byte == UInt8(ascii: "{")
                let container = nodeCount
                stack[depth] = UInt32(truncatingIfNeeded: container)
                let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: depth)
                objects = object ? objects | bit : objects & ~bit
                depth &+= 1
                nodes[nodeCount] = node(object ? JSONNode.object : JSONNode.array, 0, i, 0, nodeCount)
                nodeCount &+= 1
                i = skipWhitespace(p, i &+ 1)
                if p[i] == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    // Empty: nothing to check.
                    i &+= 1
                    depth &-= 1
                    nodes[container].end = UInt32(truncatingIfNeeded: nodeCount)
                } else if object {
                    guard p[i] == UInt8(ascii: "\"") else { return nil }
                    isKey = true
                    continue value
                } else {
                    nodes[container].length = 1
                    continue value
                }
            } else if byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") {
                var isInteger = true
                let end = number(p, i, &isInteger)
                guard end >= 0 else { return nil }
                nodes[nodeCount] = node(JSONNode.number, isInteger ? JSONNode.isInteger : 0, i, end &- i, nodeCount)
                nodeCount &+= 1
                i = end
            } else {
                let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt32.self)
                let kind: UInt8
                let length: Int
                if word == UInt32(littleEndian: 0x6575_7274) {
                    (kind, length) = (JSONNode.true, 4)
                } else if word == UInt32(littleEndian: 0x736C_6166) && p[i &+ 4] == UInt8(ascii: "e") {
                    (kind, length) = (JSONNode.false, 5)
                } else if word == UInt32(littleEndian: 0x6C6C_756E) {
                    (kind, length) = (JSONNode.null, 4)
                } else {
                    return nil
                }
                nodes[nodeCount] = node(kind, 0, i, length, nodeCount)
                nodeCount &+= 1
                i &+= length
            }

            // A value just ended: close containers and find what comes next.
            while true {
                // Compact JSON has no whitespace here: one load and one comparison find the separator.
                var separator = p[i]
                if separator <= 0x20 {
                    i = skipWhitespace(p, i)
                    separator = p[i]
                }
                if depth == 0 { return i == n ? nodeCount : nil }
                let level = depth &- 1
                let container = Int(stack[level])
                let object = objects &>> UInt64(truncatingIfNeeded: level) & 1 != 0
                if separator == UInt8(ascii: ",") {
                    i = skipWhitespace(p, i &+ 1)
                    if object {
                        guard p[i] == UInt8(ascii: "\"") else { return nil }
                        isKey = true
                    } else {
                        nodes[container].length &+= 1
                    }
                    continue value
                }
                guard separator == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
                i &+= 1
                depth = level
                nodes[container].end = UInt32(truncatingIfNeeded: nodeCount)
                if object && nodes[container].flags != 0 {
                    nodes[container].flags = 0
                    if scratch.duplicateKey(inObject: container, nodes: nodes, bytes: p, padded: true) != nil {
                        return nil
                    }
                }
            }
        }
    }

    /// The portable stage-one kernel: sets, in `bitmap` (``bitmapWords(forBytes:)`` words), the bit of
    /// every byte of the padded input that is `"`, `\` or below 0x20 (bit `k % 64` of word `k / 64` for
    /// byte `k`), through the zero byte after the input; returns false when the input is not valid UTF-8.
    @inline(__always)
    static func markSpecialBytes(
        _ p: UnsafePointer<UInt8>,
        count n: Int,
        into bitmap: UnsafeMutablePointer<UInt64>
    ) -> Bool {
        var utf8Errors: UInt64 = 0
        var previousEndsNonASCII = false
        var offset = 0
        var word = 0
        // Every 64-byte block that starts at or before `n`: the last one covers `n` and reads at most 63
        // bytes past it, all within the padding. UTF-8 is checked only in blocks with a byte from 0x80,
        // and in a block after one whose last three bytes may start a sequence that runs into it.
        while offset <= n {
            let block = UnsafeRawPointer(p + offset)
            let masks = JSONByteMasks.masks64(block)
            bitmap[word] = masks.special
            if masks.nonASCII || previousEndsNonASCII {
                utf8Errors |= JSONByteMasks.utf8Errors(block)
            }
            previousEndsNonASCII = masks.endsNonASCII
            word &+= 1
            offset &+= 64
        }
        return utf8Errors == 0
    }

    /// The number of bitmap words for `n` bytes: through the word that holds the zero byte at `n`.
    static func bitmapWords(forBytes n: Int) -> Int { n / 64 + 1 }

    /// The root key entries to reserve for `n` bytes: every key and its value take at least four bytes
    /// (`"":0` and a separator), so a root object has at most `(n - 2) / 4 + 1` members, below `n / 4 + 1`; the
    /// last entry is left to the keys of nested objects, which write one without a branch on their object.
    static func rootKeyEntries(forBytes n: Int) -> Int { n / 4 + 2 }

    /// Whether `\` followed by `byte` is one of the escapes `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`.
    @inline(__always)
    static func isTwoByteEscape(_ byte: UInt8) -> Bool {
        let below64: UInt64 = 1 << 0x22 | 1 << 0x2F
        let from64: UInt64 =
            1 << (0x5C - 0x40) | 1 << (0x62 - 0x40) | 1 << (0x66 - 0x40) | 1 << (0x6E - 0x40) | 1 << (0x72 - 0x40)
            | 1 << (0x74 - 0x40)
        if byte < 0x40 { return below64 >> UInt64(byte) & 1 != 0 }
        return byte < 0x80 && from64 >> UInt64(byte &- 0x40) & 1 != 0
    }

    /// A leaf or a just-opened container at index `index`: its subtree ends right after it (every writer of
    /// nodes makes them so).
    @inline(__always)
    static func node(_ kind: UInt8, _ flags: UInt8, _ start: Int, _ length: Int, _ index: Int) -> JSONNode {
        JSONNode(
            kind: kind,
            flags: flags,
            start: UInt32(truncatingIfNeeded: start),
            length: UInt32(truncatingIfNeeded: length),
            end: UInt32(truncatingIfNeeded: index &+ 1)
        )
    }

    @inline(__always)
    static func skipWhitespace(_ p: UnsafePointer<UInt8>, _ start: Int) -> Int {
        var i = start
        // One comparison rules out all four whitespace bytes in compact JSON.
        while p[i] <= 0x20 {
            let byte = p[i]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return i }
            i &+= 1
        }
        return i
    }

    /// The index of the first byte from `start` on that is not an ASCII digit, 16 bytes at a time in a vector (a byte
    /// loop mispredicts the end of every run of a timestamp, an id or a float; eight bytes at a time in a register
    /// took four 64-bit constants, and so four registers, on every number). Reads up to 15 bytes past that byte,
    /// which the padding allows (its zero bytes end any run).
    @inline(__always)
    static func digitRun(_ p: UnsafePointer<UInt8>, _ start: Int) -> Int {
        var i = start
        while true {
            let others = JSONByteMasks.nonDigits16(UnsafeRawPointer(p + i))
            if others != 0 { return i &+ others.trailingZeroBitCount }
            i &+= 16
        }
    }

    /// Whether the 19 digits at `p` are an integer that fits in `Int64` (at most 2^63 - 1, or 2^63 when
    /// negative), digit by digit: both scanners' check. Out of line: inlined, the optimiser took the eight bytes it had
    /// loaded for the digit run apart for it on every number, before knowing that the run has 19 digits.
    @inline(never)
    static func fitsInt64(_ p: UnsafePointer<UInt8>, negative: Bool) -> Bool {
        let limit: StaticString = "9223372036854775807"
        let digits = limit.utf8Start
        for k in 0..<18 where p[k] != digits[k] { return p[k] < digits[k] }
        return p[18] <= (negative ? UInt8(ascii: "8") : UInt8(ascii: "7"))
    }

    /// Scans a number at `start`; returns the index after it and sets whether it is an integer literal, or returns -1
    /// for invalid text and for numbers close enough to the limits that ``JSONScanner`` must check them (integers of 20
    /// or more digits or beyond `Int64`, exponents of three or more digits).
    @inline(__always)
    static func number(_ p: UnsafePointer<UInt8>, _ start: Int, _ isInteger: inout Bool) -> Int {
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        var i = start
        if p[i] == UInt8(ascii: "-") { i &+= 1 }
        let integerStart = i
        if p[i] == UInt8(ascii: "0") {
            i &+= 1
            if isDigit(p[i]) { return -1 }
        } else {
            guard isDigit(p[i]) else { return -1 }
            i = digitRun(p, i &+ 1)
            // 64-bit ids (snowflakes, hashes) have 19 digits: the ones that fit in Int64 stay here.
            if i &- integerStart >= 19 {
                guard i &- integerStart == 19, fitsInt64(p + integerStart, negative: integerStart != start) else {
                    return -1
                }
            }
        }
        if p[i] == UInt8(ascii: ".") {
            isInteger = false
            i &+= 1
            guard isDigit(p[i]) else { return -1 }
            i = digitRun(p, i &+ 1)
        }
        if p[i] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            i &+= 1
            if p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i &+= 1 }
            let exponentStart = i
            guard isDigit(p[i]) else { return -1 }
            i = digitRun(p, i &+ 1)
            // At most 19 integer digits and a two-digit exponent stay far from Double's range limit.
            if i &- exponentStart > 2 { return -1 }
        }
        return i
    }
}
