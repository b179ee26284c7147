/// The single-pass, iterative RFC 8259 scanner behind ``JSONParser``.
///
/// It reads a padded copy of the input (zero bytes follow the last byte, so word loads and look-ahead
/// never need a bounds check: zero is never whitespace, a digit, a continuation byte or a quote) and
/// writes nodes into a buffer sized for the worst case, so the loop itself never allocates.
struct JSONScanner {
    let p: UnsafePointer<UInt8>
    let n: Int
    let nodes: UnsafeMutablePointer<JSONNode>
    let maximumDepth: Int
    let scratch: JSONParserScratch
    var stack: UnsafeMutablePointer<UInt32> { scratch.stack }
    var i = 0
    var nodeCount = 0
    var depth = 0

    /// Scans the `count` padded bytes at `bytes` into `nodes`, which has room for
    /// ``JSONStorage/maximumNodes(forBytes:maximumDepth:)``; returns the node count.
    static func scan(
        _ bytes: UnsafePointer<UInt8>,
        count: Int,
        into nodes: UnsafeMutablePointer<JSONNode>,
        scratch: JSONParserScratch,
        maximumDepth: Int
    ) throws(PushPayloadError) -> Int {
        var scanner = Self(p: bytes, n: count, nodes: nodes, maximumDepth: maximumDepth, scratch: scratch)
        try scanner.scan()
        return scanner.nodeCount
    }

    // MARK: Errors

    @inline(never)
    func fail(_ code: PushPayloadError.Code, _ message: String, at offset: Int) -> PushPayloadError {
        PushPayloadError(code, message: message, byteOffset: offset)
    }

    /// The error for an unexpected byte: invalid UTF-8 if it starts no valid sequence, else a syntax error.
    @inline(never)
    func unexpected(at offset: Int, expected: String) -> PushPayloadError {
        if offset >= n {
            return fail(.invalidJSON, "unexpected end of input: expected \(expected)", at: offset)
        }
        let byte = p[offset]
        if byte >= 0x80 && JSONStringDecoding.utf8SequenceLength(p + offset) == 0 {
            return fail(.invalidUTF8, "byte 0x\(hex(byte)) does not start a valid UTF-8 sequence", at: offset)
        }
        return fail(.invalidJSON, "expected \(expected), found \(describe(offset))", at: offset)
    }

    /// The invalid-UTF-8 error for the byte at `offset` if it starts no valid UTF-8 sequence: a byte
    /// that is not UTF-8 is reported as such wherever it stands, as jansson does too.
    @inline(never)
    func notUTF8(at offset: Int) -> PushPayloadError? {
        guard offset < n, p[offset] >= 0x80, JSONStringDecoding.utf8SequenceLength(p + offset) == 0 else {
            return nil
        }
        return fail(.invalidUTF8, invalidUTF8Message(at: offset), at: offset)
    }

    func hex(_ byte: UInt8) -> String {
        String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
    }

    func describe(_ offset: Int) -> String {
        let byte = p[offset]
        switch byte {
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x80...: return "a non-ASCII character"
        default: return "byte 0x\(hex(byte))"
        }
    }

    // MARK: Driver

    /// Scans the whole input as one JSON value followed only by whitespace.
    mutating func scan() throws(PushPayloadError) {
        skipWhitespace()
        if i >= n {
            throw fail(.invalidJSON, n == 0 ? "the input is empty" : "the input holds only whitespace", at: i)
        }
        value: while true {
            // Here a value must start at `i` (whitespace already skipped).
            let byte = p[i]
            switch byte {
            case UInt8(ascii: "{"):
                try open(JSONNode.object)
                skipWhitespace()
                guard p[i] == UInt8(ascii: "}") else {
                    try key()
                    continue value
                }
                i += 1
                try close()
            case UInt8(ascii: "["):
                try open(JSONNode.array)
                skipWhitespace()
                guard p[i] == UInt8(ascii: "]") else {
                    nodes[Int(stack[depth - 1])].length &+= 1
                    continue value
                }
                i += 1
                try close()
            case UInt8(ascii: "\""):
                _ = try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
            case UInt8(ascii: "t"):
                try literal(0x6575_7274, JSONNode.true, "true")
            case UInt8(ascii: "f"):
                // "fals" then "e".
                guard p[i + 4] == UInt8(ascii: "e") else { throw literalMismatch("false") }
                try literal(0x736C_6166, JSONNode.false, "false", length: 5)
            case UInt8(ascii: "n"):
                try literal(0x6C6C_756E, JSONNode.null, "null")
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                throw fail(.invalidJSON, "expected a value, found \(describe(i)) (a trailing comma?)", at: i)
            default:
                throw unexpected(at: i, expected: "a value")
            }

            // A value just ended: close containers and find what comes next.
            while true {
                skipWhitespace()
                if depth == 0 {
                    if i < n { throw unexpected(at: i, expected: "the end of input after the top-level value") }
                    return
                }
                let container = Int(stack[depth - 1])
                let separator = p[i]
                if nodes[container].kind == JSONNode.object {
                    if separator == UInt8(ascii: ",") {
                        i += 1
                        skipWhitespace()
                        try key()
                        continue value
                    }
                    if separator != UInt8(ascii: "}") { throw unexpected(at: i, expected: "',' or '}' in an object") }
                } else {
                    if separator == UInt8(ascii: ",") {
                        i += 1
                        skipWhitespace()
                        if i >= n { throw unexpected(at: i, expected: "a value") }
                        nodes[container].length &+= 1
                        continue value
                    }
                    if separator != UInt8(ascii: "]") { throw unexpected(at: i, expected: "',' or ']' in an array") }
                }
                i += 1
                try close()
            }
        }
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while true {
            let byte = p[i]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            i += 1
        }
    }

