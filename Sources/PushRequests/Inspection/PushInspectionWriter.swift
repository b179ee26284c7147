public import PushPayloads
@_spi(Writers) package import PushPayloadsJSON

/// Writes inspections, notifications and findings as JSON straight into a buffer it keeps: the bytes
/// `JSONBytesEncoder().encode(_:)` writes for the same value (a test holds the two equal on the corpus and
/// the vendors' fixtures), without `Encodable`'s existentials, containers and tree.
///
/// Member names are constants and the text is appended as it goes, so once the buffer has grown to the largest answer
/// an inspection costs one pass and no allocation of its own: the payload's JSON goes through a scratch array it keeps,
/// and the model's title, subtitle and body are escaped straight from the parsed bytes. Extras that adopt
/// ``PushInspectionExtras`` (the standard vendors' do) write themselves into the buffer; any other extras go through
/// their `Encodable` conformance, with `JSONBytesEncoder`.
///
/// The output is compact JSON, members in the schema's order (`docs/json-schema.md`), every member
/// present, `null` when absent; APNs headers are sorted by name.
///
/// ```swift
/// var writer = PushInspectionWriter()
/// for body in bodies {
///     writer.removeAll()                                 // keeps the buffer
///     try writer.write(PushInspector().inspect(try PushSendRequest(jsonBytes: body)))
///     writer.withBytes { send($0) }                     // in place; `bytes` is a copy
/// }
/// ```
///
/// A value: each thread or request uses its own (a server keeps one per worker, or pools them). A copy
/// shares the buffer until either writes, as an array does.
public struct PushInspectionWriter: @unchecked Sendable {
    // Unchecked: the buffer is a class that is not Sendable, but it is written only from the public
    // mutating methods, each of which first makes it this value's own (`makeUnique`), so no two values,
    // and no two threads, ever write one buffer, or read one while it is written.
    private var output: OutputBuffer
    /// The payload's compact JSON on its way into `output`, kept so it is not allocated per payload.
    private var scratch: [UInt8] = []

    /// Creates a writer whose buffer holds `capacity` bytes before it grows.
    public init(capacity: Int = 4_096) {
        output = OutputBuffer(capacity: capacity)
    }

    /// A copy of the JSON written since the writer was made or last emptied; ``withBytes(_:)`` reads it
    /// without copying.
    public var bytes: [UInt8] { output.bytes }

    /// The number of bytes written since the writer was made or last emptied.
    public var byteCount: Int { output.count }

    /// The bytes the buffer holds before it grows again.
    public var capacity: Int { output.reservedCapacity }

