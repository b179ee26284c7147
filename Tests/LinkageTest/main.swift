import PushPayloads

// The README's example (its statements assigned, so none is unused), compiled on every build; and a
// program that imports only the core, whose shared libraries `scripts/check-linkage.sh` inspects.
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
