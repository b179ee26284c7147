import Foundation
import PushPayloads
import PushPayloadsTestSupport
import Testing

@testable import PushRequests

/// The deliveries are views of the request or built from its pieces, never its text parsed again: they
/// must equal, value for value and byte for byte, what writing the pieces out and parsing them gave.
@Suite("Deliveries built from the parsed request")
struct PushDeliveryBuilderTests {
    /// One input: a corpus file or line, a vendor fixture, or an edge case below.
    struct Input: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }
    }

    /// Requests whose deliveries take every path: escaped keys (top level and nested), a data string
    /// named `aps`, values of other types in data, numbers and strings spelled unusually, and the
    /// alert FCM writes from escaped text.
    static let edgeCases: [String] = [
        #"{"message":{"token":"t","data":{"a":"1","b":"2"},"notification":{"title":"T\u00e9\b","body":"B\/"},"apns":{"payload":{"aps":{"sound":"s"},"x":1E3}}}}"#,
        #"{"message":{"token":"t","data":{"aps":"x","k":"v"},"notification":{"title":"T"}}}"#,
        #"{"message":{"token":"t","data":{"aps":"x"},"notification":{"title":"T"},"apns":{"payload":{"aps":{"badge":1}}}}}"#,
        #"{"message":{"token":"t","data":{"k":"v"},"notification":{"body":"B"},"apns":{"payload":{"aps":"no"}}}}"#,
        #"{"message":{"token":"t","data":{"k":"v","n":2,"o":{"p":"q"}},"android":{"data":{"\u0061":"1","b":"2"}}}}"#,
        #"{"message":{"token":"t","data":{"k\u00e9":"v","n":-0.0},"webpush":{"data":{"w":"x","n":[1,{"a":null}]}}}}"#,
        #"{"message":{"token":"t","apns":{"payload":{"\u0061ps":{"alert":"a"},"k":{"\u006b":"\u0076"}}}}}"#,
        #"{"message":{"token":"t","apns":{"payload":{"aps":{"alert":{"title":"own"}}}},"notification":{"title":"T"}}}"#,
        #"{"message":{"token":"t","notification":{"title":"T","body":"B"}}}"#,
        #"{"message":{"token":"t","notification":{"title":1,"body":"B"},"data":{}}}"#,
        #"{"to":"t","data":{"k":"v","aps":"x","z":"last"},"notification":{"title":"T","body":"B","sound":"d\u00e9","badge":"07"},"content_available":true,"mutable_content":true,"priority":"high"}"#,
        #"{"to":"t","data":{"k":"v","n":1},"notification":{"body":"B","badge":"x"},"priority":"normal"}"#,
        #"{"registration_ids":["a"],"notification":{"title":"T"}}"#,
        #"{"condition":"c","data":{"\u0074itle":"t","aps":{"alert":"no"}}}"#,
        #"{"headers":{"apns-push-type":"voip","x":1},"payload":{"aps":{"alert":"A"},"k":[1,2.50,true,false,null]}}"#,
        #"{"payload":{"\u0061ps":{"content-available":1},"k":"v"}}"#,
        #"{"payload":{}}"#,
        #"{"aps":{"alert":"device"},"k":"v"}"#,
        #"{"k":"v","l":"w"}"#,
    ]

    static let inputs: [Input] = {
        var inputs = edgeCases.enumerated().map { Input(name: "edge case \($0.offset)", bytes: Array($0.element.utf8)) }
        for path in TestPaths.files(below: TestPaths.corpus, extensions: ["json", "jsonl"]) {
            let file = TestPaths.corpus.appendingPathComponent(path).path
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let lines = path.hasSuffix(".jsonl") ? data.split(separator: UInt8(ascii: "\n")) : [data[...]]
            for (number, line) in lines.enumerated() where !line.isEmpty {
                inputs.append(Input(name: "Corpus/\(path):\(number + 1)", bytes: Array(line)))
            }
        }
        return inputs
    }()

    @Test("the corpus holds requests of every kind")
    func corpusHasRequests() throws {
        var kinds = Set<PushRequestKind>()
        for input in Self.inputs where !input.name.hasPrefix("edge") {
            if let request = try? PushSendRequest(jsonBytes: input.bytes) { kinds.insert(request.kind) }
        }
        #expect(kinds == [.fcmV1, .fcmLegacy, .apnsRequest, .devicePayload])
    }

    @Test("each delivery equals the one written out and parsed again, byte for byte", arguments: inputs)
    func equalsReparsedDeliveries(_ input: Input) throws {
        guard let document = try? JSONDocument(jsonBytes: input.bytes) else { return }
        // The kind detected, then each kind forced, so every path runs on every input.
        for kind in [nil, PushRequestKind.fcmV1, .fcmLegacy, .apnsRequest, .devicePayload] {
            let request = PushSendRequest(document: document, kind: kind)
            let expected = ReparsedDeliveries(request: request).deliveries()
            let deliveries = request.deliveries
            #expect(deliveries.map(\.platform) == expected.map(\.platform), "\(request.kind)")
            for (delivery, old) in zip(deliveries, expected) {
                let label = "\(request.kind) \(delivery.platform)"
                #expect(delivery.payload.document == old.payload.document, "\(label)")
                #expect(delivery.payload.document.jsonString == old.payload.document.jsonString, "\(label)")
                #expect(delivery.payload.document.valueCount == old.payload.document.valueCount, "\(label)")
                #expect(delivery.payload.shape == old.payload.shape, "\(label)")
                #expect(delivery.headers == old.headers, "\(label)")
                #expect(delivery.systemText == old.systemText, "\(label)")
                #expect((delivery.payload.aps == nil) == (old.payload.aps == nil), "\(label)")
            }
        }
    }

    @Test(
        "a payload the device receives as the request holds it is a view: nothing copied",
        arguments: [
            (#"{"headers":{"apns-push-type":"alert"},"payload":{"aps":{"alert":"A"},"k":"v"}}"#, PushPlatform.ios),
            (#"{"message":{"token":"t","android":{"data":{"k":"v","l":"w"}},"data":{"n":1}}}"#, .android),
            (#"{"message":{"token":"t","data":{"k":"v","l":"w"},"webpush":{}}}"#, .web),
            (#"{"message":{"token":"t","apns":{"payload":{"aps":{"badge":1}}}}}"#, .ios),
            (#"{"to":"t","data":{"k":"v"}}"#, .android),
        ]
    )
    func viewSharesStorage(_ json: String, _ platform: PushPlatform) throws {
        let request = try PushSendRequest(jsonString: json)
        let delivery = try #require(request.deliveries.first { $0.platform == platform })
        #expect(delivery.payload.document.shares(request.document))
        #expect(delivery.payload.document.valueCount < request.document.valueCount)
    }

    @Test(
        "a payload FCM merges, or whose keys are written with escapes, is built: its own storage",
        arguments: [
            (#"{"payload":{"\u0061ps":{"alert":"A"}}}"#, PushPlatform.ios),
            (#"{"message":{"token":"t","data":{"k":"v","n":1}}}"#, .android),
            (#"{"message":{"token":"t","data":{"k":"v"}}}"#, .ios),
            (#"{"to":"t","data":{"k":"v"}}"#, .ios),
        ]
    )
    func builtPayloadOwnsStorage(_ json: String, _ platform: PushPlatform) throws {
        let request = try PushSendRequest(jsonString: json)
        let delivery = try #require(request.deliveries.first { $0.platform == platform })
        #expect(!delivery.payload.document.shares(request.document))
    }

    @Test("a delivery over the request's limits is an empty payload, as a parse of its text failed")
    func overLimits() throws {
        // Read under the default limits, then held under smaller ones than its deliveries need.
        let text = String(repeating: "t", count: 40)
        let json = #"{"message":{"token":"t","notification":{"title":"\#(text)"},"data":{"k":"\#(text)"}}}"#
        let document = try JSONDocument(jsonString: json)
        for size in [20, 50, 100] {
            let request = PushSendRequest(document: document, limits: PushPayloadLimits(maximumPayloadBytes: size))
            let expected = ReparsedDeliveries(request: request).deliveries()
            #expect(request.deliveries.map(\.payload.document) == expected.map(\.payload.document), "\(size)")
        }
        let small = PushSendRequest(document: document, limits: PushPayloadLimits(maximumPayloadBytes: 50))
        #expect(small.deliveries.map(\.payload.document.rootObject.count) == [0, 1])
    }

    @Test("the deliveries are built once, with the request")
    func builtOnce() throws {
        let request = try PushSendRequest(jsonString: #"{"message":{"token":"t","data":{"k":"v"}}}"#)
        let first = request.deliveries.map(\.payload.document)
        let again = request.deliveries.map(\.payload.document)
        #expect(zip(first, again).allSatisfy { $0.shares($1) })
    }
}

/// The former way to build deliveries, kept as the oracle: each piece written out as JSON text
/// (`value.jsonBytes`, keys escaped again), the pieces joined, and the result parsed again. The headers
/// and the system text are read as the builder reads them (`stringMap`, `text`): not what changed.
private struct ReparsedDeliveries {
    let request: PushSendRequest

    func deliveries() -> [PushDelivery] {
        let root = request.document.rootObject
        switch request.kind {
        case .fcmV1:
            guard let message = root["message"]?.objectValue else { return [] }
            return fcmV1(message)
        case .fcmLegacy:
            return fcmLegacy(root)
        case .apnsRequest:
            let body = root["payload"]?.objectValue ?? .empty
            return [
                PushDelivery(
                    platform: .ios,
                    payload: payload(Members(copying: body), shape: .apns),
                    headers: PushDeliveryBuilder.stringMap(root["headers"])
                )
            ]
        default:
            // A device payload is its own delivery, as it always was.
            return request.deliveries
        }
    }

    private func fcmV1(_ message: JSONObject) -> [PushDelivery] {
        let blocks = ["data", "notification", "android", "apns"].map { message[$0]?.objectValue }
        let (data, notification, android, apns) = (blocks[0], blocks[1], blocks[2], blocks[3])
        var body = Members(copying: apns?["payload"]?.objectValue ?? .empty)
        body.addStrings(of: data)
        body.addAlert(from: notification)
        var deliveries = [
            PushDelivery(
                platform: .ios,
                payload: payload(body, shape: .apns),
                headers: PushDeliveryBuilder.stringMap(apns?["headers"])
            )
        ]
        var androidData = Members()
        androidData.addStrings(of: android?["data"]?.objectValue ?? data)
        deliveries.append(
            PushDelivery(
                platform: .android,
                payload: payload(androidData, shape: .fcm),
                systemText: PushDeliveryBuilder.text(android?["notification"]?.objectValue, over: notification)
            )
        )
        if let webpush = message["webpush"]?.objectValue {
            var webData = Members()
            webData.addStrings(of: webpush["data"]?.objectValue ?? data)
            deliveries.append(
                PushDelivery(
                    platform: .web,
                    payload: payload(webData, shape: .fcm),
                    systemText: PushDeliveryBuilder.text(webpush["notification"]?.objectValue, over: notification)
                )
            )
        }
        return deliveries
    }

    private func fcmLegacy(_ root: JSONObject) -> [PushDelivery] {
        let data = root["data"]?.objectValue
        let notification = root["notification"]?.objectValue
        var body = Members()
        body.addStrings(of: data)
        var aps = Members()
        let title = notification?["title"]?.stringValue
        let text = notification?["body"]?.stringValue
        var alert: [(String, [UInt8])] = []
        if let title { alert.append(("title", Members.string(title))) }
        if let text { alert.append(("body", Members.string(text))) }
        if !alert.isEmpty { aps.add("alert", raw: Members.object(alert)) }
        if let sound = notification?["sound"]?.stringValue { aps.add("sound", raw: Members.string(sound)) }
        if let badge = notification?["badge"]?.stringValue.flatMap({ Int($0) }) {
            aps.add("badge", raw: Array(String(badge).utf8))
        }
        if root["content_available"]?.boolValue == true { aps.add("content-available", raw: Array("1".utf8)) }
        if root["mutable_content"]?.boolValue == true { aps.add("mutable-content", raw: Array("1".utf8)) }
        body.add("aps", raw: aps.jsonBytes)
        var headers: [String: String] = [:]
        switch root["priority"]?.stringValue {
        case "high": headers["apns-priority"] = "10"
        case "normal": headers["apns-priority"] = "5"
        default: break
        }
        var androidData = Members()
        androidData.addStrings(of: data)
        return [
            PushDelivery(platform: .ios, payload: payload(body, shape: .apns), headers: headers),
            PushDelivery(
                platform: .android,
                payload: payload(androidData, shape: .fcm),
                systemText: PushDeliveryBuilder.text(nil, over: notification)
            ),
        ]
    }

    private func payload(_ members: Members, shape: PushWireShape) -> PushPayload {
        let document = (try? JSONDocument(jsonBytes: members.jsonBytes, limits: request.limits)) ?? .emptyObject
        return PushPayload(document: document, shape: shape, limits: request.limits)
    }

    /// An object's members being assembled, each value kept as its JSON text.
    struct Members {
        private var keys: [String] = []
        private var values: [[UInt8]] = []
        private var positions: [String: Int] = [:]

        init() {}

        init(copying object: JSONObject) {
            for (key, value) in object { add(key, raw: value.jsonBytes) }
        }

        mutating func add(_ key: String, raw: [UInt8]) {
            if let index = positions[key] {
                values[index] = raw
            } else {
                positions[key] = keys.count
                keys.append(key)
                values.append(raw)
            }
        }

        mutating func addStrings(of object: JSONObject?) {
            for (key, value) in object ?? .empty where value.kind == .string && positions[key] == nil {
                add(key, raw: value.jsonBytes)
            }
        }

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
            var aps = existing.map(Members.init(copying:)) ?? Members()
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

        static func string(_ text: String) -> [UInt8] {
            (try? JSONBytesEncoder().encode(text)) ?? Array("\"\"".utf8)
        }
    }
}
