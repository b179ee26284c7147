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
        let opened: (descriptor: FileDescriptor, isFile: Bool)
        do {
            opened = try InputSpec(source: source, name: name, mode: .jsonLines).open()
        } catch {
            throw .unreadable(error)
        }
        defer { if opened.isFile { try? opened.descriptor.close() } }

        let reader = LineReader(
            path: name,
            fileDescriptor: opened.descriptor,
            mode: line == nil ? .singleDocument : .jsonLines,
            maximumPayloadBytes: decoder.limits.maximumPayloadBytes,
            chunkSize: 64 * 1024
        )
        let batch = LineBatch(capacity: 128 * 1024)
        var entry: LineEntry?
        var more = true
        while entry == nil && more {
            batch.reset(sequence: 0, source: name)
            do {
                more = try reader.fill(batch, targetBytes: 1, maximumEntries: 1)
            } catch {
                throw .unreadable(error)
            }
            entry = batch.entries.first { line == nil || $0.line == line }
        }
        guard let entry else { throw .missingLine(path: name, line: line ?? 1) }
        if entry.isOversized {
            throw .invalid(path: name, line: line, error: decoder.tooLargeError(length: entry.oversizedLength))
        }
        var decoder = decoder
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
