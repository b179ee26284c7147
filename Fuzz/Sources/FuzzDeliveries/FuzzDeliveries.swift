// libFuzzer target: a send request's deliveries, which are views of the parsed request or documents
// built from its pieces (`JSONDocumentBuilder` copying values as they are written), never its text
// parsed again.
//
// For each kind (detected, then each forced), every delivery's document must be sound (every view
// consistent, its text parsing back to an equal document, every object of it a sound view of its own),
// and must hold what FCM delivers: an APNs request's `payload` as it is; on Android and the web, the
// string members of the data map, in order; on iOS, `apns.payload`'s members first, then the data's
// strings that it lacks. Inspecting and fitting the request must not trap.
import FuzzSupport
import PushPayloads
import PushRequests

func checkDeliveries(of request: PushSendRequest, input: UnsafeRawBufferPointer) {
    let root = request.document.rootObject
    let inspection = PushInspector(registry: .extended).inspect(request)
    fuzzCheck(inspection.deliveries.count == request.deliveries.count, "the inspection lost a delivery", input: input)
    for delivery in request.deliveries {
        let document = delivery.payload.document
        checkViews(of: document, input: input)
        checkRoundTrip(of: document, acceptsAnyTopLevelValue: false, input: input, parsedFromInput: false)
        checkSubtreeViews(of: document, input: input)
        fuzzCheck(
            (delivery.payload.aps != nil) == (document.rootObject["aps"]?.objectValue != nil),
            "the payload's aps is not its document's",
            input: input
        )
        // An empty payload stands for one over the limits; there is nothing more to compare then.
        guard !document.rootObject.isEmpty else { continue }
        let message = root["message"]?.objectValue
        switch (request.kind, delivery.platform) {
        case (.apnsRequest, _):
            fuzzCheck(
                document == JSONDocument(root["payload"]?.objectValue ?? .empty),
                "the APNs payload is not the request's",
                input: input
            )
        case (.fcmV1, .android), (.fcmV1, .web), (.fcmLegacy, .android):
            let block = delivery.platform == .web ? "webpush" : "android"
            let data =
                request.kind == .fcmLegacy
                ? root["data"]?.objectValue : message?[block]?["data"]?.objectValue ?? message?["data"]?.objectValue
            let strings = (data ?? .empty).filter { $0.value.kind == .string }
            fuzzCheck(
                document.rootObject.keys == strings.map(\.key),
                "the data keys are not the strings' keys",
                input: input
            )
            for (key, value) in strings {
                fuzzCheck(document.rootObject[key] == value, "the data value of \(key) differs", input: input)
            }
        case (.fcmV1, .ios):
            let payload = message?["apns"]?["payload"]?.objectValue ?? .empty
            let keys = document.rootObject.keys
            fuzzCheck(
                Array(keys.prefix(payload.count)) == payload.keys,
                "the iOS payload does not start with apns.payload",
                input: input
            )
            for (key, value) in payload where key != "aps" {
                fuzzCheck(document.rootObject[key] == value, "apns.payload's \(key) changed", input: input)
            }
            for (key, value) in message?["data"]?.objectValue ?? .empty
            where value.kind == .string && payload[key] == nil {
                fuzzCheck(document.rootObject[key] == value, "the data string \(key) is missing on iOS", input: input)
            }
        default:
            break
        }
    }
}

/// libFuzzer's callback: checks one input, trapping on a broken invariant; the result is always 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeliveries(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    // Tight limits too (from the last byte), so deliveries over them are built and refused.
    var limits = [PushPayloadLimits.default]
    if let last = input.last, input.count > 16 {
        limits.append(
            PushPayloadLimits(maximumPayloadBytes: input.count / 2 + Int(last & 0x3F), maximumDepth: 2 + Int(last >> 6))
        )
    }
    guard let document = try? JSONDocument(jsonBytes: input.bytes) else { return 0 }
    for limit in limits {
        for kind in [nil, PushRequestKind.fcmV1, .fcmLegacy, .apnsRequest, .devicePayload] {
            checkDeliveries(of: PushSendRequest(document: document, kind: kind, limits: limit), input: input)
        }
    }
    return 0
}

/// The executable's entry point under SwiftPM (see `runFuzzer`).
@_cdecl("FuzzDeliveries_main")
public func fuzzDeliveriesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzDeliveries)
}
