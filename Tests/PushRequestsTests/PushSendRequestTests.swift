import PushPayloads
import PushRequests
import PushPayloadsTestSupport
import Testing

@Suite("Send requests")
struct PushSendRequestTests {
    @Test(
        "the kind is told from the top level",
        arguments: [
            (#"{"message":{"token":"t","data":{"a":"b"}}}"#, PushRequestKind.fcmV1),
            (#"{"message":{"topic":"news"},"validate_only":true}"#, .fcmV1),
            (#"{"to":"t","data":{"a":"b"},"priority":"high"}"#, .fcmLegacy),
            (#"{"registration_ids":["a","b"],"notification":{"title":"x"}}"#, .fcmLegacy),
            (#"{"headers":{"apns-push-type":"alert"},"payload":{"aps":{"alert":"x"}}}"#, .apnsRequest),
            (#"{"payload":{"aps":{"alert":"x"}}}"#, .apnsRequest),
            (#"{"aps":{"alert":"x"},"payload":{"a":1}}"#, .devicePayload),
            (#"{"source":"xnpe_platform","message":"M","title":"T"}"#, .devicePayload),
            (#"{"to":"t","mcID":"m"}"#, .devicePayload),
            (#"{"message":{"token":"t"},"extra":1}"#, .devicePayload),
        ]
    )
    func kind(_ json: String, _ kind: PushRequestKind) throws {
        #expect(try PushSendRequest(jsonString: json).kind == kind)
    }

    @Test(
        "an FCM v1 body reaches iOS with the data beside aps and the notification as the alert; Android gets the data"
    )
    func fcmV1Deliveries() throws {
        let request = try PushSendRequest(
            jsonString: #"""
                {"message":{"token":"t","notification":{"title":"T","body":"B"},
                 "data":{"source":"xnpe_platform","title":"ET","message":"EM"},
                 "apns":{"headers":{"apns-priority":"10"},"payload":{"aps":{"mutable-content":1},"k":"v"}}}}
                """#
        )
        let deliveries = request.deliveries
        #expect(deliveries.map(\.platform) == [.ios, .android])
        let ios = try #require(deliveries.first)
        #expect(ios.payload.shape == .apns)
        #expect(ios.headers == ["apns-priority": "10"])
        #expect(ios.payload["source"]?.stringValue == "xnpe_platform")
        #expect(ios.payload["k"]?.stringValue == "v")
        #expect(ios.payload.aps?["alert"]?["title"]?.stringValue == "T")
        #expect(ios.payload.aps?["mutable-content"]?.numberValue?.int64Value == 1)
        let android = deliveries[1]
        #expect(android.payload.shape == .fcm)
        #expect(android.payload.object.keys == ["source", "title", "message"])
        #expect(android.systemText == PushText(title: "T", body: "B"))
    }

    @Test("an alert in apns.payload wins over the common notification on iOS")
    func apnsAlertWins() throws {
        let request = try PushSendRequest(
            jsonString:
                #"{"message":{"token":"t","notification":{"title":"T"},"apns":{"payload":{"aps":{"alert":"own"}}}}}"#
        )
        #expect(request.deliveries.first?.payload.aps?["alert"]?.stringValue == "own")
    }

    @Test("a web delivery exists only with a webpush block; android.data overrides data on Android")
    func webAndOverride() throws {
        let request = try PushSendRequest(
            jsonString:
                #"{"message":{"topic":"x","data":{"a":"1","b":"2"},"android":{"data":{"a":"A"}},"webpush":{"data":{"w":"W"}}}}"#
        )
        let deliveries = request.deliveries
        #expect(deliveries.map(\.platform) == [.ios, .android, .web])
        #expect(deliveries[1].payload.object.keys == ["a"])
        #expect(deliveries[2].payload.object.keys == ["w"])
    }

    @Test(
        "every input form gives what [UInt8] gives, detected or with the kind given",
        arguments: [
            #"{"message":{"token":"t","data":{"a":"b"}}}"#,
            #"{"payload":{"aps":{"alert":"x"}}}"#,
            #"{"aps":{"alert":"x"}}"#,
            #"{"to":"t","data":{"a":"b"},"to":"u"}"#,
            "[1]",
        ]
    )
    func inputForms(_ json: String) {
        let bytes = Array(json.utf8)
        let slice = OffsetInputs.slice(bytes)
        for kind in [nil, PushRequestKind.fcmLegacy] {
            // The request's kind and document, or the error.
            func outcome(_ read: () throws(PushPayloadError) -> PushSendRequest) -> String {
                do {
                    let request = try read()
                    return "\(request.kind) \(request.document.jsonString)"
                } catch {
                    return "\(error)"
                }
            }
            let expected = outcome { () throws(PushPayloadError) in try PushSendRequest(jsonBytes: bytes, kind: kind) }
            #expect(
                outcome { () throws(PushPayloadError) in try PushSendRequest(jsonBytes: slice, kind: kind) } == expected
            )
            #expect(
                outcome { () throws(PushPayloadError) in try PushSendRequest(jsonString: json, kind: kind) } == expected
            )
            #if compiler(>=6.2)
            #expect(
                outcome { () throws(PushPayloadError) in try PushSendRequest(jsonBytes: bytes.span.bytes, kind: kind) }
                    == expected
            )
            #endif
        }
    }
}
