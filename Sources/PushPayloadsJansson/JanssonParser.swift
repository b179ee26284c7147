#if Jansson
public import PushPayloadsJSON
internal import CJansson

/// The reference engine: jansson (`libjansson-dev`) configured to agree with ``JSONParser``.
///
/// It is strict and well tested but allocates for every value, so it is much slower than the native engine; use it to
/// cross-check a capture or the native engine. It accepts and rejects exactly the same input as ``JSONParser`` and
/// produces an equal ``JSONDocument``: jansson is run with `JSON_REJECT_DUPLICATES`, `JSON_ALLOW_NUL` and
/// `JSON_DECODE_ANY`, and its tree is converted with the same depth limit and top-level rule.
///
/// Two differences remain, both outside what payloads meet:
/// - jansson stops at 2,048 levels of nesting whatever ``PushPayloadLimits/maximumDepth`` says, so
///   limits above 2,047 are capped.
/// - On input with two faults, the engines may name different ones (jansson checks depth after parsing,
///   reads UTF-8 ahead and converts numbers early). Both still reject it.
///
/// Error codes are mapped onto ``PushPayloadError/Code``; messages are jansson's own.
public struct JanssonParser: Sendable {
    /// The bounds applied to each payload.
    public var limits: PushPayloadLimits

    /// Whether a top-level value other than an object is accepted (see ``JSONParser/acceptsAnyTopLevelValue``).
    public var acceptsAnyTopLevelValue: Bool

    /// Creates a parser.
    public init(limits: PushPayloadLimits = .default, acceptsAnyTopLevelValue: Bool = false) {
        self.limits = limits
        self.acceptsAnyTopLevelValue = acceptsAnyTopLevelValue
    }

    /// The version of the jansson library in use, such as `2.14`.
    public static var libraryVersion: String { String(cString: jansson_version_str()) }

    /// Parses one payload from raw UTF-8 bytes.
    package func parse(_ jsonBytes: UnsafeRawBufferPointer) throws(PushPayloadError) -> JSONDocument {
        if jsonBytes.count > limits.maximumPayloadBytes {
            throw PushPayloadError.tooLarge(byteCount: jsonBytes.count, limit: limits.maximumPayloadBytes)
        }
        var error = json_error_t()
        let flags = JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL | JSON_DECODE_ANY
        // jansson reads `buflen` bytes and never dereferences the pointer for an empty buffer.
        let base = jsonBytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer(bitPattern: 1)!
        guard let root = json_loadb(base, jsonBytes.count, Int(flags), &error) else {
            throw Self.error(from: error)
        }
        defer { cjansson_decref(root) }
        // jansson 2.14 loses a raw NUL byte that directly follows a number or a literal (its reader
        // takes a pushed-back 0 for an empty buffer), so it accepts `{"a":1\0}`. No JSON text holds a
        // raw NUL anywhere, and jansson found no other fault, so the NUL is the first one.
        if let nul = jsonBytes.firstIndex(of: 0) {
            throw PushPayloadError(.invalidJSON, message: "byte 0x00 is not allowed in JSON text", byteOffset: nul)
        }
        var builder = JSONDocumentBuilder(
            limits: PushPayloadLimits(maximumPayloadBytes: Int(UInt32.max) - 1, maximumDepth: limits.maximumDepth)
        )
        try Self.convert(root, into: &builder)
        return try builder.finish(acceptsAnyTopLevelValue: acceptsAnyTopLevelValue)
    }

    /// Parses one payload from UTF-8 bytes: an array, a slice, a string's UTF-8, `Data`, …
    public func parse(_ jsonBytes: some JSONBytes) throws(PushPayloadError) -> JSONDocument {
        try jsonBytes.withJSONBytes { buffer throws(PushPayloadError) in try parse(buffer) }
    }

    #if compiler(>=6.2)
    /// Parses one payload from a span of UTF-8 bytes.
    public func parse(_ jsonBytes: RawSpan) throws(PushPayloadError) -> JSONDocument {
        try jsonBytes.withUnsafeBytes { buffer in Result { () throws(PushPayloadError) in try parse(buffer) } }.get()
    }

    #endif

    private static func error(from error: json_error_t) -> PushPayloadError {
        let message = withUnsafeBytes(of: error.text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        var copy = error
        let code: PushPayloadError.Code
        switch json_error_code(rawValue: UInt32(cjansson_error_code(&copy))) {
        case json_error_invalid_utf8: code = .invalidUTF8
        case json_error_duplicate_key: code = .duplicateKey
        case json_error_null_byte_in_key: code = .nulInKey
        case json_error_numeric_overflow: code = .numberOutOfRange
        case json_error_stack_overflow: code = .tooDeep
        default: code = .invalidJSON
        }
        return PushPayloadError(code, message: message, byteOffset: Int(error.position))
    }

    /// Walks jansson's tree without recursion, in jansson's insertion order.
    private static func convert(
        _ root: UnsafeMutablePointer<json_t>,
        into builder: inout JSONDocumentBuilder
    ) throws(PushPayloadError) {
        enum Step {
            case value(UnsafeMutablePointer<json_t>)
            case key(String)
            case endObject
            case endArray
        }
        var steps: [Step] = [.value(root)]
        while let step = steps.popLast() {
            switch step {
            case .key(let key): try builder.key(key)
            case .endObject: try builder.endObject()
            case .endArray: try builder.endArray()
            case .value(let json):
                switch json.pointee.type {
                case JSON_OBJECT:
                    try builder.beginObject()
                    var members: [Step] = []
                    var iterator = json_object_iter(json)
                    while let current = iterator {
                        let key = UnsafeRawBufferPointer(
                            start: json_object_iter_key(current),
                            count: json_object_iter_key_len(current)
                        )
                        members.append(.key(String(decoding: key, as: UTF8.self)))
                        members.append(.value(json_object_iter_value(current)))
                        iterator = json_object_iter_next(json, current)
                    }
                    steps.append(.endObject)
                    steps.append(contentsOf: members.reversed())
                case JSON_ARRAY:
                    try builder.beginArray()
                    steps.append(.endArray)
                    let count = json_array_size(json)
                    for position in stride(from: count, to: 0, by: -1) {
                        steps.append(.value(json_array_get(json, position - 1)))
                    }
                case JSON_STRING:
                    let text = UnsafeRawBufferPointer(start: json_string_value(json), count: json_string_length(json))
                    try builder.string(String(decoding: text, as: UTF8.self))
                case JSON_INTEGER: try builder.integer(Int64(json_integer_value(json)))
                case JSON_REAL: try builder.double(json_real_value(json))
                case JSON_TRUE: try builder.bool(true)
                case JSON_FALSE: try builder.bool(false)
                default: try builder.null()
                }
            }
        }
    }
}
#endif
