import ArgumentParser
import PushPayloads
import PushRequests
import SystemPackage

/// `push-payloads inspect`: the whole normalised model of one payload, for a person debugging a push.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print everything about one payload or send request as indented JSON.",
        discussion: """
            The input is a device payload, an APNs request ({"headers": …, "payload": …}), an FCM \
            HTTP v1 body ({"message": …}) or a legacy FCM body, told apart automatically (or say \
            which with --kind). Shows what each platform's devices receive, each as the normalised \
            model: the classification, every field (null when absent), the default action, the \
            buttons with their action identifiers, the images, the owner's own fields and the payload \
            itself; then what the checks found (see lint). The JSON is the library's PushInspection, \
            schema version 1 (docs/json-schema.md). The input is one file (a .json file, or standard \
            input with -); with --line, the input on that line of a JSON Lines file.

            \(ExitStatus.discussion)
            """
    )

    @Argument(help: ArgumentHelp("A file holding one payload, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: "Inspect the payload on this line (1-based) of a JSON Lines input.")
    var line: Int?

    @Option(
        help: ArgumentHelp(
            "What the input is: device, apns, fcm-v1 or fcm-legacy (default: detected). "
                + "inbox: an inbox page or entry instead of a push."
        )
    )
    var kind: PayloadKindOption?

    @Option(name: .customLong("platform"), help: PlatformOption.help)
    var platforms: [PlatformOption] = []

    @Option(help: SenderSet.help)
    var senders: SenderSet = .standard

    @OptionGroup var engineOptions: EngineOptions

    mutating func validate() throws {
        if let line, line < 1 { throw ValidationError("--line must be 1 or more") }
    }

    func run() throws {
        if kind == .inbox { return try inspectInbox() }
        let path = RawArguments.bytes(of: [file])[0]
        let name = InputSpec.displayName(path)
        let isStandardInput = path == Array("-".utf8)
        if isStandardInput, case .failure(let error) = StandardStreams.inputAtLaunch {
            let reason = StandardStreams.describeInputFailure(error)
            throw Self.fail(InputError(path: name, reason: reason).description, status: ExitStatus.inputFailure)
        }
        let source: InputSpec.Source = isStandardInput ? .standardInput : .file(InputList.filePath(path))
        let (kind, platforms) = (kind?.requestKind, PlatformOption.platforms(platforms))
        var decoder = PayloadDecoder(
            engine: engineOptions.engine,
            limits: engineOptions.limits,
            registry: senders.registry
        )
        var inspection: Result<PushInspection, PushPayloadError>?
        do {
            let spec = InputSpec(source: source, name: name, mode: .singleDocument)
            let limit = decoder.limits.maximumPayloadBytes
            // One payload a batch: reading stops at the one wanted, even on an input that goes on.
            _ = try spec.read(maximumPayloadBytes: limit, line: line, batchBytes: 1, entriesPerBatch: 1) {
                entry,
                batch in
                inspection = Result { () throws(PushPayloadError) in
                    let request = try decoder.request(entry, of: batch, kind: kind)
                    return PushInspector(registry: decoder.registry, platforms: platforms).inspect(request)
                }
                return false
            }
        } catch {
            throw Self.fail(error.description, status: ExitStatus.inputFailure)
        }
        switch inspection {
        case nil:
            throw Self.fail("\(name) has no payload on line \(line ?? 1)")
        case .failure(let error):
            throw Self.fail("\(name)\(line.map { ":\($0)" } ?? ""): not a valid payload: \(error)")
        case .success(let inspection):
            try Self.write(inspection)
        }
    }

    /// Writes `message` on stderr, and gives the exit status to throw.
    static func fail(_ message: String, status: Int32 = ExitStatus.payloadErrors) -> ExitCode {
        StandardStreams.writeMessage(message)
        return ExitCode(status)
    }

    /// Writes `value` as indented JSON. A closed pipe ends the run quietly, as in `classify`; any other
    /// failure is exit 74.
    static func write(_ value: some Encodable) throws {
        // Every value of the model encodes; a failure here would be a bug in the library.
        let text = String(decoding: try JSONBytesEncoder(prettyPrinted: true).encode(value), as: UTF8.self) + "\n"
        if let error = StandardStreams.write(text, to: .standardOutput), error != .brokenPipe {
            StandardStreams.writeMessage("cannot write the output: \(error)")
            throw ExitCode(ExitStatus.inputFailure)
        }
    }
}