    @inline(__always)
    mutating func append(_ kind: UInt8, flags: UInt8 = 0, start: Int, length: Int) {
        nodes[nodeCount] = JSONFastScanner.node(kind, flags, start, length, nodeCount)
        nodeCount += 1
    }

    @inline(__always)
    mutating func open(_ kind: UInt8) throws(PushPayloadError) {
        if depth >= maximumDepth {
            throw PushPayloadError.tooDeep(limit: maximumDepth, byteOffset: i)
        }
        stack[depth] = UInt32(truncatingIfNeeded: nodeCount)
        depth += 1
        append(kind, start: i, length: 0)
        i += 1
    }

    @inline(__always)
    mutating func close() throws(PushPayloadError) {
        depth -= 1
        let index = Int(stack[depth])
        nodes[index].end = UInt32(truncatingIfNeeded: nodeCount)
        if nodes[index].kind == JSONNode.object && nodes[index].length > 1 {
            if let duplicate = scratch.duplicateKey(inObject: index, nodes: nodes, bytes: p) {
                throw duplicateKeyError(duplicate)
            }
        }
    }

    @inline(never)
    func duplicateKeyError(_ keyIndex: Int) -> PushPayloadError {
        let name = JSONStringDecoding.string(nodes[keyIndex], in: p)
        return PushPayloadError(
            .duplicateKey,
            message: "the key \"\(name)\" appears more than once in one object",
            byteOffset: Int(nodes[keyIndex].start) - 1,
            keyPath: keyPath(endingAt: keyIndex)
        )
    }

    /// The dotted path of key node `keyIndex` in the object just closed (`stack[depth]`), found by
    /// walking down the containers still open.
    func keyPath(endingAt keyIndex: Int) -> String {
        var parts: [String] = []
        for level in 0..<depth {
            parts.append(memberName(of: Int(stack[level]), value: Int(stack[level + 1])))
        }
        parts.append(JSONStringDecoding.string(nodes[keyIndex], in: p))
        return parts.joined(separator: ".")
    }

    /// The key (or array index) under which `container` holds the value node `value`. Every member
    /// before it is closed, so their `end` indices are final.
    func memberName(of container: Int, value: Int) -> String {
        let isObject = nodes[container].kind == JSONNode.object
        var index = container + 1
        var position = 0
        while index < nodeCount {
            let valueIndex = isObject ? index + 1 : index
            if valueIndex == value {
                return isObject ? JSONStringDecoding.string(nodes[index], in: p) : String(position)
            }
            index = Int(nodes[valueIndex].end)
            position += 1
        }
        return "?"
    }

    // MARK: Tokens

    /// Scans an object key, the colon after it, and the whitespace before the value.
    @inline(__always)
    mutating func key() throws(PushPayloadError) {
        guard p[i] == UInt8(ascii: "\"") else {
            if p[i] == UInt8(ascii: "}") {
                throw fail(.invalidJSON, "expected a key string, found '}' (a trailing comma?)", at: i)
            }
            throw unexpected(at: i, expected: "a key string")
        }
        _ = try string()
        nodes[Int(stack[depth - 1])].length &+= 1
        skipWhitespace()
        guard p[i] == UInt8(ascii: ":") else { throw unexpected(at: i, expected: "':' after an object key") }
        i += 1
        skipWhitespace()
        if i >= n { throw unexpected(at: i, expected: "a value") }
    }

