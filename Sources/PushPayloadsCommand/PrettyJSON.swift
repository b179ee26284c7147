import PushPayloads

/// A small JSON tree for human-facing output, rendered with two-space indentation and keys in the
/// order they were added.
indirect enum PrettyJSON: Sendable {
    case null
    case bool(Bool)
    /// A number, as JSON text.
    case number(String)
    case string(String)
    case array([PrettyJSON])
    case object([(String, PrettyJSON)])
    /// A value of a parsed document, rendered as it is.
    case json(JSONValue)
    /// JSON text, written as it is.
    case raw(String)

    static func string(_ text: String?) -> PrettyJSON { text.map(PrettyJSON.string) ?? .null }
    static func integer<T: BinaryInteger>(_ value: T?) -> PrettyJSON { value.map { .number(String($0)) } ?? .null }
    static func double(_ value: Double?) -> PrettyJSON { value.map { .number(numberText($0)) } ?? .null }
    static func json(_ value: JSONValue?) -> PrettyJSON { value.map(PrettyJSON.json) ?? .null }

    /// A finite `Double` as JSON: integral values without a fraction, others in Swift's shortest form.
    static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.rounded() == value && abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// The indented text, ending with a newline.
    var rendered: String {
        let output = OutputBuffer()
        render(into: output, indent: 0)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// Document values deeper than this are written compactly, so rendering never recurses without bound.
    static let maximumPrettyDepth = 64

    func render(into output: OutputBuffer, indent: Int) {
        switch self {
        case .null: output.append("null")
        case .bool(let value): output.append(value ? "true" : "false")
        case .number(let text), .raw(let text): output.append(string: text)
        case .string(let text): output.appendJSONString(text)
        case .array(let elements):
            guard !elements.isEmpty else { return output.append("[]") }
            output.append("[\n")
            for (index, element) in elements.enumerated() {
                Self.indent(indent + 1, output)
                element.render(into: output, indent: indent + 1)
                output.append(index < elements.count - 1 ? ",\n" : "\n")
            }
            Self.indent(indent, output)
            output.append("]")
        case .object(let members):
            guard !members.isEmpty else { return output.append("{}") }
            output.append("{\n")
            for (index, (key, value)) in members.enumerated() {
                Self.indent(indent + 1, output)
                output.appendJSONString(key)
                output.append(": ")
                value.render(into: output, indent: indent + 1)
                output.append(index < members.count - 1 ? ",\n" : "\n")
            }
            Self.indent(indent, output)
            output.append("}")
        case .json(let value):
            Self.from(value, depth: 0).render(into: output, indent: indent)
        }
    }

    /// Converts a document value into the tree, down to ``maximumPrettyDepth``.
    static func from(_ value: JSONValue, depth: Int) -> PrettyJSON {
        switch value.kind {
        case .null: return .null
        case .bool: return .bool(value.boolValue ?? false)
        case .number: return .number(value.numberValue?.text ?? "0")
        case .string: return .string(value.stringValue ?? "")
        case .array, .object:
            // JSONValue's own writer is iterative, so very deep values are safe as compact text.
            guard depth < maximumPrettyDepth else { return .raw(value.jsonString) }
            if let array = value.arrayValue { return .array(array.map { from($0, depth: depth + 1) }) }
            guard let object = value.objectValue else { return .null }
            return .object(object.map { ($0.key, from($0.value, depth: depth + 1)) })
        }
    }

    private static func indent(_ level: Int, _ output: OutputBuffer) {
        for _ in 0..<level { output.append("  ") }
    }
}
