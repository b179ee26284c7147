// NSNumber and NSNull: the userInfo bridge is the one place the library needs Foundation, and it is never on the
// byte-parsing path.
import Foundation
import PushPayloadsJSON

/// Converts the `userInfo` dictionary Apple platforms deliver into the same ``JSONDocument`` the parser makes from
/// bytes, so every rule applies to both.
///
/// `NSNumber` booleans become JSON booleans, not 1 and 0 (the distinction Exponea's and Swrve's rules depend on).
/// Strings, numbers, booleans, `NSNull`, arrays and string-keyed dictionaries are accepted; anything else (dates, data,
/// URLs, non-string keys) fails with ``PushPayloadError/Code/typeMismatch`` and the key path of the offending value,
/// because no push payload can contain it.
enum UserInfoConverter {
    private enum Step {
        case value(Any, key: String?)
        case endObject
        case endArray
    }

    /// With `unrepresentable` nil, a value JSON can't hold throws; otherwise it is written as the string
    /// `String(describing:)` gives and listed with its key path. Limits, duplicate keys (a non-string key may describe
    /// itself as an existing key) and keys with U+0000 still fail.
    static func document(
        from userInfo: [AnyHashable: Any],
        limits: PushPayloadLimits,
        unrepresentable: inout [PushPayloadError]?
    ) throws(PushPayloadError) -> JSONDocument {
        var builder = JSONDocumentBuilder(limits: limits)
        // An explicit stack: dictionaries can be nested deeper than the call stack likes.
        var steps: [Step] = [.value(userInfo, key: nil)]
        while let step = steps.popLast() {
            switch step {
            case .endObject: try builder.endObject()
            case .endArray: try builder.endArray()
            case .value(let value, let key):
                if let key { try builder.key(key) }
                do {
                    try add(value, to: &builder, steps: &steps, unrepresentable: &unrepresentable)
                } catch
                    where unrepresentable != nil && (error.code == .typeMismatch || error.code == .numberOutOfRange)
                {
                    // Both are thrown before anything is written, so the value's place is still free.
                    unrepresentable?.append(PushPayloadError(error.code, message: error.message, keyPath: builder.path))
                    try builder.string(String(describing: value))
                }
            }
        }
        return try builder.finish()
    }

    private static func add(
        _ value: Any,
        to builder: inout JSONDocumentBuilder,
        steps: inout [Step],
        unrepresentable: inout [PushPayloadError]?
    ) throws(PushPayloadError) {
        switch value {
        case let string as String: try builder.string(string)
        case let substring as Substring: try builder.string(String(substring))
        case let flag as Bool where !(value is NSNumber): try builder.bool(flag)
        case let number as NSNumber:
            // "c" is the Objective-C type of BOOL, which is how JSON booleans arrive in an NSNumber.
            switch String(cString: number.objCType) {
            case "c" where number.int8Value == 0 || number.int8Value == 1: try builder.bool(number.boolValue)
            case "f", "d": try builder.double(number.doubleValue)
            case "Q", "L", "I", "S", "C":
                guard number.uint64Value <= UInt64(Int64.max) else {
                    throw PushPayloadError(.numberOutOfRange, message: "the integer does not fit in 64 bits")
                }
                try builder.integer(number.int64Value)
            default: try builder.integer(number.int64Value)
            }
        case let integer as Int: try builder.integer(Int64(integer))
        case let integer as Int64: try builder.integer(integer)
        case let integer as Int32: try builder.integer(Int64(integer))
        case let integer as UInt where integer <= UInt(Int64.max): try builder.integer(Int64(integer))
        case let double as Double: try builder.double(double)
        case let float as Float: try builder.double(Double(float))
        case is NSNull: try builder.null()
        case let dictionary as [AnyHashable: Any]:
            try builder.beginObject()
            steps.append(.endObject)
            for (key, member) in dictionary {
                guard let name = key.base as? String else {
                    let message = "userInfo has a key of type \(type(of: key.base)); JSON keys are strings"
                    guard unrepresentable != nil else { throw PushPayloadError(.typeMismatch, message: message) }
                    let described = String(describing: key.base)
                    let path = builder.path
                    let keyPath = path.isEmpty ? described : path + "." + described
                    unrepresentable?.append(PushPayloadError(.typeMismatch, message: message, keyPath: keyPath))
                    steps.append(.value(member, key: described))
                    continue
                }
                steps.append(.value(member, key: name))
            }
        case let array as [Any]:
            try builder.beginArray()
            steps.append(.endArray)
            steps.append(contentsOf: array.reversed().map { Step.value($0, key: nil) })
        default:
            throw PushPayloadError(
                .typeMismatch,
                message: "userInfo holds a value of type \(type(of: value)), which JSON cannot represent"
            )
        }
    }
}

/// The inverse of ``UserInfoConverter``: a document as the `userInfo` dictionary Apple platforms deliver, for the
/// vendor SDK calls that take one (`processAppOpenViaPushNotificationTap(userInfo:…)`,
/// `handlePushNotificationOpened(userInfo:…)`, `trackPushNotificationReceived(_:…)`).
///
/// Values take the types iOS gives a remote notification's `userInfo` (JSON read by `NSJSONSerialization`): strings as
/// `String`, JSON booleans as `NSNumber(value: Bool)` (Objective-C type `c`, so `as? Bool` and the SDKs' `NSNumber`
/// checks both see a Boolean), integers that fit in 64 bits as `NSNumber(value: Int64)`, other numbers as
/// `NSNumber(value: Double)`, `null` as `NSNull`, arrays as `[Any]` and nested objects as `[String: Any]`. A dictionary
/// converted to a document and back is equal to the original, value for value and type for type, for everything the
/// converter accepts (a Swift `Int` or `Bool` comes back as the `NSNumber` it bridges to).
enum UserInfoWriter {
    static func userInfo(from object: JSONObject) -> [AnyHashable: Any] {
        Dictionary(object.map { (AnyHashable($0.key), foundationValue($0.value)) }, uniquingKeysWith: { $1 })
    }

    /// One value; nesting is bounded by the document's own depth limit, so recursion is safe here.
    static func foundationValue(_ value: JSONValue) -> Any {
        switch value.kind {
        case .string: return value.stringValue ?? ""
        case .bool: return NSNumber(value: value.boolValue ?? false)
        case .null: return NSNull()
        case .number:
            guard let number = value.numberValue else { return NSNull() }
            if number.isIntegerLiteral, let integer = number.int64Value { return NSNumber(value: integer) }
            return NSNumber(value: number.doubleValue)
        case .array:
            return value.arrayValue?.map(foundationValue) ?? [Any]()
        case .object:
            let members = value.objectValue?.map { ($0.key, foundationValue($0.value)) } ?? []
            return [String: Any](members, uniquingKeysWith: { $1 })
        }
    }
}
