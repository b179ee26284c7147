/// The command line's arguments as the bytes the process received.
///
/// `CommandLine.arguments`, and so ArgumentParser, decodes each argument as UTF-8 and replaces what
/// is not UTF-8 with U+FFFD, so a file name that is not UTF-8 cannot be opened from the parsed string.
/// This finds the bytes behind parsed arguments again.
enum RawArguments {
    /// The bytes of `parsed`, a subsequence of the command line's arguments in their order (as
    /// ArgumentParser gives positional arguments).
    ///
    /// An argument without U+FFFD was valid UTF-8 and is its own bytes. One with U+FFFD is matched, in
    /// order, with the next raw argument that decodes to it; options and their values come between,
    /// but none of them can both hold U+FFFD and be valid, so they are never mistaken for a file.
    static func bytes(of parsed: [String]) -> [[UInt8]] {
        let raw = (1..<Int(CommandLine.argc)).map { CommandLine.unsafeArgv[$0].map { bytes(ofCString: $0) } ?? [] }
        var next = 0
        return parsed.map { argument in
            guard argument.unicodeScalars.contains("\u{FFFD}") else { return Array(argument.utf8) }
            while next < raw.count {
                let candidate = raw[next]
                next += 1
                if String(decoding: candidate, as: UTF8.self) == argument { return candidate }
            }
            return Array(argument.utf8)
        }
    }

    /// The bytes of a C string, without its terminating NUL.
    static func bytes(ofCString start: UnsafePointer<CChar>) -> [UInt8] {
        var count = 0
        while start[count] != 0 { count += 1 }
        return (0..<count).map { UInt8(bitPattern: start[$0]) }
    }
}
