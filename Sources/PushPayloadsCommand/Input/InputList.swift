import SystemPackage

/// Expands `classify`'s arguments into the inputs to read, in order.
///
/// - `-` (or no argument at all) is standard input, read as JSON Lines; with standard input closed it
///   is an input that cannot be read.
/// - A directory stands for every `.json` and `.jsonl` file below it, recursively, in byte order of their paths (as
///   `find DIR | LC_ALL=C sort` lists them). Symbolic links to files are followed, links to directories are not (no
///   cycles); a `.json`/`.jsonl` link that leads nowhere or loops is an input that cannot be read.
/// - A `.json` file is one payload; any other file is JSON Lines. Compressed files are recognised by
///   their first bytes (``InputFormat``) and read through a decompressor; `.gz` and `.zst` at the end of
///   a name are looked past (`a.json.gz` is one payload), and a directory holds `.json.gz`,
///   `.jsonl.gz` (and with the `Zstd` trait `.json.zst`, `.jsonl.zst`) files too.
/// - After each argument's inputs comes ``InputItem/endOfArgument(note:)``, so an argument that gave no
///   payload at all gets a note.
///
/// Paths are bytes (`FilePath`, built from the arguments' bytes and from directory entries' bytes), so a
/// name that is not UTF-8 is read like any other; only ``InputSpec/name`` is text.
///
/// Arguments that do not exist or cannot be listed become ``InputItem/unreadable(name:reason:)`` in
/// their place, so the run reports them in order and goes on.
enum InputList {
    private static let slash = UInt8(ascii: "/")

    /// - Parameters:
    ///   - arguments: The arguments' bytes, as the process received them (``RawArguments``).
    ///   - standardInputName: The name records show for standard input (`--source-label`).
    ///   - standardInputFirstLine: The number of standard input's first line (`--line-offset` + 1).
    static func expand(
        _ arguments: [[UInt8]],
        standardInputName: String = "-",
        standardInputFirstLine: Int = 1
    ) -> [InputItem] {
        let arguments = arguments.isEmpty ? [Array("-".utf8)] : arguments
        var items: [InputItem] = []
        for argument in arguments {
            if argument == Array("-".utf8) {
                items.append(standardInput(name: standardInputName, firstLine: standardInputFirstLine))
                let name = standardInputName == "-" ? "standard input" : standardInputName
                items.append(.endOfArgument(note: "\(name): no payloads"))
                continue
            }
            let name = InputSpec.displayName(argument)
            var note = "\(name): no payloads"
            defer { items.append(.endOfArgument(note: note)) }
            let path = filePath(argument)
            let info: Stat
            do {
                info = try path.stat()
            } catch {
                items.append(.unreadable(name: name, reason: error.description))
                continue
            }
            if info.type == .directory {
                let (found, unreadableCompressed) = walk(directory: path, name: argument)
                items += found
                if !found.isEmpty {
                    note += " in its \(found.count) \(found.count == 1 ? "file" : "files")"
                    continue
                }
                note += ": the directory holds no \(payloadSuffixList) files"
                if unreadableCompressed > 0 {
                    note += " (it holds \(unreadableCompressed) .zst \(unreadableCompressed == 1 ? "file" : "files"), "
                    note += "which this build cannot read: rebuild with --traits Zstd)"
                }
            } else if argument.last == slash {
                // `FilePath` drops a trailing slash, which the system refuses after a file's name.
                items.append(.unreadable(name: name, reason: Errno.notDirectory.description))
            } else {
                let size = info.type == .regular ? Int(info.size) : nil
                items.append(.input(InputSpec(source: .file(path), name: name, mode: mode(for: argument), size: size)))
            }
        }
        return items
    }

    /// `.json` files hold one payload; everything else is read as JSON Lines. A compression suffix
    /// (`.gz`, `.zst`) is looked past: `a.json.gz` is one payload.
    static func mode(for path: [UInt8]) -> LineReader.Mode {
        [".json", ".json.gz", ".json.zst"].contains { path.hasSuffix($0) } ? .singleDocument : .jsonLines
    }

