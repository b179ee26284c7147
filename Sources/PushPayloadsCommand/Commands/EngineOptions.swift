import ArgumentParser
import PushPayloads

/// The options every subcommand shares: the JSON engine and the limits applied to each payload.
struct EngineOptions: ParsableArguments {
    @Option(help: "The JSON engine: native, or jansson (the reference engine, in builds with --traits Jansson).")
    var engine: PayloadEngine = .native

    @Option(
        name: .customLong("max-payload-bytes"),
        help: "Payloads (lines) longer than this many bytes are too_large errors."
    )
    var maximumPayloadBytes: Int = PushPayloadLimits.default.maximumPayloadBytes

    @Option(name: .customLong("max-depth"), help: "Deeper nesting of objects and arrays is a too_deep error.")
    var maximumDepth: Int = PushPayloadLimits.default.maximumDepth

    mutating func validate() throws {
        guard engine.isAvailable else { throw ValidationError(PayloadEngine.janssonUnavailableMessage) }
        guard maximumPayloadBytes >= 0 && maximumPayloadBytes < Int(UInt32.max) - 1 else {
            throw ValidationError("--max-payload-bytes must be between 0 and \(Int(UInt32.max) - 2)")
        }
        guard (1...100_000).contains(maximumDepth) else {
            throw ValidationError("--max-depth must be between 1 and 100000")
        }
    }

    var limits: PushPayloadLimits {
        PushPayloadLimits(maximumPayloadBytes: maximumPayloadBytes, maximumDepth: maximumDepth)
    }
}

/// The JSON engine that parses payloads.
enum PayloadEngine: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// The library's own parser.
    case native
    /// jansson, the reference engine; compiled in only with the `Jansson` package trait.
    case jansson

    var isAvailable: Bool {
        #if Jansson
        return true
        #else
        return self == .native
        #endif
    }

    /// What to do about an engine this build lacks.
    static let janssonUnavailableMessage =
        "the jansson engine is not built in; rebuild with the Jansson trait: "
        + "`swift build -c release --traits Jansson` (needs libjansson-dev)"
}
