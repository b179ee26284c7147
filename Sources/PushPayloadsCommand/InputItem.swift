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

/// One command-line argument, as the note about an argument without payloads describes it.
struct ArgumentEnd: Sendable, Equatable {
    /// As shown: the argument, or `standard input`.
    var name: String
    var isDirectory = false
    /// Inputs the argument expanded to.
    var inputs = 0
    /// Files in a directory that this build cannot read (`.zst` without the `Zstd` trait).
    var unreadableCompressed = 0

    /// Why the argument gave no payload.
    var note: String {
        guard isDirectory else { return "\(name): no payloads" }
        guard inputs == 0 else { return "\(name): no payloads in its \(inputs) \(inputs == 1 ? "file" : "files")" }
        var note = "\(name): no payloads: the directory holds no \(InputList.payloadSuffixList) files"
        if unreadableCompressed > 0 {
            note += " (it holds \(unreadableCompressed) .zst \(unreadableCompressed == 1 ? "file" : "files"), "
            note += "which this build cannot read: rebuild with --traits Zstd)"
        }
        return note
    }
}
