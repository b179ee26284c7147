internal import CFuzzDriver
public import PushPayloads
@_spi(Kernels) internal import PushPayloadsJSON

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Stops the run with `message` when `condition` fails.
///
/// libFuzzer treats the trap as a crash: it saves the input and reports the message, which names the
/// broken invariant and shows the input, so a finding reads without a debugger.
@inline(__always)
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    input: UnsafeRawBufferPointer
) {
    if !condition() {
        fatalError("\(message())\ninput (\(input.count) bytes): \(preview(input))")
    }
}

/// The input as printable ASCII with escapes, cut at 2 KiB, for failure messages.
public func preview(_ bytes: UnsafeRawBufferPointer) -> String {
    var text = ""
    for byte in bytes.prefix(2048) {
        switch byte {
        case 0x20..<0x7F where byte != UInt8(ascii: "\\"): text.unicodeScalars.append(Unicode.Scalar(byte))
        case UInt8(ascii: "\\"): text += "\\\\"
        default:
            let digits = String(byte, radix: 16)
            text += "\\x" + (digits.count == 1 ? "0" : "") + digits
        }
    }
    if bytes.count > 2048 { text += "…" }
    return text
}

/// The same as `preview(_:)` for an array.
public func preview(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBytes { preview($0) }
}

/// Checks that every view of `document` tells the same story, reading every value through every accessor.
///
/// Views decode lazily from the stored text, so a value the parser accepted but recorded wrongly shows
/// up here (or under the address sanitizer) rather than in a user's decoder.
public func checkViews(of document: JSONDocument, input: UnsafeRawBufferPointer) {
    var pending = [document.root]
    var visited = 0
    while let value = pending.popLast() {
        visited += 1
        switch value.kind {
        case .object:
            guard let object = value.objectValue else {
                fuzzCheck(false, "an object has no objectValue", input: input)
                return
            }
            var members = 0
            for (key, member) in object {
                members += 1
                visited += 1  // the key
                // Keys are unique (duplicates are rejected), so lookup by decoded key finds this very member.
                let found = object[key]
                fuzzCheck(found != nil, "member \(key.debugDescription) is not found by its own key", input: input)
                fuzzCheck(
                    found?.jsonBytes == member.jsonBytes,
                    "lookup of \(key.debugDescription) finds another member",
                    input: input
                )
                pending.append(member)
            }
            fuzzCheck(
                members == object.count,
                "an object iterates \(members) members but counts \(object.count)",
                input: input
            )
            fuzzCheck(object.keys.count == members, "keys disagree with iteration", input: input)
        case .array:
            guard let array = value.arrayValue else {
                fuzzCheck(false, "an array has no arrayValue", input: input)
                return
            }
            var position = 0
            for element in array {
                fuzzCheck(
                    array[position]?.jsonBytes == element.jsonBytes,
                    "array element \(position) differs between iteration and subscript",
                    input: input
                )
                pending.append(element)
                position += 1
            }
            fuzzCheck(
                position == array.count,
                "an array iterates \(position) elements but counts \(array.count)",
                input: input
            )
            fuzzCheck(array[position] == nil && array[-1] == nil, "an array answers out of bounds", input: input)
        case .string:
            guard let text = value.stringValue else {
                fuzzCheck(false, "a string has no stringValue", input: input)
                return
            }
            let decoded = value.withDecodedUTF8 { Array($0) }
            fuzzCheck(decoded == Array(text.utf8), "stringValue and withDecodedUTF8 disagree", input: input)
            fuzzCheck(value.stringUTF8Count == text.utf8.count, "stringUTF8Count is wrong", input: input)
            fuzzCheck(value.isString(text), "a string is not isString of its own text", input: input)
            fuzzCheck(value.isEmptyString == text.isEmpty, "isEmptyString is wrong", input: input)
        case .number:
            guard let number = value.numberValue else {
                fuzzCheck(false, "a number has no numberValue", input: input)
                return
            }
            let double = number.doubleValue
            fuzzCheck(double.isFinite, "number \(number.text) is not finite", input: input)
            if let integer = number.int64Value {
                // Both are the nearest Double to the same integer, whether the text had a fraction or not.
                fuzzCheck(
                    Double(integer) == double,
                    "number \(number.text): int64Value \(integer) but doubleValue \(double)",
                    input: input
                )
            }
            if number.isIntegerLiteral {
                fuzzCheck(number.int64Value != nil, "integer literal \(number.text) has no int64Value", input: input)
            }
        case .bool:
            fuzzCheck(value.boolValue != nil && !value.isNull, "a bool has no boolValue", input: input)
        case .null:
            fuzzCheck(value.isNull && value.boolValue == nil, "a null is not isNull", input: input)
        }
    }
    fuzzCheck(
        visited == document.valueCount,
        "visited \(visited) values but valueCount is \(document.valueCount)",
        input: input
    )
}

