import PushPayloadsJSON

extension PushInboxPage {

    /// Reads a page the reader refused as a whole, entry by entry: `nil` unless `bytes` are JSON by RFC 8259's
    /// grammar (``JSONTextSpans``) within the input limit, so that text that is not JSON keeps its own error.
    ///
    /// The page without its entries (its list replaced by `[]`) is read as usual, so what the page itself says
    /// (`success`, Cordial's position, the vendor) is checked as always, and a fault there is the page's error.
    /// Then each entry is read on its own (``entry(_:in:vendor:options:)``): one the reader refuses is an error
    /// entry beside the others, with its key path.
    init?(entryByEntry bytes: [UInt8], vendor: PushVendor?, options: PushInboxReadingOptions) throws(PushPayloadError) {
        guard bytes.count <= options.limits.maximumPayloadBytes, let spans = JSONTextSpans(bytes) else { return nil }
        let root = spans.root
        if let elements = spans.elements(of: root) {
            self.init(vendor: vendor, entries: [])
            try readEntries(elements, in: spans, under: "", vendor: vendor, options: options)
            return
        }
        guard let members = spans.members(of: root) else { return nil }
        // The list of the readers' (the given vendor's) whose key the page has; two lists are refused when the page
        // without them is read.
        let listKey = options.registry.inboxReaders
            .filter { vendor == nil || $0.vendor == vendor }
            .compactMap(\.inboxPageListKey)
            .first { key in members.contains { $0.key == key } }
        guard let listKey, let list = members.last(where: { $0.key == listKey }),
            let elements = spans.elements(of: list.value)
        else {
            // No list of entries: the text is one entry, read as one.
            let result = Self.entry(root, in: spans, vendor: vendor, options: options)
            self.init(vendor: (try? result.get())?.vendor ?? vendor, entries: [Entry(keyPath: "", result: result)])
            return
        }
        var skeleton = Array(bytes[..<list.value.lowerBound])
        skeleton += Array("[]".utf8)
        skeleton += bytes[list.value.upperBound...]
        // Faults of the page's own (a duplicate key beside the list, a bad `success`) are the page's error.
        try self.init(value: try options.document(jsonBytes: skeleton).root, vendor: vendor, options: options)
        try readEntries(elements, in: spans, under: listKey, vendor: self.vendor, options: options)
    }

    private mutating func readEntries(
        _ elements: [Range<Int>],
        in spans: JSONTextSpans,
        under prefix: String,
        vendor: PushVendor?,
        options: PushInboxReadingOptions
    ) throws(PushPayloadError) {
        try appendEntries(elements, count: elements.count, under: prefix, options: options) {
            element throws(PushPayloadError) in
            try Self.entry(element, in: spans, vendor: vendor, options: options).get()
        }
    }

    /// The entry at `range`: read as usual when the reader takes it; otherwise read with its custom content (Swrve
    /// `customer_json`, Cordial `metadata`) set aside as text (``PushInboxMessage/customContentText``), which the SDKs
    /// hand to the app unread; otherwise the reader's error.
    static func entry(
        _ range: Range<Int>,
        in spans: JSONTextSpans,
        vendor: PushVendor?,
        options: PushInboxReadingOptions
    ) -> Result<PushInboxMessage, PushPayloadError> {
        let bytes = Array(spans.bytes[range])
        let refusal: PushPayloadError
        do {
            let document = try options.document(jsonBytes: bytes)
            return Result { () throws(PushPayloadError) in
                try PushInboxMessage(entry: document.root, vendor: vendor, options: options)
            }
        } catch {
            refusal = error
        }
        guard let members = spans.members(of: range) else { return .failure(refusal) }
        // Only an object or array is custom content the SDKs keep; any other value is the entry's fault.
        let customContentKeys = Set(options.registry.inboxReaders.compactMap(\.inboxCustomContentKey))
        let custom = members.filter {
            customContentKeys.contains($0.key)
                && [UInt8(ascii: "{"), UInt8(ascii: "[")].contains(bytes[$0.value.lowerBound - range.lowerBound])
        }
        guard !custom.isEmpty else { return .failure(refusal) }
        // The entry with each custom value replaced by an empty one of its kind (which the readers keep with no
        // issue), back to front so the ranges stay right. The entry's JSON (``PushInboxMessage/document``) is
        // this one, so reading it again reads the same.
        var rest = bytes
        for member in custom.reversed() {
            let local = (member.value.lowerBound - range.lowerBound)..<(member.value.upperBound - range.lowerBound)
            rest.replaceSubrange(
                local,
                with: bytes[local.lowerBound] == UInt8(ascii: "{") ? [0x7B, 0x7D] : [0x5B, 0x5D]
            )
        }
        guard let document = try? options.document(jsonBytes: rest) else { return .failure(refusal) }
        return Result { () throws(PushPayloadError) in
            var message = try PushInboxMessage(entry: document.root, vendor: vendor, options: options)
            guard let kept = options.registry.inboxReader(for: message.vendor)?.inboxCustomContentKey,
                let member = custom.last(where: { $0.key == kept })
            else { throw refusal }
            message.customContent = nil
            message.customContentText = String(decoding: spans.bytes[member.value], as: UTF8.self)
            return message
        }
    }
}
