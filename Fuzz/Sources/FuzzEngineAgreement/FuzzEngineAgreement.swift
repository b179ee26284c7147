// libFuzzer target: the native engine against jansson, the reference engine.
//
// Both engines must accept and reject the same inputs and, when they accept, produce equal documents.
// Any top-level value is allowed so that scalars and arrays are compared too; the object-only rule is
// the same one check in both. Inputs starting with whitespace are compared again under tight limits
// (depth from the last byte, size just under the input's), where both must still agree. Every stage-one
// kernel this processor runs is compared with jansson, each forced in turn. Every object of both
// documents, as a view of its own (`JSONDocument(_:)`), must read as its text parsed: the native storage
// and the one jansson's documents are built in (`JSONDocumentBuilder`) alike.
import FuzzSupport
import PushPayloads
import PushPayloadsJansson
@_spi(Kernels) import PushPayloadsJSON

typealias Outcome = Result<JSONDocument, PushPayloadError>

func compare(_ input: UnsafeRawBufferPointer, limits: PushPayloadLimits, what: String) {
    for kernel in JSONStageOneKernel.available {
        compare(input, limits: limits, kernel: kernel, what: "\(what), \(kernel) kernel")
    }
}

func compare(_ input: UnsafeRawBufferPointer, limits: PushPayloadLimits, kernel: JSONStageOneKernel, what: String) {
    var native = JSONParser(limits: limits, acceptsAnyTopLevelValue: true)
    native.stageOneKernel = kernel
    let jansson = JanssonParser(limits: limits, acceptsAnyTopLevelValue: true)
    let nativeOutcome = Outcome { () throws(PushPayloadError) in try native.parse(input.bytes) }
    let janssonOutcome = Outcome { () throws(PushPayloadError) in try jansson.parse(input.bytes) }
    switch (nativeOutcome, janssonOutcome) {
    case (.success(let nativeDocument), .success(let janssonDocument)):
        if nativeDocument != janssonDocument {
            fatalError(
                "\(what): the engines parse different documents\nnative:  \(preview(nativeDocument.jsonBytes))\njansson: \(preview(janssonDocument.jsonBytes))\ninput (\(input.count) bytes): \(preview(input))"
            )
        }
        if kernel == JSONStageOneKernel.available.first {
            checkSubtreeViews(of: nativeDocument, input: input)
            checkSubtreeViews(of: janssonDocument, input: input)
        }
    case (.success(let nativeDocument), .failure(let error)):
        // The one documented difference: jansson's keys are C strings, so it refuses U+0000 in a key.
        if error.code == .nulInKey && nativeDocument.containsNULKey { break }
        fatalError(
            "\(what): native accepts \(preview(nativeDocument.jsonBytes)), jansson rejects with \(error)\ninput (\(input.count) bytes): \(preview(input))"
        )
    case (.failure(let error), .success(let janssonDocument)):
        fatalError(
            "\(what): native rejects with \(error), jansson accepts \(preview(janssonDocument.jsonBytes))\ninput (\(input.count) bytes): \(preview(input))"
        )
    case (.failure, .failure):
        break
    }
}

extension JSONDocument {
    /// Whether some object key, at any depth, holds U+0000.
    var containsNULKey: Bool {
        var pending = [root]
        while let value = pending.popLast() {
            if let object = value.objectValue {
                for (key, member) in object {
                    if key.utf8.contains(0) { return true }
                    pending.append(member)
                }
            } else if let array = value.arrayValue {
                pending.append(contentsOf: array)
            }
        }
        return false
    }
}

/// libFuzzer's callback: checks one input, trapping on a broken invariant; the result is always 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngineAgreement(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    compare(input, limits: .default, what: "default limits")
    if let first = input.first, let last = input.last, first == 0x20 || first == 0x0A || first == 0x09 || first == 0x0D
    {
        let limits = PushPayloadLimits(
            maximumPayloadBytes: max(0, input.count - Int(last >> 4 & 1)),
            maximumDepth: 1 + Int(last & 0x0F)
        )
        compare(input, limits: limits, what: "limits \(limits)")
    }
    return 0
}

/// The executable's entry point under SwiftPM (see `runFuzzer`).
@_cdecl("FuzzEngineAgreement_main")
public func fuzzEngineAgreementMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzEngineAgreement)
}
