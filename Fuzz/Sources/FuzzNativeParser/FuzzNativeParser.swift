// libFuzzer target: the native JSON engine on arbitrary bytes.
//
// Invariants, beyond "no crash and no sanitizer report":
// - an accepted document reads consistently through every view, re-serialises, and parses back to an
//   equal document whose serialisation is byte-identical;
// - a parser reused across inputs answers exactly as a fresh one, and the document it returned for the
//   previous input, still alive, is left intact;
// - every entry point (pointer, array, slice, span, string) answers alike;
// - every stage-one kernel this processor runs answers alike;
// - tighter limits, chosen from the first byte, only ever turn acceptance into `tooDeep` or `tooLarge`;
// - with any top-level value allowed, objects parse the same and other values are exactly the
//   `notAnObject` rejections.
import FuzzSupport
import PushPayloads
@_spi(Kernels) import PushPayloadsJSON

// libFuzzer calls the entry point from one thread, one input at a time.
nonisolated(unsafe) var reusedParser = JSONParser()
nonisolated(unsafe) var previous: (document: JSONDocument, jsonBytes: [UInt8])?

typealias Outcome = Result<JSONDocument, PushPayloadError>

func parse(_ parser: inout JSONParser, _ input: UnsafeRawBufferPointer) -> Outcome {
    Result { () throws(PushPayloadError) in try parser.parse(input.bytes) }
}

/// Checks that two outcomes are the same: both accept equal documents with the same serialisation, or
/// both reject with the same code at the same offset.
func checkSame(_ a: Outcome, _ b: Outcome, _ what: String, input: UnsafeRawBufferPointer) {
    switch (a, b) {
    case (.success(let x), .success(let y)):
        fuzzCheck(x == y, "\(what): the documents differ", input: input)
        fuzzCheck(x.jsonBytes == y.jsonBytes, "\(what): the serialisations differ", input: input)
    case (.failure(let x), .failure(let y)):
        fuzzCheck(
            x.code == y.code && x.byteOffset == y.byteOffset,
            "\(what): rejected as \(x.code)@\(x.byteOffset ?? -1) and \(y.code)@\(y.byteOffset ?? -1)",
            input: input
        )
    case (.success, .failure(let y)):
        fuzzCheck(false, "\(what): the first accepts, the second rejects with \(y)", input: input)
    case (.failure(let x), .success):
        fuzzCheck(false, "\(what): the first rejects with \(x), the second accepts", input: input)
    }
}

