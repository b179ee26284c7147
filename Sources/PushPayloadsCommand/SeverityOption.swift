import ArgumentParser
import PushRequests

/// `lint --severity`.
enum SeverityOption: String, CaseIterable, ExpressibleByArgument {
    case info
    case warning
    case error

    var severity: PushSeverity {
        switch self {
        case .info: return .info
        case .warning: return .warning
        case .error: return .error
        }
    }
}
