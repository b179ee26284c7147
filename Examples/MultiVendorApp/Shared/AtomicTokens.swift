// Compiled into both targets. Atomic's SDK asks its session delegate for the user's token (a JWT) before any request,
// in the extension as in the app: the extension is a process of its own, so it logs in itself.
import AtomicSDK
import Foundation

/// Supplies Atomic's SDK the user's token, which the app stores in the app group when the user signs in.
final class AtomicTokens: NSObject, AACSessionDelegate {
    static let environmentID = "example-environment"
    static let apiKey = "example-api-key"
    static let apiBaseURL = URL(string: "https://example.client-api.atomic.io")

    /// `AACSessionDelegate`'s one required method; the SDK calls it whenever it needs a token.
    func cardSessionDidRequestAuthenticationToken(handler: @escaping AACSessionAuthenticationTokenHandler) {
        handler(UserDefaults(suiteName: AppGroup.identifier)?.string(forKey: "atomic.jwt"))
    }

    /// Logs Atomic's session in (`+[AACSession loginWithEnvironmentId:apiKey:sessionDelegate:apiBaseUrl:]`).
    static func login() {
        AACSession.login(
            withEnvironmentId: environmentID,
            apiKey: apiKey,
            sessionDelegate: AtomicTokens(),
            apiBaseUrl: apiBaseURL
        )
    }
}