    /// The files a directory walk reads: `.json` and `.jsonl`, gzip-compressed or not, and with the
    /// `Zstd` trait zstd-compressed too.
    static let payloadSuffixes = readableCompressions.flatMap { compression in
        [".json", ".jsonl"].map { $0 + compression }
    }

    #if Zstd
    private static let readableCompressions = ["", ".gz", ".zst"]
    #else
    private static let readableCompressions = ["", ".gz"]
    #endif

    /// The suffixes a walk reads, for messages: `.json, .jsonl, .json.gz or .jsonl.gz`.
    static var payloadSuffixList: String {
        payloadSuffixes.dropLast().joined(separator: ", ") + " or " + (payloadSuffixes.last ?? "")
    }

    /// A zstd file that a build without the `Zstd` trait leaves out of a walk (and mentions).
    static func isUnreadableCompressedFile(_ name: [UInt8]) -> Bool {
        !readableCompressions.contains(".zst") && (name.hasSuffix(".json.zst") || name.hasSuffix(".jsonl.zst"))
    }

    /// The path these bytes name, byte for byte, except that `FilePath` collapses repeated slashes and
    /// drops a trailing one (``expand(_:)`` checks for that one itself).
    static func filePath(_ bytes: [UInt8]) -> FilePath {
        FilePath(platformString: bytes.map { CChar(bitPattern: $0) } + [0])
    }

    /// Standard input, as it was when the command started (``StandardStreams/inputAtLaunch``).
    private static func standardInput(name: String, firstLine: Int) -> InputItem {
        switch StandardStreams.inputAtLaunch {
        case .success(let info):
            let size = info.type == .regular ? Int(info.size) : nil
            let spec = InputSpec(source: .standardInput, name: name, mode: .jsonLines, size: size, firstLine: firstLine)
            return .input(spec)
        case .failure(let error):
            return .unreadable(name: "-", reason: StandardStreams.describeInputFailure(error))
        }
    }

    /// Every `.json` and `.jsonl` file below `directory`, sorted by the bytes of their names.
    ///
    /// One directory is open at a time: each is listed to the end and closed before any of its subdirectories is
    /// opened, so a tree of any depth needs one descriptor (a subdirectory is reached by its path from the argument,
    /// not relative to an open parent). Entries are examined with `fstatat` relative to the open directory, by their
    /// exact bytes. Also returns how many files it left out because this build cannot read them.
    private static func walk(directory: FilePath, name: [UInt8]) -> ([InputItem], Int) {
        var found: [(key: [UInt8], item: InputItem)] = []
        var unreadableCompressed = 0
        // The directories still to be listed, each with its name as shown: the argument as given, or its parent's name,
        // a slash and its own name.
        var pending = [(path: directory, name: name)]
        while let current = pending.popLast() {
            let prefix = current.name.last == slash ? current.name : current.name + [slash]
            do {
                var reader = try DirectoryReader(current.path)
                while let entry = try reader.next() {
                    let name = prefix + entry.withPlatformString(RawArguments.bytes(ofCString:))
                    let isPayload = payloadSuffixes.contains { name.hasSuffix($0) }
                    let relative = FilePath(root: nil, [entry])
                    var info: Stat
                    do {
                        info = try Stat(relative, relativeTo: reader.descriptor, flags: .symlinkNoFollow)
                    } catch {
                        // Gone since it was listed, or not examinable: worth a word only for a payload file.
                        if isPayload { found.append((name, unreadable(name, error.description))) }
                        if isUnreadableCompressedFile(name) { unreadableCompressed += 1 }
                        continue
                    }
                    if info.type == .directory {
                        pending.append((current.path.appending(entry), name))
                        continue
                    }
                    // Links to files are followed; links to directories are not (no cycles), nor links to devices
                    // or pipes.
                    if info.type == .symbolicLink && isPayload {
                        do {
                            info = try Stat(relative, relativeTo: reader.descriptor, flags: [])
                        } catch {
                            found.append((name, unreadable(name, "broken symbolic link: \(error.description)")))
                            continue
                        }
                    }
                    if isPayload && info.type == .regular {
                        let path = current.path.appending(entry)
                        let spec = InputSpec(
                            source: .file(path),
                            name: InputSpec.displayName(name),
                            mode: mode(for: name),
                            size: Int(info.size)
                        )
                        found.append((name, .input(spec)))
                    } else if isUnreadableCompressedFile(name) {
                        unreadableCompressed += 1
                    }
                }
            } catch {
                found.append((current.name, unreadable(current.name, error.description)))
            }
        }
        found.sort { $0.key.lexicographicallyPrecedes($1.key) }
        return (found.map(\.item), unreadableCompressed)
    }