/// libFuzzer's callback: checks one input, trapping on a broken invariant; the result is always 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNativeParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    let bytes = Array(input)

    var fresh = JSONParser()
    let outcome = parse(&fresh, input)

    switch outcome {
    case .success(let document):
        fuzzCheck(document.root.kind == .object, "an object-only parser accepted a non-object", input: input)
        checkViews(of: document, input: input)
        checkRoundTrip(of: document, acceptsAnyTopLevelValue: false, input: input)
    case .failure(let error):
        if let offset = error.byteOffset {
            fuzzCheck(
                offset >= 0 && offset <= input.count,
                "error offset \(offset) is outside the input: \(error)",
                input: input
            )
        }
        fuzzCheck(error.code != .typeMismatch, "the parser reported a typeMismatch: \(error)", input: input)
    }

    // The reused parser, with the previous document still alive.
    let reusedOutcome = parse(&reusedParser, input)
    checkSame(outcome, reusedOutcome, "fresh and reused parsers", input: input)
    if let previous {
        fuzzCheck(
            previous.document.jsonBytes == previous.jsonBytes,
            "parsing a new input changed the previous, still alive, document to \(preview(previous.document.jsonBytes)); it was \(preview(previous.jsonBytes))",
            input: input
        )
    }
    // Keep every other document alive, so the reused parser both reuses its storage and takes fresh storage.
    if case .success(let document) = reusedOutcome, input.count % 2 == 0 {
        previous = (document, document.jsonBytes)
    } else {
        previous = nil
    }

    // Every kernel, forced (the fresh parser used the best one).
    for kernel in JSONStageOneKernel.available where kernel != fresh.stageOneKernel {
        var forced = JSONParser()
        forced.stageOneKernel = kernel
        checkSame(outcome, parse(&forced, input), "\(fresh.stageOneKernel) and \(kernel) kernels", input: input)
    }

    // The other entry points.
    checkSame(
        outcome,
        Result { () throws(PushPayloadError) in try JSONDocument(jsonBytes: bytes) },
        "pointer and array",
        input: input
    )
    let padded = [0x20] + bytes + [0x7B]
    checkSame(
        outcome,
        Result { () throws(PushPayloadError) in try JSONDocument(jsonBytes: padded[1..<(padded.count - 1)]) },
        "pointer and a slice not at index 0",
        input: input
    )
    checkSame(
        outcome,
        Result { () throws(PushPayloadError) in try JSONDocument(jsonBytes: bytes.span.bytes) },
        "pointer and span",
        input: input
    )
    if let text = String(validating: bytes, as: UTF8.self) {
        checkSame(
            outcome,
            Result { () throws(PushPayloadError) in try JSONDocument(jsonString: text) },
            "pointer and string",
            input: input
        )
    }

    // Tighter limits from the first byte: depth 1–16, and the size limit at or just below the input's size.
    if let first = bytes.first {
        let limits = PushPayloadLimits(
            maximumPayloadBytes: max(0, input.count - Int(first >> 4 & 1)),
            maximumDepth: 1 + Int(first & 0x0F)
        )
        var tight = JSONParser(limits: limits)
        let tightOutcome = parse(&tight, input)
        switch (outcome, tightOutcome) {
        case (.success(let document), .success(let tightDocument)):
            fuzzCheck(document == tightDocument, "tight limits accept another document", input: input)
        case (.success, .failure(let error)):
            fuzzCheck(
                error.code == .tooDeep || error.code == .tooLarge,
                "tight limits \(limits) reject an accepted input with \(error)",
                input: input
            )
        case (.failure(let error), .success):
            fuzzCheck(false, "tight limits \(limits) accept an input rejected with \(error)", input: input)
        case (.failure(let error), .failure(let tightError)):
            // A single pass meets the first problem first: a tighter limit can only add an earlier
            // tooDeep or tooLarge.
            if tightError.code != .tooDeep && tightError.code != .tooLarge {
                fuzzCheck(
                    error.code == tightError.code && error.byteOffset == tightError.byteOffset,
                    "tight limits reject with \(tightError) at \(tightError.byteOffset ?? -1), default limits with \(error) at \(error.byteOffset ?? -1)",
                    input: input
                )
            }
        }
        if case .success(let document) = tightOutcome {
            checkRoundTrip(of: document, acceptsAnyTopLevelValue: false, input: input)
        }
    }

    // Any top-level value.
    var anyValue = JSONParser(acceptsAnyTopLevelValue: true)
    let anyOutcome = parse(&anyValue, input)
    switch (outcome, anyOutcome) {
    case (.success(let document), .success(let anyDocument)):
        fuzzCheck(document == anyDocument, "acceptsAnyTopLevelValue parses an object differently", input: input)
    case (.success, .failure(let error)):
        fuzzCheck(false, "acceptsAnyTopLevelValue rejects an accepted object with \(error)", input: input)
    case (.failure(let error), .success(let anyDocument)):
        fuzzCheck(
            error.code == .notAnObject && anyDocument.root.kind != .object,
            "acceptsAnyTopLevelValue accepts \(anyDocument.root.kind) rejected with \(error)",
            input: input
        )
        checkViews(of: anyDocument, input: input)
        checkRoundTrip(of: anyDocument, acceptsAnyTopLevelValue: true, input: input)
    case (.failure(let error), .failure(let anyError)):
        fuzzCheck(
            error.code == anyError.code && error.code != .notAnObject,
            "rejected as \(error) by default and as \(anyError) with any top-level value",
            input: input
        )
    }
    return 0
}

/// The executable's entry point under SwiftPM (see `runFuzzer`).
@_cdecl("FuzzNativeParser_main")
public func fuzzNativeParserMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzNativeParser)
}
