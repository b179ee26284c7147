#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One input to read: a file, or standard input.
struct InputSpec: Sendable, Equatable {
    /// The path as printed in records: as given, joined with the path inside a directory; `-` for stdin.
    var path: String
    var mode: LineReader.Mode
    /// The size in bytes, for a regular file (progress and ETA).
    var size: Int?

    var isStandardInput: Bool { path == "-" }
}

/// What a command-line argument expanded to: an input, or an input that cannot be read.
enum InputItem: Sendable, Equatable {
    case input(InputSpec)
    case unreadable(path: String, reason: String)

    var path: String {
        switch self {
        case .input(let spec): return spec.path
        case .unreadable(let path, _): return path
        }
    }
}

/// Expands `classify`'s arguments into the inputs to read, in order.
///
/// - `-` (or no argument at all) is standard input, read as JSON Lines.
/// - A directory stands for every `.json` and `.jsonl` file below it, recursively, in byte order of
///   their paths (as `find DIR | LC_ALL=C sort` lists them). Symbolic links to files are followed,
///   links to directories are not (no cycles).
/// - A `.json` file is one payload; any other file is JSON Lines.
///
/// Arguments that do not exist or cannot be listed become ``InputItem/unreadable(path:reason:)`` in
/// their place, so the run reports them in order and goes on.
enum InputList {
    static func expand(_ arguments: [String]) -> [InputItem] {
        let arguments = arguments.isEmpty ? ["-"] : arguments
        var items: [InputItem] = []
        for argument in arguments {
            if argument == "-" {
                items.append(.input(InputSpec(path: "-", mode: .jsonLines, size: regularFileSize(of: 0))))
                continue
            }
            var info = stat()
            guard stat(argument, &info) == 0 else {
                items.append(.unreadable(path: argument, reason: String(cString: strerror(errno))))
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                var found: [InputItem] = []
                walk(directory: argument, into: &found)
                found.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
                items += found
            } else {
                let size = info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil
                items.append(.input(InputSpec(path: argument, mode: mode(for: argument), size: size)))
            }
        }
        return items
    }

    /// `.json` files hold one payload; everything else is read as JSON Lines.
    static func mode(for path: String) -> LineReader.Mode {
        path.hasSuffix(".json") ? .singleDocument : .jsonLines
    }

    static func isPayloadFile(_ name: String) -> Bool {
        name.hasSuffix(".json") || name.hasSuffix(".jsonl")
    }

    private static func walk(directory: String, into items: inout [InputItem]) {
        guard let handle = opendir(directory) else {
            items.append(.unreadable(path: directory, reason: String(cString: strerror(errno))))
            return
        }
        defer { closedir(handle) }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = prefix + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(directory: path, into: &items)
            case S_IFREG where isPayloadFile(name):
                items.append(.input(InputSpec(path: path, mode: mode(for: name), size: Int(info.st_size))))
            case S_IFLNK where isPayloadFile(name):
                var target = stat()
                if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG {
                    items.append(.input(InputSpec(path: path, mode: mode(for: name), size: Int(target.st_size))))
                }
            default:
                continue
            }
        }
    }

    /// The size of the file open on `fileDescriptor`, if it is a regular file.
    static func regularFileSize(of fileDescriptor: Int32) -> Int? {
        var info = stat()
        guard fstat(fileDescriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
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
