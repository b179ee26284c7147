// libFuzzer target: the vendor decoders, the classifier and the vendor entry points.
//
// The input is a payload, optionally followed by a NUL byte and an action identifier (a raw NUL can't
// occur in valid JSON, so the split never hides a valid payload). Invariants, beyond "no crash":
// - `classify` equals the classification `decode` reports, and the bulk `PushClassifier` (reused
//   across inputs) answers as the registry does;
// - each vendor entry point agrees with the registry on whether the vendor's marker is present;
// - the set of matching vendors does not depend on precedence;
// - decoding depends on the JSON data only: the payload's serialisation decodes identically;
// - tap resolution (see `FuzzTaps.swift`) answers for every identifier, the fuzzed one included,
//   consistently with the notification.
import FuzzSupport
import PushPayloads

// libFuzzer calls the entry point from one thread, one input at a time.
nonisolated(unsafe) var classifier = PushClassifier()
let reversed: PushDecoderRegistry = {
    var registry = PushDecoderRegistry.standard
    registry.setPrecedence(registry.vendors.reversed())
    return registry
}()

/// The first field in which two decodings differ, or `nil` when they are equal.
///
/// `PushNotification` isn't `Equatable`; comparing printed forms would not do either, because
/// dictionaries in the extras print in a per-instance order.
func difference(_ a: PushNotification, _ b: PushNotification) -> String? {
    let fields: [(String, Bool)] = [
        ("classification", a.classification == b.classification),
        ("isContentAvailable", a.isContentAvailable == b.isContentAvailable),
        ("isMutableContent", a.isMutableContent == b.isMutableContent),
        ("title", a.title == b.title),
        ("subtitle", a.subtitle == b.subtitle),
        ("body", a.body == b.body),
        ("badge", a.badge == b.badge),
        ("sound", a.sound == b.sound),
        ("category", a.category == b.category),
        ("threadID", a.threadID == b.threadID),
        ("interruptionLevel", a.interruptionLevel == b.interruptionLevel),
        ("relevanceScore", a.relevanceScore == b.relevanceScore),
        ("messageID", a.messageID == b.messageID),
        ("defaultAction", a.defaultAction == b.defaultAction),
        ("buttons", a.buttons == b.buttons),
        ("images", a.images == b.images),
        ("cordial", a.cordial == b.cordial),
        ("exponea", a.exponea == b.exponea),
        ("swrve", a.swrve == b.swrve),
        ("atomic", a.atomic == b.atomic),
        ("extras", a.extras == b.extras),
        ("document", a.document == b.document),
    ]
    guard let (name, _) = fields.first(where: { !$0.1 }) else { return nil }
    return name
}