    /// Scans a string starting at the opening quote, appends its node and returns its flags.
    @inline(__always)
    mutating func string() throws(PushPayloadError) -> UInt8 {
        let quote = i
        i += 1
        let start = i
        var flags: UInt8 = 0
        while true {
            // Eight bytes at a time: stop at a quote, a backslash, a control byte or a non-ASCII byte.
            var mask = Self.specialBytes(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            while mask == 0 {
                i += 8
                mask = Self.specialBytes(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            }
            i += mask.trailingZeroBitCount >> 3
            let byte = p[i]
            if byte == UInt8(ascii: "\"") {
                append(JSONNode.string, flags: flags, start: start, length: i - start)
                i += 1
                return flags
            }
            if byte == UInt8(ascii: "\\") {
                flags |= JSONNode.hasEscapes
                try escape(&flags, stringStart: quote)
            } else if byte >= 0x80 {
                let length = JSONStringDecoding.utf8SequenceLength(p + i)
                if length == 0 {
                    if i >= n { throw unterminated(quote) }
                    throw fail(.invalidUTF8, invalidUTF8Message(at: i), at: i)
                }
                i += length
            } else {
                if i >= n { throw unterminated(quote) }
                throw fail(
                    .invalidJSON,
                    "control character 0x\(hex(byte)) inside a string must be written as an escape",
                    at: i
                )
            }
        }
    }

    @inline(never)
    func unterminated(_ quote: Int) -> PushPayloadError {
        fail(.invalidJSON, "the string that starts here is never closed (the input is truncated)", at: quote)
    }

    @inline(never)
    func invalidUTF8Message(at offset: Int) -> String {
        let byte = p[offset]
        switch byte {
        case 0x80...0xBF: return "byte 0x\(hex(byte)) is a UTF-8 continuation byte with no lead byte"
        case 0xC0, 0xC1: return "byte 0x\(hex(byte)) starts an overlong UTF-8 encoding"
        case 0xF5...0xFF: return "byte 0x\(hex(byte)) never appears in UTF-8"
        case 0xED where p[offset + 1] >= 0xA0:
            return "the bytes encode a UTF-16 surrogate, which UTF-8 forbids"
        case 0xE0 where p[offset + 1] < 0xA0, 0xF0 where p[offset + 1] < 0x90:
            return "the bytes are an overlong UTF-8 encoding"
        case 0xF4 where p[offset + 1] >= 0x90:
            return "the bytes encode a code point above U+10FFFF"
        default: return "the UTF-8 sequence starting with byte 0x\(hex(byte)) is truncated"
        }
    }

    /// A bit set in the high bit of each byte lane that is `"`, `\`, below 0x20 or at least 0x80.
    ///
    /// Lanes above the first flagged one may be flagged falsely (borrows), which is harmless: only the
    /// lowest flagged lane is used.
    @inline(__always)
    static func specialBytes(_ raw: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: raw)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let control = word &- (ones &* 0x20)
        let quoteZero = quotes &- ones & ~quotes
        let backslashZero = backslashes &- ones & ~backslashes
        return (control | quoteZero | backslashZero | word) & high
    }

    @inline(__always)
    mutating func escape(_ flags: inout UInt8, stringStart quote: Int) throws(PushPayloadError) {
        let escapeStart = i
        let byte = p[i + 1]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            i += 2
        case UInt8(ascii: "u"):
            let scalar = try hex4(at: i + 2, escapeStart: escapeStart, quote: quote)
            i += 6
            if scalar & 0xFC00 == 0xD800 {
                guard p[i] == UInt8(ascii: "\\") && p[i + 1] == UInt8(ascii: "u") else {
                    if let error = notUTF8(at: p[i] == UInt8(ascii: "\\") ? i + 1 : i) { throw error }
                    throw fail(
                        .invalidJSON,
                        "the escape \\u\(hexScalar(scalar)) is a high surrogate with no low surrogate after it",
                        at: escapeStart
                    )
                }
                let low = try hex4(at: i + 2, escapeStart: i, quote: quote)
                guard low & 0xFC00 == 0xDC00 else {
                    throw fail(
                        .invalidJSON,
                        "the escape \\u\(hexScalar(scalar)) is a high surrogate followed by \\u\(hexScalar(low)), not a low surrogate",
                        at: escapeStart
                    )
                }
                i += 6
            } else if scalar & 0xFC00 == 0xDC00 {
                throw fail(
                    .invalidJSON,
                    "the escape \\u\(hexScalar(scalar)) is a low surrogate with no high surrogate before it",
                    at: escapeStart
                )
            }
        default:
            if i + 1 >= n { throw unterminated(quote) }
            if let error = notUTF8(at: i + 1) { throw error }
            throw fail(.invalidJSON, "\\\(describeEscape(i + 1)) is not a JSON escape", at: escapeStart)
        }
    }

    func describeEscape(_ offset: Int) -> String {
        let byte = p[offset]
        return (0x21...0x7E).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "x\(hex(byte))"
    }

    func hexScalar(_ scalar: UInt32) -> String {
        hex(UInt8(truncatingIfNeeded: scalar >> 8)) + hex(UInt8(truncatingIfNeeded: scalar))
    }

