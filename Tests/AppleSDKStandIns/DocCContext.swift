// The app's own names the DocC articles of PushRouting assume (a deep-link router, an inbox, metrics, a
// message store…), declared so that every code block of `Sources/PushRouting/Docs.docc` type-checks
// (`scripts/check-apple-adapters.sh` extracts the blocks). Nothing here is PushRouting API.
import Foundation
import PushPayloads
import PushRouting

@MainActor
final class DeepLinkRouter {
    static let shared = DeepLinkRouter()
    func open(_ url: String?) {}
}

final class Inbox: Sendable {
    static let shared = Inbox()
    func refresh(campaign: String?) async throws {}
}

final class Campaigns: Sendable {
    static let shared = Campaigns()
    func apply(_ payload: JSONValue?) async {}
    func show(_ campaignID: String?, deepLink: String?) async {}
}

struct OtherPushes: PushRouterDelegate {}

struct AlwaysList: PushPresentationObserver {
    func presentation(for notification: PushNotification) async throws -> PushPresentation { .list }
}

enum Metrics {
    static func count(_ name: String, vendor: String, kind: String, outcome: String) {}
    static func count(_ name: String, identifier: String, reason: String) {}
}

struct MessageStore: Sendable {
    static func connect() async throws -> MessageStore { MessageStore() }
    func record(mcID: String, hasInbox: Bool, at date: Date) async throws {}
    func record(card: String, container: String, detail: String) async throws {}
}

struct Quarantine: PushRouterDelegate {
    let store: MessageStore
}

struct CaptureReader {
    let path: String
    var lines: AsyncStream<[UInt8]> { AsyncStream { $0.finish() } }
}
