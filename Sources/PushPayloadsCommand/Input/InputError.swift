import PushPayloads
import SystemPackage

/// A failure to open or read an input.
struct InputError: Error, Sendable, CustomStringConvertible {
    /// The input's name as messages show it (``InputSpec/name``).
    var path: String
    var reason: String

    init(path: String, error: any Error) {
        self.path = path
        self.reason = (error as? Errno)?.description ?? "\(error)"
    }

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    var description: String { "cannot read \(path): \(reason)" }
}

/// An input that failed part way, after its first lines were read: the record that marks the gap.
struct ReadFailure: Sendable {
    /// The line where reading stopped: the one after the last complete line (0 for a `.json` file).
    var line: Int
    var error: InputError

    /// The error the record shows: `io_error`, with the reason and the last complete line.
    var payloadError: PushPayloadError {
        var message = error.reason
        if line > 1 {
            message += "; the last complete line is \(line - 1), and every line up to it was read"
        } else if line == 1 {
            message += "; no complete line was read"
        }
        return PushPayloadError(.ioError, message: message)
    }
}

extension PushPayloadError.Code {
    /// The command's own: an input could not be read to its end (the payloads before were read).
    static let ioError = PushPayloadError.Code(name: "io_error")
}
