import ArgumentParser
import PushRequests

/// `--platform`: a platform whose devices receive the send requests (repeatable), for a server that knows
/// its tokens' platform.
enum PlatformOption: String, CaseIterable, ExpressibleByArgument {
    case ios
    case android
    case web

    static let help = ArgumentHelp(
        "The platform the requests' devices are on: ios, android or web; repeat it for several (default: not known).",
        discussion: """
            An FCM body to a token, topic or condition does not say which devices get it: a finding that holds \
            only on one platform's devices is certain when the body has that platform's block (apns, android, \
            webpush) and otherwise at most a warning that says so. With --platform, the findings for the \
            platforms named are certain and those for other platforms, and their deliveries, are left out. \
            APNs requests and device payloads are for one platform already.
            """
    )

    var platform: PushPlatform {
        switch self {
        case .ios: return .ios
        case .android: return .android
        case .web: return .web
        }
    }

    static func platforms(_ options: [PlatformOption]) -> Set<PushPlatform> { Set(options.map(\.platform)) }
}
