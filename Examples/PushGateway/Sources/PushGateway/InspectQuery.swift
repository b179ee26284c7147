import HTTPTypes
public import PushPayloads
public import PushRequests

/// The query of `POST /v1/inspect`: `platform`, the platforms whose devices receive the request, as
/// `push-payloads inspect --platform` takes them.
///
/// `?platform=ios,android` or `?platform=ios&platform=android` (names separated by commas, the parameter
/// repeated, or both; spaces around a name are ignored): the findings for the platforms named are
/// certain, and an FCM body's deliveries to other platforms are left out, with their findings
/// (``PushInspector/platforms``). Without it the platforms are not known, as with the command.
///
/// A query the gateway cannot act on is refused (400, `invalid_query`), never ignored: an unknown
/// platform name, an empty one, or a parameter other than `platform` (a misspelt `platforms=ios` would
/// otherwise answer for every platform).
public struct InspectQuery: Sendable, Equatable {
    /// The platforms named; empty when the query names none.
    public var platforms: Set<PushPlatform>

    /// The platforms `platform` may name.
    public static let knownPlatforms: [PushPlatform] = [.ios, .android, .web]

    /// The code of a query the route cannot act on.
    public static let invalidQueryCode = PushPayloadError.Code(name: "invalid_query")

    /// Creates a query naming `platforms`.
    public init(platforms: Set<PushPlatform> = []) {
        self.platforms = platforms
    }

    /// Reads a query's parameters, percent-decoded, in order (a request's `uri.queryParameters`).
    ///
    /// - Throws: ``GatewayError`` (400, ``invalidQueryCode``) for an unknown or empty platform name or an
    ///   unknown parameter.
    public init(parameters: some Sequence<(key: Substring, value: Substring)>) throws(GatewayError) {
        self.init()
        for (key, value) in parameters {
            guard key == "platform" else {
                throw Self.invalid(
                    "the query parameter `\(key.prefix(64))` is not one /v1/inspect reads; it reads `platform`"
                )
            }
            for name in value.split(separator: ",", omittingEmptySubsequences: false) {
                var trimmed = name
                while trimmed.first == " " { trimmed.removeFirst() }
                while trimmed.last == " " { trimmed.removeLast() }
                let text = String(trimmed)
                guard let platform = Self.knownPlatforms.first(where: { $0.name == text }) else {
                    let given = text.isEmpty ? "an empty name" : "`\(text)`"
                    throw Self.invalid(
                        "`platform` names \(given); it takes ios, android or web, separated by commas"
                    )
                }
                platforms.insert(platform)
            }
        }
    }

    static func invalid(_ message: String) -> GatewayError {
        GatewayError(status: .badRequest, error: PushPayloadError(invalidQueryCode, message: message))
    }
}