    @inline(__always)
    func hex4(at offset: Int, escapeStart: Int, quote: Int) throws(PushPayloadError) -> UInt32 {
        let value = JSONStringDecoding.hex4(p + offset)
        if value >= 0 { return UInt32(truncatingIfNeeded: value) }
        var bad = offset
        while JSONStringDecoding.hexDigit(p[bad]) >= 0 { bad += 1 }
        if bad >= n { throw unterminated(quote) }
        if let error = notUTF8(at: bad) { throw error }
        throw fail(.invalidJSON, "a \\u escape needs four hexadecimal digits", at: escapeStart)
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    mutating func number() throws(PushPayloadError) {
        let start = i
        let negative = p[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let integerStart = i
        if p[i] == UInt8(ascii: "0") {
            i += 1
            if Self.isDigit(p[i]) { throw fail(.invalidJSON, "numbers may not have leading zeros", at: start) }
        } else if Self.isDigit(p[i]) {
            i += 1
            while Self.isDigit(p[i]) { i += 1 }
        } else {
            throw unexpected(at: i, expected: "a digit after '-'")
        }
        let integerDigits = i - integerStart
        var isInteger = true
        var fractionStart = i
        if p[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            fractionStart = i
            guard Self.isDigit(p[i]) else { throw unexpected(at: i, expected: "a digit after '.'") }
            while Self.isDigit(p[i]) { i += 1 }
        }
        let fractionEnd = i
        var exponent = 0
        if p[i] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            i += 1
            var exponentNegative = false
            if p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
                exponentNegative = p[i] == UInt8(ascii: "-")
                i += 1
            }
            guard Self.isDigit(p[i]) else { throw unexpected(at: i, expected: "a digit in the exponent") }
            while Self.isDigit(p[i]) {
                // Saturate: any exponent past a billion already decides the outcome.
                if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(p[i] &- UInt8(ascii: "0")) }
                i += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        if isInteger {
            // Integers must fit `Int64`, as they do for jansson (`json_int_t`), Apple's NSNumber and every SDK.
            if integerDigits > 19
                || integerDigits == 19 && !JSONFastScanner.fitsInt64(p + integerStart, negative: negative)
            {
                throw fail(.numberOutOfRange, "the integer does not fit in 64 bits", at: start)
            }
        } else {
            try checkDouble(
                start: start,
                integerStart: integerStart,
                integerDigits: integerDigits,
                fractionStart: fractionStart,
                fractionEnd: fractionEnd,
                exponent: exponent
            )
        }
        append(JSONNode.number, flags: isInteger ? JSONNode.isInteger : 0, start: start, length: i - start)
    }

    /// Numbers with a fraction or exponent must stay finite as a `Double` (underflow to zero is fine).
    func checkDouble(
        start: Int,
        integerStart: Int,
        integerDigits: Int,
        fractionStart: Int,
        fractionEnd: Int,
        exponent: Int
    ) throws(PushPayloadError) {
        // Decimal exponent of the leading significant digit, or nil when every digit is zero.
        var leading: Int? = nil
        if p[integerStart] != UInt8(ascii: "0") {
            leading = integerDigits - 1
        } else {
            var k = fractionStart
            while k < fractionEnd && p[k] == UInt8(ascii: "0") { k += 1 }
            if k < fractionEnd { leading = -(k - fractionStart + 1) }
        }
        guard let leading else { return }
        let magnitude = leading + exponent
        if magnitude < 308 { return }
        var overflows = magnitude > 308
        if !overflows {
            // 1e308 fits and 1.8e308 does not: only a correctly rounded parse knows exactly where the edge is.
            overflows = JSONNumber.double(jsonText: UnsafeBufferPointer(start: p + start, count: i - start)).isInfinite
        }
        if overflows { throw fail(.numberOutOfRange, "the number is too large for a 64-bit float", at: start) }
    }

    @inline(__always)
    mutating func literal(_ word: UInt32, _ kind: UInt8, _ text: String, length: Int = 4) throws(PushPayloadError) {
        guard UnsafeRawPointer(p + i).loadUnaligned(as: UInt32.self) == UInt32(littleEndian: word) else {
            throw literalMismatch(text)
        }
        append(kind, start: i, length: length)
        i += length
    }

    /// The error for a misspelt `true`, `false` or `null`: invalid UTF-8 at the first byte that differs
    /// if it starts no valid sequence (as for any unexpected byte), else a syntax error at the literal.
    @inline(never)
    func literalMismatch(_ text: String) -> PushPayloadError {
        let expected = Array(text.utf8)
        var k = 0
        while k < expected.count && p[i + k] == expected[k] { k += 1 }
        return notUTF8(at: i + k) ?? unexpected(at: i, expected: "a value")
    }
}
