import ArgumentParser
import PushPayloads
import SystemPackage

/// `push-payloads inspect`: the whole normalised model of one payload, for a person debugging a push.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the normalised model of one payload as indented JSON.",
        discussion: """
            Shows the classification, every model field (null when absent), the default action, the \
            buttons with their action identifiers, the images, the winning vendor's own fields, and \
            the payload. The input is one payload (a .json file, or standard input with -); with \
            --line, the payload on that line of a JSON Lines input.

            \(ExitStatus.discussion)
            """
    )

    @Argument(help: ArgumentHelp("A file holding one payload, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: "Inspect the payload on this line (1-based) of a JSON Lines input.")
    var line: Int?

    @Option(help: SenderSet.help)
    var senders: SenderSet = .standard

    @OptionGroup var engineOptions: EngineOptions

    mutating func validate() throws {
        if let line, line < 1 { throw ValidationError("--line must be 1 or more") }
    }

    func run() throws {
        let inspector = PayloadInspector(
            path: RawArguments.bytes(of: [file])[0],
            line: line,
            decoder: PayloadDecoder(
                engine: engineOptions.engine,
                limits: engineOptions.limits,
                registry: senders.registry
            )
        )
        let notification: PushNotification
        do {
            notification = try inspector.inspect()
        } catch {
            StandardStreams.write("push-payloads: \(error)\n", to: .standardError)
            throw ExitCode(error.exitStatus)
        }
        let text = NotificationRenderer.render(notification).rendered
        // A closed pipe ends the run quietly, as in `classify`; any other failure is exit 74.
        if let error = StandardStreams.write(text, to: .standardOutput), error != .brokenPipe {
            StandardStreams.write("push-payloads: cannot write the output: \(error)\n", to: .standardError)
            throw ExitCode(ExitStatus.inputFailure)
        }
    }
}