    private static func unreadable(_ name: [UInt8], _ reason: String) -> InputItem {
        .unreadable(name: InputSpec.displayName(name), reason: reason)
    }

    /// The total size of the inputs, when every one has a known size (and none is compressed, whose
    /// text is larger than its file).
    static func totalSize(_ items: [InputItem]) -> Int? {
        var total = 0
        for item in items {
            guard case .input(let spec) = item else { continue }
            guard let size = spec.size, !spec.name.hasSuffix(".gz") && !spec.name.hasSuffix(".zst") else { return nil }
            total += size
        }
        return total
    }
}

extension [UInt8] {
    fileprivate func hasSuffix(_ suffix: String) -> Bool {
        count >= suffix.utf8.count && self[(count - suffix.utf8.count)...].elementsEqual(suffix.utf8)
    }
}

/// What a command-line argument expanded to: an input, or an input that cannot be read.
enum InputItem: Sendable, Equatable {
    case input(InputSpec)
    /// An argument, a directory or a `.json`/`.jsonl` entry that cannot be read, by its
    /// ``InputSpec/name``; the reason is shown after it.
    case unreadable(name: String, reason: String)
    /// The end of one argument's inputs: an argument that gave no payload at all gets this note, which says why.
    case endOfArgument(note: String)

    /// Whether this is an input, readable or not (what the summary counts), not a marker.
    var isInput: Bool {
        if case .endOfArgument = self { return false }
        return true
    }
}

/// One input to read: a file, or standard input.
struct InputSpec: Sendable, Equatable {
    /// Where the bytes come from. Standard input is known by this, never by a descriptor's number: with
    /// stdin closed, the first file opened gets descriptor 0.
    enum Source: Sendable, Equatable {
        case standardInput
        /// A file, by its exact bytes (a name need not be UTF-8).
        case file(FilePath)
    }

    var source: Source
    /// The name as records and messages show it: the argument as given, joined with the path inside a
    /// directory; `-` for stdin. Bytes that are not UTF-8 show as U+FFFD (``displayName(_:)``).
    var name: String
    var mode: LineReader.Mode
    /// The size in bytes, for a regular file (progress and ETA).
    var size: Int?
    /// The number of the input's first line: 1, unless `--line-offset` says otherwise (standard input), or the
    /// line feeds before `--byte-range`'s lines plus one.
    var firstLine = 1
    /// The part of a file to read (`--byte-range`: whole lines, ``InputByteRange``); `nil` for all of it.
    var byteRange: Range<Int>? = nil

    /// A path's bytes as text: UTF-8, with each byte sequence that is not UTF-8 shown as U+FFFD, so
    /// records stay valid UTF-8 (the file itself is opened by its exact bytes).
    static func displayName(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Opens the input for reading: standard input as it is, a file by its bytes (closed on exec). The
    /// caller closes a file's descriptor, and only a file's: `isFile` says which it is.
    func open() throws(InputError) -> (descriptor: FileDescriptor, isFile: Bool) {
        switch source {
        case .standardInput:
            return (.standardInput, false)
        case .file(let path):
            do {
                let descriptor = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
                if let byteRange, byteRange.lowerBound > 0 {
                    do {
                        _ = try descriptor.seek(offset: Int64(byteRange.lowerBound), from: .start)
                    } catch {
                        try? descriptor.close()
                        throw error
                    }
                }
                return (descriptor, true)
            } catch {
                throw InputError(path: name, reason: "\(error)")
            }
        }
    }
}
