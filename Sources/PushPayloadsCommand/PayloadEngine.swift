import ArgumentParser

/// The JSON engine that parses payloads.
enum PayloadEngine: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// The library's own parser.
    case native
    /// jansson, the reference engine; compiled in only with the `Jansson` package trait.
    case jansson

    /// Whether this build can use the engine.
    var isAvailable: Bool {
        switch self {
        case .native: return true
        case .jansson:
            #if Jansson
            return true
            #else
            return false
            #endif
        }
    }

    /// What to do about an engine this build lacks.
    static let janssonUnavailableMessage =
        "the jansson engine is not built in; rebuild with the Jansson trait: "
        + "`swift build -c release --traits Jansson` (needs libjansson-dev)"
}
