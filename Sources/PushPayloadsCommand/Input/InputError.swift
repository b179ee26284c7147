import PushPayloads

/// A failure to open or read an input.
struct InputError: Error, Sendable, CustomStringConvertible {
    /// The input's name as messages show it (``InputSpec/name``).
    var path: String
    var reason: String

    var description: String { "cannot read \(path): \(reason)" }
}

extension InputError {
    /// The record of an input that failed part way, at `line` (the one after the last complete line; 0 for a
    /// `.json` file): `io_error`, with the reason and the last complete line.
    func payloadError(line: Int) -> PushPayloadError {
        var message = reason
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