/// Checks that `document` re-serialises to JSON that parses back to an equal document, whose own
/// serialisation is byte-identical: the writer and the parser agree on every spelling. `parsedFromInput`:
/// the document is `input` parsed (not one built from it, such as a send request's delivery), so its
/// text is no longer than the input.
public func checkRoundTrip(
    of document: JSONDocument,
    acceptsAnyTopLevelValue: Bool,
    input: UnsafeRawBufferPointer,
    parsedFromInput: Bool = true
) {
    let written = document.jsonBytes
    // The written text may be longer than the input only by nothing: the writer drops whitespace and
    // keeps every spelling, so it needs no larger limit.
    fuzzCheck(
        !parsedFromInput || written.count <= input.count,
        "the serialisation is longer than the input: \(preview(written))",
        input: input
    )
    var parser = JSONParser(
        limits: PushPayloadLimits(maximumPayloadBytes: 1 << 20, maximumDepth: 100_000),
        acceptsAnyTopLevelValue: acceptsAnyTopLevelValue
    )
    let reparsed: JSONDocument
    do {
        reparsed = try parser.parse(written)
    } catch {
        fuzzCheck(false, "the serialisation \(preview(written)) does not parse: \(error)", input: input)
        return
    }
    fuzzCheck(reparsed == document, "the serialisation \(preview(written)) parses to another document", input: input)
    fuzzCheck(document == reparsed, "== is not symmetric for \(preview(written))", input: input)
    fuzzCheck(reparsed.valueCount == document.valueCount, "the serialisation changes the value count", input: input)
    let rewritten = reparsed.jsonBytes
    fuzzCheck(
        rewritten == written,
        "serialising twice gives \(preview(rewritten)), not \(preview(written))",
        input: input
    )
}

/// Checks that every object of `document`, as a document of its own (`JSONDocument(_:)`, a view sharing
/// the storage), reads as the document parsed from its text: equal, the same text, the same value count,
/// and every view consistent (``checkViews(of:input:)``, whose lookups then miss the top level's key index).
public func checkSubtreeViews(of document: JSONDocument, input: UnsafeRawBufferPointer) {
    var pending = [document.root]
    while let value = pending.popLast() {
        if let array = value.arrayValue {
            pending.append(contentsOf: array)
            continue
        }
        guard let object = value.objectValue else { continue }
        pending.append(contentsOf: object.values)
        let view = JSONDocument(object)
        let text = object.value.jsonBytes
        var parser = JSONParser(limits: PushPayloadLimits(maximumPayloadBytes: 1 << 20, maximumDepth: 100_000))
        guard let parsed = try? parser.parse(text) else {
            fuzzCheck(false, "an object's text \(preview(text)) does not parse", input: input)
            return
        }
        fuzzCheck(view == parsed && parsed == view, "a view differs from its text \(preview(text))", input: input)
        fuzzCheck(
            view.jsonBytes == text,
            "a view writes \(preview(view.jsonBytes)), not \(preview(text))",
            input: input
        )
        fuzzCheck(view.valueCount == parsed.valueCount, "a view counts other values than its text", input: input)
        for key in object.keys {
            fuzzCheck(view.rootObject[key] == parsed.rootObject[key], "a view finds another \(key)", input: input)
        }
        checkViews(of: view, input: input)
    }
}

/// libFuzzer's callback: one input, as a pointer and a size.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Hands control to libFuzzer, which parses the command line and feeds inputs to `callback`.
///
/// SwiftPM links an executable target with `main` aliased to `<Module>_main` (so that tests can link
/// executables), which hides libFuzzer's own `main`; each target therefore defines `<Module>_main` and
/// calls this.
public func runFuzzer(
    argc: CInt,
    argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ callback: FuzzCallback
) -> CInt {
    // Which stage-one kernels the engine targets force on this processor, and which it lacks: the log
    // then says what a run covered (docs/fuzzing.md).
    let forced = JSONStageOneKernel.available.map(\.rawValue).joined(separator: ", ")
    let lacking = JSONStageOneKernel.allCases.filter { !$0.isSupported }.map(\.rawValue)
    let line =
        "fuzz: stage-one kernels on this processor: \(forced); lacking: "
        + (lacking.isEmpty ? "none" : lacking.joined(separator: ", ")) + "\n"
    var text = line
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}
