#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import PushPayloads

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

    @OptionGroup var engineOptions: EngineOptions

    mutating func validate() throws {
        if let line, line < 1 { throw ValidationError("--line must be 1 or more") }
    }

    func run() throws {
        let inspector = PayloadInspector(
            path: file,
            line: line,
            decoder: PayloadDecoder(engine: engineOptions.engine, limits: engineOptions.limits)
        )
        do {
            let notification = try inspector.inspect()
            StandardStreams.write(NotificationRenderer.render(notification).rendered, to: 1)
        } catch {
            StandardStreams.write("push-payloads: \(error)\n", to: 2)
            throw ExitCode(error.exitStatus)
        }
    }
}

/// Reads one payload from a file or standard input and decodes it.
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

    var path: String
    /// The line to read from a JSON Lines input; `nil` reads the whole input as one payload.
    var line: Int?
    var decoder: PayloadDecoder

    func inspect() throws(Failure) -> PushNotification {
        var fileDescriptor: Int32 = 0
        if path != "-" {
            #if canImport(Darwin)
            fileDescriptor = Darwin.open(path, O_RDONLY | O_CLOEXEC)
            #elseif canImport(Musl)
            fileDescriptor = Musl.open(path, O_RDONLY | O_CLOEXEC)
            #else
            fileDescriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            #endif
            guard fileDescriptor >= 0 else { throw .unreadable(InputError(path: path, errorNumber: errno)) }
        }
        defer { if fileDescriptor != 0 { close(fileDescriptor) } }

        let reader = LineReader(
            path: path,
            fileDescriptor: fileDescriptor,
            mode: line == nil ? .singleDocument : .jsonLines,
            maximumPayloadBytes: decoder.limits.maximumPayloadBytes,
            chunkSize: 64 * 1024
        )
        let batch = LineBatch(capacity: 128 * 1024)
        var entry: LineEntry?
        var more = true
        while entry == nil && more {
            batch.reset(sequence: 0, source: path)
            do {
                more = try reader.fill(batch, targetBytes: 1, maximumEntries: 1)
            } catch {
                throw .unreadable(error)
            }
            entry = batch.entries.first { line == nil || $0.line == line }
        }
        guard let entry else { throw .missingLine(path: path, line: line ?? 1) }
        if entry.isOversized {
            throw .invalid(path: path, line: line, error: decoder.tooLargeError(length: entry.oversizedLength))
        }
        var decoder = decoder
        do {
            return try decoder.decode(batch.payload(entry))
        } catch {
            throw .invalid(path: path, line: line, error: error)
        }
    }
}
