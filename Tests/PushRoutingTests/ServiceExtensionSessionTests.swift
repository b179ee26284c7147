import Foundation
import Logging
import PushPayloads
import PushPayloadsFoundation
import PushRouting
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Shaped as the vendor SDKs' service-extension objects are (Exponea's `ExponeaNotificationService`, Cordial's
/// `CordialNotificationServiceExtension`): not `Sendable`, it keeps the request's content handler and a best attempt
/// when it starts, its own work (a download) never finishes here, and `serviceExtensionTimeWillExpire()` calls the
/// kept handler with the best attempt, synchronously.
final class FakeVendorService {
    private var contentHandler: ((String) -> Void)?
    private var bestAttempt: String?
    private(set) var campaign = ""

    func process(campaign: String, contentHandler: @escaping (String) -> Void) {
        self.campaign = campaign
        self.contentHandler = contentHandler
        bestAttempt = "best attempt for \(campaign)"
    }

    func serviceExtensionTimeWillExpire() {
        defer { contentHandler = nil }
        if let contentHandler, let bestAttempt { contentHandler(bestAttempt) }
    }
}

/// The natural delegate for such an SDK: the vendor object for each request is the request's
/// (`vendorObject(make:)`), found again when that request's time runs out. The delegate itself is shared by every
/// request.
final class VendorObjectDelegate: PushRouterDelegate {
    private struct State {
        var started: [String] = []
        var made = 0
        var hanging: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())

    var started: [String] { state.withLock { $0.started } }
    var made: Int { state.withLock { $0.made } }

    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
        let campaign = Self.campaign(of: request)
        let service = request.vendorObject {
            state.withLock { $0.made += 1 }
            return FakeVendorService()
        }
        service.process(campaign: campaign) { title in
            request.deliver(PushServiceExtensionContent(FakeContent(title: title)))
        }
        state.withLock { $0.started.append(campaign) }
        await withCheckedContinuation { continuation in state.withLock { $0.hanging.append(continuation) } }
    }

    func serviceExtensionTimeWillExpire(_ request: PushServiceExtensionRequest) {
        request.vendorObject(FakeVendorService.self)?.serviceExtensionTimeWillExpire()
    }

    func release() {
        for continuation in state.withLock({ state in
            defer { state.hanging = [] }
            return state.hanging
        }) {
            continuation.resume()
        }
    }

    static func campaign(of request: PushServiceExtensionRequest) -> String {
        (request.origin.userInfo["attributes"] as? [AnyHashable: Any])?["campaign_id"] as? String ?? "?"
    }
}

/// The calling thread, comparable across closures.
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}

@Suite("Service extension sessions: per-request vendor objects, hand-over before timeWillExpire returns")
struct ServiceExtensionSessionTests {
    static func exponea(campaign: String) -> String {
        """
        {"aps": {"alert": {"title": "Sale", "body": "Now"}, "mutable-content": 1},
         "source": "xnpe_platform", "attributes": {"campaign_id": "\(campaign)", "sent_timestamp": 1700000000.5}}
        """
    }

    func route(
        _ router: PushRouter,
        campaign: String
    ) throws -> (PushServiceExtensionSession, CompletionRecorder<PushServiceExtensionContent>) {
        let completion = CompletionRecorder<PushServiceExtensionContent>()
        let session = router.routeServiceExtensionRequest(
            on: try Payloads.payload(Self.exponea(campaign: campaign)),
            contentHandler: completion.handler
        )
        return (session, completion)
    }

    func titles(_ completion: CompletionRecorder<PushServiceExtensionContent>) -> [String?] {
        completion.values.map { $0.platformObject(as: FakeContent.self)?.title }
    }

