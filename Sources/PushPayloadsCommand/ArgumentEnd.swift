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
