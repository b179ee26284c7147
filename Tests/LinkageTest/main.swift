import PushPayloads
import PushRecords
import PushRequests

// The README's example and the PushRequests overview's (their statements assigned, so none is unused),
// compiled on every build; and a program that imports only the core, PushRequests and PushRecords, whose shared
// libraries `scripts/check-linkage.sh` inspects.
let bytes = Array(#"{"aps":{"alert":"Sale"},"source":"xnpe_platform","action":"deeplink","url":"shop://sale"}"#.utf8)

let payload = try PushPayload(jsonBytes: bytes)  // strict, bounded, never crashes
let classification = PushDecoderRegistry.standard.classify(payload)
_ = classification.vendor  // .exponea, .swrve, … or nil for another sender
_ = classification.isSilent  // by the owner's SDK rule
_ = classification.alsoMatching  // other vendors' markers present, in precedence order

let notification = PushDecoderRegistry.standard.decode(payload)
_ = notification.defaultAction  // e.g. .deepLink("shop://sale")
_ = notification.buttons  // with the action identifiers the OS reports

print(classification.vendor?.name ?? "unknown", notification.defaultAction.kind)

// PushRequests: an FCM v1 send request, its deliveries and findings, and the answer as JSON.
let body = Array(#"{"message":{"token":"t","data":{"source":"xnpe_platform","title":"Sale"}}}"#.utf8)
let request = try PushSendRequest(jsonBytes: body)  // APNs, FCM v1, legacy FCM or a payload
let inspection = PushInspector().inspect(request)
_ = inspection.highestSeverity  // .error: refuse the push; inspection.findings says why
for delivery in inspection.deliveries {
    _ = delivery.platform  // .ios, .android, .web
    _ = delivery.classification.vendor  // .exponea, … or nil
    _ = delivery.classification.isSilent  // by that platform's SDK rule
}
let json = try JSONBytesEncoder().encode(inspection)
print(inspection.findings.count, "findings,", json.count, "bytes of JSON")

// A server that knows its tokens' platform says so: findings for it are certain, others left out.
let forApple = PushInspector(platforms: [.ios]).inspect(request)
_ = forApple.findings.allSatisfy(\.isCertain)  // true; without platforms, some hold only "if Apple devices…"
// Over a size limit: alert text cut at grapheme cluster boundaries, or cannot_fit when it is mostly data.
let fitted = try PushFitter().fit(request)
_ = fitted.jsonBytes  // compact JSON, equal to the input's when it already fits
_ = fitted.cuts  // the JSON paths of the texts cut, if any
print(forApple.findings.count, "findings for Apple devices,", fitted.jsonBytes.count, "bytes fitted")

// PushRecords: the classify path, the PushRecords overview's example.
var decoder = PushInputDecoder()
let writer = PushRecordWriter()
for (index, line) in [bytes, body].enumerated() {
    decoder.writeRecords(jsonBytes: line, source: "capture.jsonl", line: index + 1, to: writer)
}
print(writer.byteCount, "bytes of records")