    @Test("Overlapping requests through one delegate: each expiry hands over its own request's best attempt")
    func overlappingRequests() async throws {
        let delegate = VendorObjectDelegate()
        let router = Harness { $0.setDelegate(delegate, for: .exponea) }.router
        let (first, firstCompletion) = try route(router, campaign: "A")
        let (second, secondCompletion) = try route(router, campaign: "B")
        #expect(await eventually { delegate.started.count == 2 })
        #expect(delegate.made == 2)

        first.timeWillExpire()
        // Handed over before `timeWillExpire()` returned, and only to the request whose time ran out.
        #expect(titles(firstCompletion) == ["best attempt for A"])
        #expect(secondCompletion.values.isEmpty)

        second.timeWillExpire()
        #expect(titles(secondCompletion) == ["best attempt for B"])
        delegate.release()
        #expect(await first.event().outcome == .timedOut)
        #expect(await second.event().outcome == .timedOut)
        #expect(firstCompletion.values.count == 1 && secondCompletion.values.count == 1)
    }

    @Test("Nothing to hand over at expiry: the original content, before timeWillExpire returns, on its thread")
    func originalOnCallingThread() async throws {
        let hanging = HangingDelegate()
        let router = Harness { $0.setDelegate(hanging, for: .exponea) }.router
        let threads = LockedValue<[UInt]>([])
        let session = router.routeServiceExtensionRequest(on: try Payloads.payload(Self.exponea(campaign: "C"))) {
            content in
            threads.withLock { $0.append(currentThreadID()) }
            #expect(content.isOriginal)
        }
        #expect(await eventually { hanging.entered == 1 })
        let caller = expire(session)
        #expect(threads.current == [caller])
        session.timeWillExpire()
        #expect(await session.event().outcome == .timedOut)
        hanging.release()
        #expect(threads.current.count == 1)
    }

    /// Calls `timeWillExpire()` and returns the calling thread (a synchronous function: the caller is one thread).
    func expire(_ session: PushServiceExtensionSession) -> UInt {
        session.timeWillExpire()
        return currentThreadID()
    }

    @Test("A delivery racing the system's expiry: one content, handed over before either returns", arguments: 0..<4)
    func racingDelivery(round: Int) async throws {
        // Delivers at once from its task, and a best attempt from `serviceExtensionTimeWillExpire`, on the expiring
        // thread: whichever comes first is the one content.
        let delegate = ExtensionDelegate(delivering: ["finished"])
        let router = Harness { $0.setDelegate(delegate, for: .exponea) }.router
        for index in 0..<50 {
            let (session, completion) = try route(router, campaign: "R\(round)-\(index)")
            let handedOver = await Task.detached {
                session.timeWillExpire()
                return completion.values.count
            }.value
            #expect(handedOver == 1)
            _ = await session.event()
            #expect(completion.values.count == 1)
            #expect(["finished", "best attempt"].contains(titles(completion).first ?? nil))
        }
    }

    @Test("A vendor object is made once per request, and found again by type")
    func vendorObjectOncePerRequest() async throws {
        let delegate = VendorObjectDelegate()
        let router = Harness { $0.setDelegate(delegate, for: .exponea) }.router
        let (session, completion) = try route(router, campaign: "D")
        #expect(await eventually { delegate.started == ["D"] })
        session.timeWillExpire()
        session.timeWillExpire()
        delegate.release()
        _ = await session.event()
        #expect(delegate.made == 1)
        #expect(titles(completion) == ["best attempt for D"])
    }

    @Test("The delegate check logs which class holds a slot the router's events come through")
    func delegateCheck() {
        let handler = CapturingLogHandler()
        let router = Harness { $0.logger = Logger(label: "test", factory: { _ in handler }) }.router
        let app = NSObject()
        let sdk = FakeVendorService()
        #expect(router.verifyDelegate(app, is: app, slot: "delegate"))
        #expect(handler.records.isEmpty)
        #expect(!router.verifyDelegate(sdk, is: app, slot: "delegate"))
        #expect(!router.verifyDelegate(nil, is: app, slot: "delegate"))
        #expect(handler.records.count == 2)
        #expect(handler.records.allSatisfy { $0.level == .info })
        #expect(handler.records.first?.metadata["push.delegate_found"] == "FakeVendorService")
        #expect(handler.records.last?.metadata["push.delegate_found"] == "nil")
    }
}
