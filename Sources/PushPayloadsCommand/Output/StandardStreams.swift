import SystemPackage

/// Writing to standard output and standard error without buffering, and what standard input was.
enum StandardStreams {
    /// Standard input's `fstat` when the command started, before anything could open a descriptor: with
    /// standard input closed this is `EBADF`, and descriptor 0 may later be any file the command opens.
    /// ``PushPayloadsCommand/main()`` reads it first thing.
    static let inputAtLaunch: Result<Stat, Errno> = Result { () throws(Errno) in
        try FileDescriptor.standardInput.stat()
    }

    /// Why standard input cannot be read, from ``inputAtLaunch``'s error.
    static func describeInputFailure(_ error: Errno) -> String {
        error == .badFileDescriptor ? "standard input is closed" : error.description
    }

    /// Writes all of `bytes` (swift-system retries interrupted and partial writes); returns the error
    /// that stopped it, if any.
    @discardableResult
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: FileDescriptor) -> Errno? {
        do {
            try descriptor.writeAll(bytes)
            return nil
        } catch {
            return error as? Errno ?? .ioError
        }
    }

    /// Writes `push-payloads: ` and `message` as one line, with control characters (from file names,
    /// which may hold any byte but `/` and NUL) shown as spaces, as the table shows them: a name must not
    /// move the cursor, clear the screen or forge another line.
    @discardableResult
    static func writeMessage(_ message: String, to descriptor: FileDescriptor = .standardError) -> Errno? {
        let line = message.unicodeScalars.map { TableRecordWriter.isControl($0) ? " " : $0 }
        return write("push-payloads: " + String(String.UnicodeScalarView(line)) + "\n", to: descriptor)
    }

    @discardableResult
    static func write(_ text: String, to descriptor: FileDescriptor) -> Errno? {
        var text = text
        return text.withUTF8 { write($0, to: descriptor) }
    }
}
