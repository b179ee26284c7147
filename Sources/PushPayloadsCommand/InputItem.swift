/// What a command-line argument expanded to: an input, or an input that cannot be read.
enum InputItem: Sendable, Equatable {
    case input(InputSpec)
    /// An argument, a directory or a `.json`/`.jsonl` entry that cannot be read, by its
    /// ``InputSpec/name``; the reason is shown after it.
    case unreadable(name: String, reason: String)

    var name: String {
        switch self {
        case .input(let spec): return spec.name
        case .unreadable(let name, _): return name
        }
    }
}