/// libFuzzer's callback: checks one input, trapping on a broken invariant; the result is always 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoders(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    let split = input.firstIndex(of: 0) ?? input.count
    let payloadBytes = Array(input[..<split])
    let identifier =
        split < input.count
        ? String(decoding: input[(split + 1)...], as: UTF8.self)
        : nil

    let registry = PushDecoderRegistry.standard
    let payload: PushPayload
    do {
        payload = try PushPayload(jsonBytes: payloadBytes)
    } catch {
        // Invalid JSON is nobody's push, whichever way it comes in.
        fuzzCheck(!isCordialMessage(jsonBytes: payloadBytes), "invalid JSON is Cordial's", input: input)
        fuzzCheck(!isExponeaNotification(jsonBytes: payloadBytes), "invalid JSON is Exponea's", input: input)
        fuzzCheck(!isSwrvePush(jsonBytes: payloadBytes), "invalid JSON is Swrve's", input: input)
        fuzzCheck(notificationFromPushPayload(jsonBytes: payloadBytes) == nil, "invalid JSON is Atomic's", input: input)
        let classified = Result { () throws(PushPayloadError) in try classifier.classify(payloadBytes) }
        if case .success(let classification) = classified {
            fuzzCheck(false, "the classifier classifies invalid JSON (\(error)) as \(classification)", input: input)
        }
        return 0
    }

    let classification = registry.classify(payload)
    let notification = registry.decode(payload)
    fuzzCheck(
        notification.classification == classification,
        "classify says \(classification), decode says \(notification.classification)",
        input: input
    )
    fuzzCheck(
        !classification.alsoMatching.contains { $0 == classification.vendor } && classification.vendor != nil
            || classification.alsoMatching.isEmpty,
        "inconsistent classification \(classification)",
        input: input
    )
    fuzzCheck(classification.shape == payload.shape, "the classification's shape is not the payload's", input: input)

    let bulk = Result { () throws(PushPayloadError) in try classifier.classify(payloadBytes) }
    fuzzCheck(
        bulk == .success(classification),
        "PushClassifier says \(bulk), the registry \(classification)",
        input: input
    )
    let bulkDecoded = Result { () throws(PushPayloadError) in try classifier.decode(payloadBytes) }
    if case .success(let decoded) = bulkDecoded {
        let field = difference(decoded, notification)
        fuzzCheck(field == nil, "PushClassifier decodes \(field ?? "") differently", input: input)
    } else {
        fuzzCheck(false, "PushClassifier fails to decode: \(bulkDecoded)", input: input)
    }

    // Precedence picks the winner, never the set of matches.
    let matching = Set([classification.vendor].compactMap { $0 } + classification.alsoMatching)
    let other = reversed.classify(payload)
    let otherMatching = Set([other.vendor].compactMap { $0 } + other.alsoMatching)
    fuzzCheck(
        matching == otherMatching,
        "precedence changes the matches: \(matching) and \(otherMatching)",
        input: input
    )
    fuzzCheck(
        matching.count == classification.alsoMatching.count + (classification.vendor == nil ? 0 : 1),
        "a vendor matches twice: \(classification)",
        input: input
    )

    // The entry points apply the same rules as the registry's decoders; Cordial's applies only the rule
    // of its SDK's entry point, not its app extensions' layout.
    let cordial = isCordialMessage(jsonBytes: payloadBytes)
    let cordialMarker = CordialDecoder().match(payload)?.marker
    fuzzCheck(
        cordial == (matching.contains(.cordial) && cordialMarker?.isEntryPointRule == true),
        "isCordialMessage says \(cordial), the registry \(matching) by \(String(describing: cordialMarker))",
        input: input
    )
    let exponea = isExponeaNotification(jsonBytes: payloadBytes)
    fuzzCheck(
        exponea == matching.contains(.exponea),
        "isExponeaNotification says \(exponea), the registry \(matching)",
        input: input
    )
    let swrve = isSwrvePush(jsonBytes: payloadBytes)
    fuzzCheck(swrve == matching.contains(.swrve), "isSwrvePush says \(swrve), the registry \(matching)", input: input)
    let atomic = notificationFromPushPayload(jsonBytes: payloadBytes)
    if atomic != nil {
        fuzzCheck(
            matching.contains(.atomic),
            "notificationFromPushPayload finds a card the registry doesn't match",
            input: input
        )
    }
    for decoder in registry.decoders {
        fuzzCheck(
            (decoder.match(payload) != nil) == matching.contains(decoder.vendor),
            "\(decoder.vendor) recognises differently when asked directly",
            input: input
        )
    }

    // Decoding reads data, not spelling or whitespace: the serialisation decodes identically.
    let written = payload.document.jsonBytes
    do {
        let reparsed = try PushPayload(jsonBytes: written)
        let again = registry.decode(reparsed)
        let field = difference(again, notification)
        fuzzCheck(
            field == nil,
            "the serialisation \(preview(written)) decodes \(field ?? "") differently",
            input: input
        )
    } catch {
        fuzzCheck(false, "the serialisation \(preview(written)) does not parse: \(error)", input: input)
    }

    resolveTaps(notification, identifier: identifier, input: input)
    return 0
}

/// The executable's entry point under SwiftPM (see `runFuzzer`).
@_cdecl("FuzzDecoders_main")
public func fuzzDecodersMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzDecoders)
}
