import PushPayloads

// Uses the core end to end, so the linker keeps what a real program keeps; `scripts/check-linkage.sh`
// then checks that no Foundation library is among its dependencies.
let payload = try PushPayload(jsonString: #"{"aps":{"alert":"Hi"},"source":"xnpe_platform","silent":1}"#)
let classification = PushDecoderRegistry.standard.classify(payload)
print(classification.vendor?.name ?? "unknown", classification.isSilent)
