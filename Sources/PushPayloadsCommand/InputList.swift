import SystemPackage

/// Expands `classify`'s arguments into the inputs to read, in order.
///
/// - `-` (or no argument at all) is standard input, read as JSON Lines; with standard input closed it
///   is an input that cannot be read.
/// - A directory stands for every `.json` and `.jsonl` file below it, recursively, in byte order of
///   their paths (as `find DIR | LC_ALL=C sort` lists them). Symbolic links to files are followed,
///   links to directories are not (no cycles); a `.json`/`.jsonl` link that leads nowhere or loops is
///   an input that cannot be read.
/// - A `.json` file is one payload; any other file is JSON Lines.
///
/// Paths are bytes (`FilePath`, built from the arguments' bytes and from directory entries' bytes), so a
/// name that is not UTF-8 is read like any other; only ``InputSpec/name`` is text.
///
/// Arguments that do not exist or cannot be listed become ``InputItem/unreadable(name:reason:)`` in
/// their place, so the run reports them in order and goes on.
enum InputList {
    private static let slash = UInt8(ascii: "/")

    /// - Parameter arguments: The arguments' bytes, as the process received them (``RawArguments``).
    static func expand(_ arguments: [[UInt8]]) -> [InputItem] {
        let arguments = arguments.isEmpty ? [Array("-".utf8)] : arguments
        var items: [InputItem] = []
        for argument in arguments {
            if argument == Array("-".utf8) {
                items.append(standardInput())
                continue
            }
            let name = InputSpec.displayName(argument)
            let path = filePath(argument)
            let info: Stat
            do {
                info = try path.stat()
            } catch {
                items.append(.unreadable(name: name, reason: error.description))
                continue
            }
            if info.type == .directory {
                items += walk(directory: path, name: argument)
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

    /// `.json` files hold one payload; everything else is read as JSON Lines.
    static func mode(for path: [UInt8]) -> LineReader.Mode {
        path.hasSuffix(".json") ? .singleDocument : .jsonLines
    }

    static func isPayloadFile(_ name: [UInt8]) -> Bool {
        name.hasSuffix(".json") || name.hasSuffix(".jsonl")
    }

    /// The path these bytes name, byte for byte, except that `FilePath` collapses repeated slashes and
    /// drops a trailing one (``expand(_:)`` checks for that one itself).
    static func filePath(_ bytes: [UInt8]) -> FilePath {
        FilePath(platformString: bytes.map { CChar(bitPattern: $0) } + [0])
    }

    /// The bytes of a directory entry's name.
    static func bytes(of component: FilePath.Component) -> [UInt8] {
        component.withPlatformString { start in
            var count = 0
            while start[count] != 0 { count += 1 }
            return (0..<count).map { UInt8(bitPattern: start[$0]) }
        }
    }

    /// Standard input, as it was when the command started (``StandardStreams/inputAtLaunch``).
    private static func standardInput() -> InputItem {
        switch StandardStreams.inputAtLaunch {
        case .success(let info):
            let size = info.type == .regular ? Int(info.size) : nil
            return .input(InputSpec(source: .standardInput, name: "-", mode: .jsonLines, size: size))
        case .failure(let error):
            return .unreadable(name: "-", reason: StandardStreams.describeInputFailure(error))
        }
    }

    /// A directory still to be listed.
    private struct PendingDirectory {
        var path: FilePath
        /// Its name as shown: the argument as given, or its parent's prefix and its own name.
        var name: [UInt8]
        /// What its entries' names start with: ``name`` and a slash.
        var prefix: [UInt8] { name.last == slash ? name : name + [slash] }
    }

    /// Every `.json` and `.jsonl` file below `directory`, sorted by the bytes of their names.
    ///
    /// One directory is open at a time: each is listed to the end and closed before any of its
    /// subdirectories is opened, so a tree of any depth needs one descriptor (a subdirectory is reached
    /// by its path from the argument, not relative to an open parent). Entries are examined with
    /// `fstatat` relative to the open directory, by their exact bytes.
    private static func walk(directory: FilePath, name: [UInt8]) -> [InputItem] {
        var found: [(key: [UInt8], item: InputItem)] = []
        var pending = [PendingDirectory(path: directory, name: name)]
        while let current = pending.popLast() {
            do {
                var reader = try DirectoryReader(current.path)
                while let entry = try reader.next() {
                    let entryName = current.prefix + bytes(of: entry)
                    switch examine(entry, named: entryName, in: current.path, reader.descriptor) {
                    case .directory(let path): pending.append(PendingDirectory(path: path, name: entryName))
                    case .item(let item): found.append((entryName, item))
                    case .skipped: continue
                    }
                }
            } catch {
                let item = InputItem.unreadable(name: InputSpec.displayName(current.name), reason: error.description)
                found.append((current.name, item))
            }
        }
        found.sort { $0.key.lexicographicallyPrecedes($1.key) }
        return found.map(\.item)
    }

    private enum Examined {
        case directory(FilePath)
        case item(InputItem)
        case skipped
    }

    /// What one directory entry is to the walk.
    private static func examine(
        _ entry: FilePath.Component,
        named name: [UInt8],
        in directory: FilePath,
        _ descriptor: FileDescriptor
    ) -> Examined {
        let isPayload = isPayloadFile(name)
        let relative = FilePath(root: nil, [entry])
        let info: Stat
        do {
            info = try Stat(relative, relativeTo: descriptor, flags: .symlinkNoFollow)
        } catch {
            // Gone since it was listed, or not examinable: worth a word only for a payload file.
            guard isPayload else { return .skipped }
            return .item(.unreadable(name: InputSpec.displayName(name), reason: error.description))
        }
        var size = info.size
        switch info.type {
        case .directory:
            return .directory(directory.appending(entry))
        case .regular where isPayload:
            break
        case .symbolicLink where isPayload:
            do {
                let target = try Stat(relative, relativeTo: descriptor, flags: [])
                // Links to directories are not followed (no cycles), nor links to devices or pipes.
                guard target.type == .regular else { return .skipped }
                size = target.size
            } catch {
                let reason = "broken symbolic link: \(error.description)"
                return .item(.unreadable(name: InputSpec.displayName(name), reason: reason))
            }
        default:
            return .skipped
        }
        let spec = InputSpec(
            source: .file(directory.appending(entry)),
            name: InputSpec.displayName(name),
            mode: mode(for: name),
            size: Int(size)
        )
        return .item(.input(spec))
    }

    /// The total size of the inputs, when every one has a known size.
    static func totalSize(_ items: [InputItem]) -> Int? {
        var total = 0
        for item in items {
            guard case .input(let spec) = item else { continue }
            guard let size = spec.size else { return nil }
            total += size
        }
        return total
    }
}

extension [UInt8] {
    fileprivate func hasSuffix(_ suffix: StaticString) -> Bool {
        let suffix = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        return count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
