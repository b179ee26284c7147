/// An error reading a push payload: what went wrong, where, and a sentence a person can act on.
///
/// Check ``code`` to react to a kind of failure; new codes may be added in any release, so a `switch` over codes needs
/// a `default`. Equality and hashing consider only the code, which makes expected errors easy to write in tests.
///
/// ```swift
/// do {
///     _ = try JSONDocument(jsonString: #"{"a": 1,}"#)
/// } catch {
///     print(error)  // invalid_json at byte 8: expected a key string after ','
/// }
/// ```
public struct PushPayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public var code: Code

    /// The byte offset in the input where the problem was found, when it has one.
    public var byteOffset: Int?

    /// The key path of the value at fault, such as `aps.alert`, when the problem belongs to one value.
    public var keyPath: String?

    /// A sentence that explains the problem to a person.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, message: String, byteOffset: Int? = nil, keyPath: String? = nil) {
        self.code = code
        self.message = message
        self.byteOffset = byteOffset
        self.keyPath = keyPath
    }

    /// The code, the position and the message on one line, such as `duplicate_key at byte 31 (aps.sound): …`.
    public var description: String {
        var text = code.name
        if let byteOffset { text += " at byte \(byteOffset)" }
        if let keyPath { text += " (\(keyPath))" }
        return text + ": " + message
    }

    /// Only the code counts, so tests can compare against `PushPayloadError(.tooDeep, message: "")`.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, matching ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The error for a payload of `byteCount` bytes, more than `limit`, found at the limit.
    package static func tooLarge(byteCount: Int, limit: Int) -> Self {
        Self(.tooLarge, message: "the payload is \(byteCount) bytes; the limit is \(limit)", byteOffset: limit)
    }

    /// The error for objects and arrays nested deeper than `limit`.
    package static func tooDeep(limit: Int, byteOffset: Int? = nil, keyPath: String? = nil) -> Self {
        Self(
            .tooDeep,
            message: "objects and arrays nest deeper than the limit of \(limit)",
            byteOffset: byteOffset,
            keyPath: keyPath
        )
    }
}

extension PushPayloadError {
    /// A kind of ``PushPayloadError``: an open set, so adding a code breaks no one.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The stable snake_case name used in command output and logs, such as `invalid_json`.
        public let name: String

        /// Creates a code; use a snake_case name that no built-in code uses.
        public init(name: String) { self.name = name }

        /// The code's ``name``.
        public var description: String { name }

        /// The bytes are not JSON: a syntax error, truncation, trailing data or a bad escape.
        public static let invalidJSON = Code(name: "invalid_json")
        /// The bytes are not valid UTF-8 (overlong forms, encoded surrogates, truncated sequences, …).
        public static let invalidUTF8 = Code(name: "invalid_utf8")
        /// An object has the same key twice, after escapes are decoded.
        public static let duplicateKey = Code(name: "duplicate_key")
        /// An object key contains U+0000. Only the jansson engine reports it (its keys are C strings); the
        /// native engine accepts such keys, as RFC 8259 does.
        public static let nulInKey = Code(name: "nul_in_key")
        /// A number does not fit: an integer outside `Int64`, or a fraction that overflows `Double`.
        public static let numberOutOfRange = Code(name: "number_out_of_range")
        /// Objects and arrays nest deeper than ``PushPayloadLimits/maximumDepth``.
        public static let tooDeep = Code(name: "too_deep")
        /// The payload is larger than ``PushPayloadLimits/maximumPayloadBytes``.
        public static let tooLarge = Code(name: "too_large")
        /// The payload is valid JSON, but its top-level value is not an object.
        public static let notAnObject = Code(name: "not_an_object")
        /// A value exists but has a type or form its reader cannot use.
        public static let typeMismatch = Code(name: "type_mismatch")
    }
}
