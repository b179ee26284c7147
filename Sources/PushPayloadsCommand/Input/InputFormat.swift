/// What an input's first bytes say it is: text, or compressed data of some kind.
///
/// Inputs are recognised by their magic bytes, never by their names alone: a gzip file called
/// `capture.jsonl`, or gzip data on standard input, is decompressed like `capture.jsonl.gz`. A JSON
/// text starts with whitespace or a value, and no magic number below starts like one (nor like a
/// UTF-8 byte-order mark), so plain text is never mistaken for compressed data.
enum InputFormat: Equatable, Sendable {
    /// JSON text, with a UTF-8 byte-order mark in front or not.
    case text(byteOrderMark: Bool)
    /// gzip (RFC 1952), any number of members.
    case gzip
    /// Zstandard (RFC 8878), any number of frames.
    case zstd
    /// Compressed data the command does not read, by the name of its format.
    case unsupported(String)

    /// The UTF-8 encoding of U+FEFF.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A zstd stream may start with a skippable frame (RFC 8878 §3.1.2: magic 0x184D2A50 to 0x184D2A5F, little-endian),
    /// which the decompressor skips; read as text, it would be garbage.
    private static let skippableFrameMagics: [(bytes: [UInt8], format: InputFormat)] = (UInt8(0x50)...0x5F).map {
        ([$0, 0x2A, 0x4D, 0x18], .zstd)
    }

    private static let magics: [(bytes: [UInt8], format: InputFormat)] =
        skippableFrameMagics + [
            ([0x1F, 0x8B], .gzip),
            ([0x28, 0xB5, 0x2F, 0xFD], .zstd),
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], .unsupported("xz")),
            ([0x42, 0x5A, 0x68], .unsupported("bzip2")),
            ([0x04, 0x22, 0x4D, 0x18], .unsupported("lz4")),
            ([0x50, 0x4B, 0x03, 0x04], .unsupported("zip")),
            (byteOrderMark, .text(byteOrderMark: true)),
        ]

    /// The format `prefix` shows, or `nil` while it is too short to tell: it is a proper beginning of
    /// one of the magic numbers and the input may have more bytes. `atEnd` says it does not.
    static func detect(_ prefix: UnsafeRawBufferPointer, atEnd: Bool) -> InputFormat? {
        for (magic, format) in magics {
            let compared = min(prefix.count, magic.count)
            guard prefix.prefix(compared).elementsEqual(magic.prefix(compared)) else { continue }
            if compared == magic.count { return format }
            if !atEnd { return nil }
        }
        return .text(byteOrderMark: false)
    }

    /// Text only: how many leading bytes to skip (the byte-order mark's).
    var skippedBytes: Int {
        if case .text(byteOrderMark: true) = self { return Self.byteOrderMark.count }
        return 0
    }

    /// Why an input of this format cannot be read, and what to do instead.
    var unsupportedReason: String? {
        switch self {
        case .text, .gzip:
            return nil
        case .zstd:
            #if Zstd
            return nil
            #else
            return "the input is zstd-compressed, and this build of push-payloads cannot decompress zstd: "
                + "rebuild it with `--traits Zstd` (needs libzstd-dev), or decompress first: "
                + "zstd -dc FILE | push-payloads classify"
            #endif
        case .unsupported(let name):
            let tool = ["xz": "xz -dc", "bzip2": "bzip2 -dc", "lz4": "lz4 -dc", "zip": "unzip -p"][name] ?? name
            return "the input is \(name)-compressed, which push-payloads does not read: "
                + "decompress it first: \(tool) FILE | push-payloads classify"
        }
    }
}
