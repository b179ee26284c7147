import ArgumentParser
import PushRequests

/// `--kind`: what the inputs are, when they should not be detected.
enum RequestKindOption: String, CaseIterable, ExpressibleByArgument {
    case device
    case apns
    case fcmV1 = "fcm-v1"
    case fcmLegacy = "fcm-legacy"

    var requestKind: PushRequestKind {
        switch self {
        case .device: return .devicePayload
        case .apns: return .apnsRequest
        case .fcmV1: return .fcmV1
        case .fcmLegacy: return .fcmLegacy
        }
    }
}
