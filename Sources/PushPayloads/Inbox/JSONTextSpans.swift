/// Where the values of a JSON text lie, by RFC 8259's grammar alone: for reading an inbox page entry by entry
/// when the library's reader refuses the page as a whole.
///
/// The reader refuses what no SDK can hold (a number past 2^64 or 1e308, a duplicate key, a lone surrogate
/// escape, nesting past the limit); such text is still JSON, and a page holding it in one entry's unread
/// custom content must not lose its other entries. This finds the page's members and elements, so that each
/// entry is read (and refused) on its own. It checks the grammar only, and it is iterative: nesting costs a
/// byte of the heap a level, never the stack, and the input is already bounded by the inbox limit.
struct JSONTextSpans {
    let bytes: [UInt8]

    /// The spans of `bytes`; `nil` unless they are one JSON value (with whitespace around it) in UTF-8.
    init?(_ bytes: [UInt8]) {
        // Valid UTF-8 decodes to the same bytes; an invalid sequence becomes U+FFFD.
        guard String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes) else { return nil }
        self.bytes = bytes
        guard let root = valueEnd(from: skipWhitespace(0)), skipWhitespace(root) == bytes.count else { return nil }
    }

    /// The root value's range, without the whitespace around it.
    var root: Range<Int> {
        let start = skipWhitespace(0)
        var end = bytes.count
        while end > start && Self.isWhitespace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    /// The members of the object at `range`: each key's text, decoded, and its value's range. `nil` if the
    /// value there is not an object, or a key is not text the library reads (a lone surrogate in a key).
    func members(of range: Range<Int>) -> [(key: String, value: Range<Int>)]? {
        guard bytes[range.lowerBound] == UInt8(ascii: "{") else { return nil }
        var members: [(key: String, value: Range<Int>)] = []
        var index = skipWhitespace(range.lowerBound + 1)
        if bytes[index] == UInt8(ascii: "}") { return members }
        while true {
            // The whole text is valid, so every step below finds what the grammar says is there.
            guard let keyEnd = stringEnd(from: index), let key = Self.decodeKey(bytes[index..<keyEnd]) else {
                return nil
            }
            let valueStart = skipWhitespace(skipWhitespace(keyEnd) + 1)
            guard let valueEnd = valueEnd(from: valueStart) else { return nil }
            members.append((key, valueStart..<valueEnd))
            index = skipWhitespace(valueEnd)
            if bytes[index] == UInt8(ascii: "}") { return members }
            index = skipWhitespace(index + 1)
        }
    }

    /// The elements of the array at `range`, or `nil` if the value there is not an array.
    func elements(of range: Range<Int>) -> [Range<Int>]? {
        guard bytes[range.lowerBound] == UInt8(ascii: "[") else { return nil }
        var elements: [Range<Int>] = []
        var index = skipWhitespace(range.lowerBound + 1)
        if bytes[index] == UInt8(ascii: "]") { return elements }
        while true {
            guard let end = valueEnd(from: index) else { return nil }
            elements.append(index..<end)
            index = skipWhitespace(end)
            if bytes[index] == UInt8(ascii: "]") { return elements }
            index = skipWhitespace(index + 1)
        }
    }

    /// A key's text: plain, or decoded by the library's reader when it has escapes.
    private static func decodeKey(_ quoted: ArraySlice<UInt8>) -> String? {
        let inner = quoted.dropFirst().dropLast()
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        return (try? JSONDocument(jsonValueBytes: Array(quoted)))?.root.stringValue
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func skipWhitespace(_ start: Int) -> Int {
        var index = start
        while index < bytes.count && Self.isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    /// The end of the value that starts at `start`, or `nil` if none does. Containers are followed with a
    /// stack of their opening bytes, so nesting is bounded by memory, not by the call stack.
    private func valueEnd(from start: Int) -> Int? {
        var open: [UInt8] = []
        var index = start
        while true {
            // A value.
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index = skipWhitespace(index + 1)
                guard index < bytes.count else { return nil }
                guard bytes[index] == UInt8(ascii: "}") else {
                    open.append(UInt8(ascii: "{"))
                    guard let keyEnd = memberKeyEnd(from: index) else { return nil }
                    index = keyEnd
                    continue
                }
                index += 1
            case UInt8(ascii: "["):
                index = skipWhitespace(index + 1)
                guard index < bytes.count else { return nil }
                guard bytes[index] == UInt8(ascii: "]") else {
                    open.append(UInt8(ascii: "["))
                    continue
                }
                index += 1
            case UInt8(ascii: "\""):
                guard let end = stringEnd(from: index) else { return nil }
                index = end
            default:
                guard let end = scalarEnd(from: index) else { return nil }
                index = end
            }
            // After a value: the next member or element, or the end of containers.
            while true {
                guard let container = open.last else { return index }
                index = skipWhitespace(index)
                guard index < bytes.count else { return nil }
                let closer = container == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if bytes[index] == closer {
                    open.removeLast()
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index = skipWhitespace(index + 1)
                if container == UInt8(ascii: "{") {
                    guard let keyEnd = memberKeyEnd(from: index) else { return nil }
                    index = keyEnd
                }
                break
            }
        }
    }

    /// After a member's key and its colon: where the value starts.
    private func memberKeyEnd(from start: Int) -> Int? {
        guard let keyEnd = stringEnd(from: start) else { return nil }
        let colon = skipWhitespace(keyEnd)
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { return nil }
        return skipWhitespace(colon + 1)
    }

    /// The end of the string that starts at `start` (after its closing quote).
    private func stringEnd(from start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return index + 1
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { return nil }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                case UInt8(ascii: "u"):
                    guard index + 6 <= bytes.count, bytes[(index + 2)..<(index + 6)].allSatisfy(\.isHexDigit) else {
                        return nil
                    }
                    index += 6
                default:
                    return nil
                }
            case 0..<0x20:
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// The end of the number or literal (`true`, `false`, `null`) that starts at `start`.
    private func scalarEnd(from start: Int) -> Int? {
        for literal in ["true", "false", "null"] {
            let text = Array(literal.utf8)
            if bytes[start...].starts(with: text) { return start + text.count }
        }
        var index = start
        func digits() -> Int {
            let first = index
            while index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return nil
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits() > 0 else { return nil }
        }
        return index
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
