import PushPayloads

/// The members of a JSON object being assembled from pieces of other documents, in order, each value kept
/// as its JSON text.
///
/// Keys are found through a hash index, so assembling an object costs time linear in its members: a send
/// request with 100,000 data keys must not take a minute (a linear scan per key did).
struct JSONMembers {
    private var keys: [String] = []
    private var values: [[UInt8]] = []
    /// Where each key is in `keys`.
    private var positions: [String: Int] = [:]

    init() {}

    init(copying object: JSONObject) {
        for (key, value) in object { add(key, raw: value.jsonBytes) }
    }

    func contains(_ key: String) -> Bool { positions[key] != nil }

    /// Adds a member, or replaces the value of an existing one.
    mutating func add(_ key: String, raw: [UInt8]) {
        if let index = positions[key] {
            values[index] = raw
        } else {
            positions[key] = keys.count
            keys.append(key)
            values.append(raw)
        }
    }

    /// Adds the string members of `object` that are not there yet.
    mutating func addStrings(of object: JSONObject?) {
        for (key, value) in object ?? .empty where value.kind == .string && !contains(key) {
            add(key, raw: value.jsonBytes)
        }
    }

    /// Sets `aps.alert` from an FCM `notification`'s title and body, unless `aps` already has an alert or is
    /// not an object (which the checks report; it is left as it is).
    mutating func addAlert(from notification: JSONObject?) {
        guard let notification else { return }
        var alert: [(String, [UInt8])] = []
        for key in ["title", "body"] {
            if let text = notification[key]?.stringValue { alert.append((key, Self.string(text))) }
        }
        guard !alert.isEmpty else { return }
        var existing: JSONObject?
        if let index = positions["aps"] {
            guard let aps = (try? JSONDocument(jsonBytes: values[index]))?.root.objectValue else { return }
            existing = aps
        }
        if existing?["alert"] != nil { return }
        var aps = existing.map(JSONMembers.init(copying:)) ?? JSONMembers()
        aps.add("alert", raw: Self.object(alert))
        add("aps", raw: aps.jsonBytes)
    }

    var jsonBytes: [UInt8] { Self.object(Array(zip(keys, values))) }

    static func object(_ members: [(String, [UInt8])]) -> [UInt8] {
        var output: [UInt8] = [UInt8(ascii: "{")]
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output += string(key)
            output.append(UInt8(ascii: ":"))
            output += value
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// A JSON string, escaped with the library's own encoder.
    static func string(_ text: String) -> [UInt8] {
        (try? JSONBytesEncoder().encode(text)) ?? Array("\"\"".utf8)
    }
}
