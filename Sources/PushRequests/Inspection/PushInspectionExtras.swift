public import PushPayloads
@_spi(Writers) package import PushPayloadsJSON

/// A capability a vendor's extras type adopts beside `PushNotificationExtras` to be written into inspections
/// (``PushInspectionWriter``) straight into the writer's buffer, member by member, rather than through its `Encodable`
/// conformance, which is the default for extras that do not adopt it.
///
/// The writer meets extras by their type, not by vendor, so it is the extras, not the decoder, that adopt this.
/// Write the members the `Encodable` conformance encodes, in its order, so that the writer's bytes stay those of
/// `JSONBytesEncoder` for the same value (an absent optional is left out, as `encodeIfPresent` leaves it).
///
/// ```swift
/// extension AcmeExtras: PushInspectionExtras {
///     func writeInspection(to object: inout PushInspectionObject) throws {
///         object.member("delivery_id", deliveryID)
///         object.member("priority", priority.map(Int64.init))
///     }
/// }
/// ```
public protocol PushInspectionExtras: PushNotificationExtras {
    /// Writes the extras' members into `object`, the extras' JSON object.
    func writeInspection(to object: inout PushInspectionObject) throws
}

/// A JSON object being written into an inspection, member by member: names are written as given (plain ASCII without
/// quotes or backslashes), values as JSON, and a member whose value is `nil` is left out.
public struct PushInspectionObject {
    let output: OutputBuffer
    /// The writer's scratch array for payload values, lent for the object's lifetime so nothing is allocated.
    var scratch: [UInt8]
    private var hasMembers = false

    init(output: OutputBuffer, scratch: [UInt8]) {
        self.output = output
        self.scratch = scratch
    }

    /// `{"name":` for the first member, `,"name":` for the others.
    private mutating func key(_ name: StaticString) {
        output.append(hasMembers ? UInt8(ascii: ",") : UInt8(ascii: "{"))
        hasMembers = true
        output.append(UInt8(ascii: "\""))
        output.append(name)
        output.append(#"":"#)
    }

    /// Closes the object: `{}` when it has no member.
    mutating func end() {
        if !hasMembers { output.append(UInt8(ascii: "{")) }
        output.append(UInt8(ascii: "}"))
    }

    /// A string member.
    public mutating func member(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        output.appendJSONString(value)
    }

    /// A Boolean member.
    public mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        output.append(value ? "true" : "false")
    }

    /// An integer member, as `String(value)` writes it.
    public mutating func member(_ name: StaticString, _ value: Int64?) {
        guard let value else { return }
        key(name)
        if let integer = Int(exactly: value) {
            output.appendDecimal(integer)
        } else {
            output.append(string: String(value))
        }
    }

    /// A floating-point member, as `Encodable` writes it (its `description`).
    ///
    /// - Throws: `EncodingError` for an infinite or NaN value, which JSON has no number for.
    public mutating func member(_ name: StaticString, _ value: Double?) throws {
        guard let value else { return }
        key(name)
        try PushInspectionWriter.appendNumber(value, to: output)
    }

    /// A payload value, as compact JSON with its numbers as written.
    public mutating func member(_ name: StaticString, _ value: JSONValue?) {
        guard let value else { return }
        key(name)
        scratch.removeAll(keepingCapacity: true)
        value.appendJSONBytes(to: &scratch)
        output.append(scratch)
    }

    /// An array of Booleans.
    public mutating func member(_ name: StaticString, _ values: [Bool]) {
        key(name)
        output.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(value ? "true" : "false")
        }
        output.append(UInt8(ascii: "]"))
    }

    /// An object of strings, its members sorted by name (as `Encodable` writes a dictionary with sorted keys).
    public mutating func member(_ name: StaticString, _ values: [String: String]) {
        key(name)
        output.append(UInt8(ascii: "{"))
        for (index, (name, value)) in values.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.appendJSONString(name)
            output.append(UInt8(ascii: ":"))
            output.appendJSONString(value)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// A nested object, written by `body`.
    public mutating func member(
        _ name: StaticString,
        object body: (inout PushInspectionObject) throws -> Void
    ) rethrows {
        key(name)
        var inner = PushInspectionObject(output: output, scratch: scratch)
        scratch = []
        try body(&inner)
        inner.end()
        scratch = inner.scratch
    }

    /// An array of objects, one for each element of `elements`, each written by `body`.
    public mutating func member<Elements: Sequence>(
        _ name: StaticString,
        objects elements: Elements,
        _ body: (inout PushInspectionObject, Elements.Element) throws -> Void
    ) rethrows {
        key(name)
        output.append(UInt8(ascii: "["))
        var inner = PushInspectionObject(output: output, scratch: scratch)
        scratch = []
        for (index, element) in elements.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            inner.hasMembers = false
            try body(&inner, element)
            inner.end()
        }
        scratch = inner.scratch
        output.append(UInt8(ascii: "]"))
    }
}
