/// What a command-line argument expanded to: an input, or an input that cannot be read.
enum InputItem: Sendable, Equatable {
    case input(InputSpec)
    /// An argument, a directory or a `.json`/`.jsonl` entry that cannot be read, by its
    /// ``InputSpec/name``; the reason is shown after it.
    case unreadable(name: String, reason: String)
    /// The end of one argument's inputs: an argument that gave no payload at all gets a note.
    case endOfArgument(ArgumentEnd)

    var name: String {
        switch self {
        case .input(let spec): return spec.name
        case .unreadable(let name, _): return name
        case .endOfArgument(let end): return end.name
        }
    }

    /// Whether this is an input, readable or not (what the summary counts), not a marker.
    var isInput: Bool {
        if case .endOfArgument = self { return false }
        return true
    }
}
