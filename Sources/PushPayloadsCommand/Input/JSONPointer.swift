import PushPayloads

/// A JSON Pointer (RFC 6901), such as `/request/body` or `/items/0`, resolved against parsed records.
///
/// `~1` stands for `/` and `~0` for `~` inside a token; the empty pointer is the whole document. On an
/// object a token is a key (`/0` is the key `"0"`); on an array it is an index, written without leading
/// zeros, and `-` (the element after the last) never resolves.
struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The pointer as written.
    let description: String
    /// Its reference tokens, with `~1` and `~0` decoded.
    let tokens: [String]

    struct SyntaxError: Error, CustomStringConvertible {
        var description: String
    }

    init(_ text: String) throws(SyntaxError) {
        description = text
        guard !text.isEmpty else {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else {
            throw SyntaxError(description: "the JSON pointer \"\(text)\" must be empty or start with /")
        }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var characters = raw.makeIterator()
            while let character = characters.next() {
                guard character == "~" else {
                    token.append(character)
                    continue
                }
                switch characters.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                case let other?:
                    let message = "has ~\(other): only ~0 (~) and ~1 (/) are escapes"
                    throw SyntaxError(description: "the JSON pointer \"\(text)\" \(message)")
                case nil:
                    throw SyntaxError(description: "the JSON pointer \"\(text)\" ends with ~: write ~0 for ~")
                }
            }
            tokens.append(token)
        }
        self.tokens = tokens
    }

    /// What a pointer found in a document.
    enum Resolution {
        case found(JSONValue)
        /// Nothing there; the reason says where the path stopped.
        case missing(String)
    }

    func resolve(in root: JSONValue) -> Resolution {
        var value = root
        for (depth, token) in tokens.enumerated() {
            switch value.kind {
            case .object:
                guard let member = value[token] else {
                    return .missing("\(parent(depth)) has no member \"\(token)\"")
                }
                value = member
            case .array:
                let count = value.arrayValue?.count ?? 0
                guard let index = Self.arrayIndex(token) else {
                    return .missing("\(parent(depth)) is an array, and \"\(token)\" is not an index of it")
                }
                guard let element = value[index] else {
                    return .missing("\(parent(depth)) is an array of \(count) \(count == 1 ? "element" : "elements")")
                }
                value = element
            default:
                return .missing("\(parent(depth)) is \(Self.describe(value.kind)), not an object or an array")
            }
        }
        return .found(value)
    }

    /// The value that the token at `depth` looks into, as messages name it: `the record`, `/request`.
    private func parent(_ depth: Int) -> String {
        guard depth > 0 else { return "the record" }
        let written = description.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return "/" + written.prefix(depth).joined(separator: "/")
    }

    /// RFC 6901's array index: `0`, or digits without a leading zero; `-` and anything else is none.
    static func arrayIndex(_ token: String) -> Int? {
        guard let first = token.utf8.first, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        guard first != UInt8(ascii: "0") || token.utf8.count == 1 else { return nil }
        return Int(token)
    }

    /// `a string`, `an array`, … for messages.
    static func describe(_ kind: JSONValue.Kind) -> String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}
