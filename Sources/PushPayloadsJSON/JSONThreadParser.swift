#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A warm parser per thread, for JSON a payload embeds in a string (an FCM data message sends nested
/// objects so), which decoders parse one small document at a time, for most payloads.
///
/// A fresh ``JSONParser`` allocates its storage and its scratch (stack, bitmap, key tables), which costs
/// as much as scanning a small document. The thread's parser keeps its scratch, and its storage too once
/// the previous embedded document is gone. A parse is synchronous, so no other task runs on the thread
/// while it is in use, and it never calls out to code that could parse again on the same thread.
///
/// A thread's parser keeps buffers the size of the largest embedded document it has parsed (no larger
/// than the payload limit it was given) until the thread ends. Without POSIX threads, or when the process
/// is out of thread keys, each parse uses a fresh parser.
enum JSONThreadParser {
    /// Parses any JSON value from `bytes` with the calling thread's parser.
    static func parseValue(
        _ bytes: UnsafeRawBufferPointer,
        limits: PushPayloadLimits
    ) throws(PushPayloadError) -> JSONDocument {
        try withParser(limits: limits) { parser throws(PushPayloadError) in try parser.parse(bytes) }
    }

    /// The container whose JSON text the string `text` (as written, escapes and all) holds, parsed with the calling
    /// thread's parser straight from the string's escaped text (`JSONParser.parseContainer(escapedText:hasEscapes:)`);
    /// `nil` when the text cannot be a container.
    static func parseContainer(
        escapedText text: UnsafeBufferPointer<UInt8>,
        hasEscapes: Bool,
        limits: PushPayloadLimits
    ) throws(PushPayloadError) -> JSONDocument? {
        try withParser(limits: limits) { parser throws(PushPayloadError) in
            try parser.parseContainer(escapedText: text, hasEscapes: hasEscapes)
        }
    }

    /// Calls `body` with the calling thread's parser set to `limits`, or with a fresh one.
    @inline(__always)
    private static func withParser<Value>(
        limits: PushPayloadLimits,
        _ body: (inout JSONParser) throws(PushPayloadError) -> Value
    ) throws(PushPayloadError) -> Value {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        if let cache = threadCache() {
            // The thread's slot holds the cache for as long as the thread runs, and nothing else on this thread
            // runs during the call: borrowed, it is neither retained nor released.
            return try cache._withUnsafeGuaranteedRef { cache in
                cache.parser.limits = limits
                return Result { () throws(PushPayloadError) in try body(&cache.parser) }
            }.get()
        }
        #endif
        var parser = JSONParser(limits: limits, acceptsAnyTopLevelValue: true)
        return try body(&parser)
    }

    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// The calling thread's cache, made at its first parse; `nil` when there is no slot for it.
    private static func threadCache() -> Unmanaged<Cache>? {
        guard let key else { return nil }
        if let slot = pthread_getspecific(key) { return Unmanaged<Cache>.fromOpaque(slot) }
        // The thread's slot owns the cache; the key's destructor releases it when the thread ends.
        let cache = Unmanaged.passRetained(Cache())
        guard pthread_setspecific(key, cache.toOpaque()) == 0 else {
            cache.release()
            return nil
        }
        return cache
    }

    /// A thread's parser, held by the thread's slot.
    private final class Cache {
        // One thread uses it, one parse at a time (see above): the dynamic exclusivity check would cost
        // more than a small parse's setup, which this type exists to save.
        @exclusivity(unchecked) var parser = JSONParser(acceptsAnyTopLevelValue: true)
    }

    /// The slot's key, created once per process; `nil` when the process is out of keys, and then every
    /// parse takes a fresh parser.
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let status = pthread_key_create(&key) { Unmanaged<Cache>.fromOpaque($0).release() }
        #else
        let status = pthread_key_create(&key) { slot in
            if let slot { Unmanaged<Cache>.fromOpaque(slot).release() }
        }
        #endif
        return status == 0 ? key : nil
    }()
    #endif
}
