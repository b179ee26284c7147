#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension JSONDocument {
    /// Parses a payload, which must be a JSON object, from `Data`.
    public init(jsonBytes: Data, limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        let result = jsonBytes.withUnsafeBytes { buffer in
            Result { () throws(PushPayloadError) in try JSONDocument(jsonBytes: buffer, limits: limits) }
        }
        self = try result.get()
    }
}

extension JSONParser {
    /// Parses one payload from `Data`.
    public mutating func parse(_ jsonBytes: Data) throws(PushPayloadError) -> JSONDocument {
        try jsonBytes.withUnsafeBytes { buffer in Result { () throws(PushPayloadError) in try parse(buffer) } }.get()
    }
}