    /// Hands `body` the JSON written since the writer was made or last emptied, in place: `body` must not
    /// keep the buffer.
    public func withBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try output.withBytes { bytes throws(Failure) in try body(UnsafeRawBufferPointer(bytes)) }
    }

    /// Empties the buffer, keeping its storage for the next value.
    public mutating func removeAll() {
        makeUnique()
        output.removeAll()
    }

    /// Gives this value a buffer of its own before it writes, if a copy shares it.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&output) { output = output.copy() }
    }

    /// Appends `inspection`: `schema_version`, `kind`, `deliveries` and `findings`.
    ///
    /// - Throws: `EncodingError` when a vendor's extras refuse to encode (a non-finite number), or when
    ///   a notification's relevance score is not finite: what `JSONBytesEncoder` throws for the same
    ///   value. The buffer then holds a partial value; empty it before reusing it.
    public mutating func write(_ inspection: PushInspection) throws {
        makeUnique()
        append(#"{"schema_version":"#)
        output.appendDecimal(PushInspection.schemaVersion)
        append(#","kind":"#, inspection.kind.name)
        append(#","deliveries":["#)
        // By index, so each delivery and finding is read in place rather than copied out of its array.
        for index in inspection.deliveries.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            try write(inspection.deliveries[index])
        }
        append(#"],"findings":["#)
        for index in inspection.findings.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            write(inspection.findings[index])
        }
        append("]}")
    }

    /// Appends one platform's delivery: `platform`, `headers` (sorted by name), `system_text` and `notification`.
    ///
    /// - Throws: As ``write(_:)-(PushInspection)``.
    public mutating func write(_ delivery: PushInspection.Delivery) throws {
        makeUnique()
        append(#"{"platform":"#, delivery.platform.name)
        append(#","headers":{"#)
        // Sorted as the `Encodable` conformance sorts them; most deliveries have no header or one.
        if delivery.headers.count == 1, let (name, value) = delivery.headers.first {
            appendMember(name, value)
        } else if !delivery.headers.isEmpty {
            for (index, (name, value)) in delivery.headers.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendMember(name, value)
            }
        }
        append(#"},"system_text":"#)
        appendText(delivery.systemText)
        append(#","notification":"#)
        try write(delivery.notification)
        output.append(UInt8(ascii: "}"))
    }

    /// Appends a notification: its `classification`, every field of the model (`null` when absent), the
    /// extras keyed by their names, and the payload as compact JSON (numbers as written).
    ///
    /// - Throws: As ``write(_:)-(PushInspection)``.
    public mutating func write(_ notification: PushNotification) throws {
        makeUnique()
        append(#"{"classification":"#)
        write(notification.classification)
        append(#","content_available":"#)
        appendBool(notification.isContentAvailable)
        append(#","mutable_content":"#)
        appendBool(notification.isMutableContent)
        append(#","message_id":"#)
        output.appendJSONText(notification.messageIDText)
        append(#","title":"#)
        output.appendJSONText(notification.titleText)
        append(#","subtitle":"#)
        output.appendJSONText(notification.subtitleText)
        append(#","body":"#)
        output.appendJSONText(notification.bodyText)
        append(#","vendor_text":"#)
        appendText(notification.vendorText)
        append(#","badge":"#)
        if let badge = notification.badge { output.appendDecimal(badge) } else { append("null") }
        append(#","sound":"#, notification.sound)
        append(#","category":"#, notification.category)
        append(#","thread_id":"#, notification.threadID)
        append(#","interruption_level":"#, notification.interruptionLevel?.name)
        append(#","relevance_score":"#)
        if let score = notification.relevanceScore { try appendNumber(score) } else { append("null") }
        append(#","default_action":"#)
        appendAction(notification.defaultAction)
        append(#","buttons":["#)
        for (index, button) in notification.buttons.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            append(#"{"title":"#, button.title)
            append(#","action_identifier":"#, button.actionIdentifier)
            append(#","action":"#)
            appendAction(button.action)
            append(#","options":["#)
            for (index, option) in button.options.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output.appendJSONString(option)
            }
            append("]}")
        }
        append(#"],"images":["#)
        for (index, image) in notification.images.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            append(#"{"url":"#, image.url)
            append(#","fallback_url":"#, image.fallbackURL)
            append(#","deep_link":"#, image.deepLink)
            output.append(UInt8(ascii: "}"))
        }
        append(#"],"extras":"#)
        try appendExtras(notification.extras)
        append(#","payload":"#)
        // Written in place: no array of the payload's own.
        appendJSON(notification.document.root)
        output.append(UInt8(ascii: "}"))
    }

    /// Appends a classification: `vendor`, `marker`, `entry_point_rule`, `also_matching`, `silent` and `shape`.
    public mutating func write(_ classification: PushClassification) {
        makeUnique()
        append(#"{"vendor":"#, classification.vendor?.name)
        append(#","marker":"#)
        if let marker = classification.marker {
            output.appendJSONString(marker.name)
            append(marker.isEntryPointRule ? #","entry_point_rule":true"# : #","entry_point_rule":false"#)
        } else {
            append(#"null,"entry_point_rule":null"#)
        }
        append(#","also_matching":["#)
        for (index, vendor) in classification.alsoMatching.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.appendJSONString(vendor.name)
        }
        append(classification.isSilent ? #"],"silent":true,"shape":"# : #"],"silent":false,"shape":"#)
        output.appendJSONString(classification.shape.rawValue)
        output.append(UInt8(ascii: "}"))
    }

    /// Appends a finding: `rule` (its id), `severity`, `platform`, `path`, `header`, `message` and `certain`.
    public mutating func write(_ finding: PushFinding) {
        makeUnique()
        output.append(UInt8(ascii: "{"))
        Self.writeMembers(of: finding, into: output)
        output.append(UInt8(ascii: "}"))
    }

    /// A finding's members without the braces, `"rule":…,"certain":…`: the finding's schema, written once for
    /// inspections, `lint`'s records (``PushRecordWriter``) and `PushFinding`'s `Encodable` form.
    package static func writeMembers(of finding: PushFinding, into output: OutputBuffer) {
        output.append(#""rule":"#)
        output.appendJSONString(finding.rule.id)
        output.append(#","severity":"#)
        output.appendJSONString(finding.severity.rawValue)
        output.append(#","platform":"#)
        output.appendJSONString(orNull: finding.platform?.name)
        output.append(#","path":"#)
        output.appendJSONString(orNull: finding.path)
        output.append(#","header":"#)
        output.appendJSONString(orNull: finding.header)
        output.append(#","message":"#)
        output.appendJSONString(finding.message)
        output.append(finding.isCertain ? #","certain":true"# : #","certain":false"#)
    }

    // MARK: The model's small values

    private mutating func appendAction(_ action: PushAction) {
        append(#"{"kind":"#, action.kind.name)
        append(#","url":"#, action.url)
        append(#","fallback_url":"#, action.fallbackURL)
        append(#","campaign_id":"#, action.campaignID)
        output.append(UInt8(ascii: "}"))
    }

    private mutating func appendText(_ text: PushText?) {
        guard let text else { return append("null") }
        append(#"{"title":"#, text.title)
        append(#","subtitle":"#, text.subtitle)
        append(#","body":"#, text.body)
        output.append(UInt8(ascii: "}"))
    }

    /// The extras object: extras that write themselves (``PushInspectionExtras``, as the standard vendors' do) straight
    /// into the buffer, any other type through its `Encodable`.
    private mutating func appendExtras(_ extras: PushExtras) throws {
        let values = extras.all
        // Two types under one name (a custom decoder's) meet in one member, as `Encodable`'s keyed
        // containers merge them; that rare case is left to the encoder, so the bytes stay the same.
        for (index, value) in values.enumerated()
        where values[..<index].contains(where: { type(of: $0).name == type(of: value).name }) {
            try JSONBytesEncoder().encode(extras, into: output)
            return
        }
        output.append(UInt8(ascii: "{"))
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.appendJSONString(type(of: value).name)
            output.append(UInt8(ascii: ":"))
            if let writable = value as? any PushInspectionExtras {
                var object = PushInspectionObject(output: output, scratch: scratch)
                // Lent, not shared: the object's appends find the scratch array unique.
                scratch = []
                defer { scratch = object.scratch }
                try writable.writeInspection(to: &object)
                object.end()
            } else {
                try JSONBytesEncoder().encode(value, into: output)
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    // MARK: JSON text

    private mutating func append(_ text: StaticString) {
        output.append(text)
    }

    /// `key`, a member's name with its punctuation (`,"sound":`), and `text` as a JSON string, or `null`.
    private mutating func append(_ key: StaticString, _ text: String?) {
        output.append(key)
        output.appendJSONString(orNull: text)
    }

    /// A floating-point number as `Encodable` writes it (its `description`); JSON has no infinity or NaN.
    private mutating func appendNumber(_ value: Double) throws {
        try Self.appendNumber(value, to: output)
    }

    static func appendNumber(_ value: Double, to output: OutputBuffer) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: [], debugDescription: "JSON has no infinite or NaN numbers")
            )
        }
        output.append(string: value.description)
    }

    private mutating func appendBool(_ value: Bool) {
        append(value ? "true" : "false")
    }

    private mutating func appendMember(_ name: String, _ value: String) {
        output.appendJSONString(name)
        output.append(UInt8(ascii: ":"))
        output.appendJSONString(value)
    }

    /// A value of the payload as compact JSON, with its numbers as written: written into the reused
    /// scratch array by the engine, then copied.
    private mutating func appendJSON(_ value: JSONValue) {
        scratch.removeAll(keepingCapacity: true)
        value.appendJSONBytes(to: &scratch)
        output.append(scratch)
    }
}
