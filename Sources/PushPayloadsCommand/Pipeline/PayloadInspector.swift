import PushPayloads
import PushRequests
import SystemPackage

/// Reads one payload or send request from a file or standard input and inspects it.
struct PayloadInspector {
    enum Failure: Error, CustomStringConvertible {
        case unreadable(InputError)
        case missingLine(path: String, line: Int)
        case invalid(path: String, line: Int?, error: PushPayloadError)

        var description: String {
            switch self {
            case .unreadable(let error): return error.description
            case .missingLine(let path, let line): return "\(path) has no payload on line \(line)"
            case .invalid(let path, let line, let error):
                return "\(path)\(line.map { ":\($0)" } ?? ""): not a valid payload: \(error)"
            }
        }

        var exitStatus: Int32 {
            if case .unreadable = self { return ExitStatus.inputFailure }
            return ExitStatus.payloadErrors
        }
    }

    /// The argument's bytes (``RawArguments``): `-` for standard input.
    var path: [UInt8]
    /// The line to read from a JSON Lines input; `nil` reads the whole input as one payload.
    var line: Int?
    var decoder: PayloadDecoder
    /// What the input is; `nil` detects it.
    var kind: PushRequestKind? = nil
    /// `--platform`: the platforms the request's devices are on; empty when not known.
    var platforms: Set<PushPlatform> = []

    var name: String { InputSpec.displayName(path) }

    func inspect() throws(Failure) -> PushInspection {
        let name = self.name
        let isStandardInput = path == Array("-".utf8)
        if isStandardInput, case .failure(let error) = StandardStreams.inputAtLaunch {
            throw .unreadable(InputError(path: name, reason: StandardStreams.describeInputFailure(error)))
        }
        let source: InputSpec.Source = isStandardInput ? .standardInput : .file(InputList.filePath(path))
        let spec = InputSpec(source: source, name: name, mode: .singleDocument)
        var decoder = decoder
        var inspection: Result<PushInspection, Failure>?
        do {
            let limit = decoder.limits.maximumPayloadBytes
            // One payload a batch: reading stops at the one wanted, even on an input that goes on.
            _ = try spec.read(maximumPayloadBytes: limit, line: line, batchBytes: 1, entriesPerBatch: 1) {
                entry,
                batch in
                inspection = Result { () throws(Failure) in try inspect(entry, in: batch, decoder: &decoder) }
                return false
            }
        } catch {
            throw .unreadable(error)
        }
        guard let inspection else { throw .missingLine(path: name, line: line ?? 1) }
        return try inspection.get()
    }

    private func inspect(
        _ entry: LineEntry,
        in batch: LineBatch,
        decoder: inout PayloadDecoder
    ) throws(Failure) -> PushInspection {
        if entry.isOversized {
            throw .invalid(path: name, line: line, error: decoder.tooLargeError(length: entry.oversizedLength))
        }
        let payload: PushPayload
        do {
            payload = try decoder.parse(batch.payload(entry))
        } catch {
            throw .invalid(path: name, line: line, error: error)
        }
        let request = PushSendRequest(document: payload.document, kind: kind, limits: decoder.limits)
        return PushInspector(registry: decoder.registry, platforms: platforms).inspect(request)
    }
}
