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
