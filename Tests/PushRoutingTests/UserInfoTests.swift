import Foundation
import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

@Suite("userInfo entry points")
struct UserInfoTests {
    /// A fresh dictionary per call: `[AnyHashable: Any]` is not `Sendable`, so it can't be shared.
    static func exponeaUserInfo() -> [AnyHashable: Any] {
        ["aps": ["content-available": 1], "source": "xnpe_platform", "silent": 1, "attributes": ["campaign_id": "c-1"]]
    }

    @Test("A main-actor app delegate can pass its userInfo and await the result")
    @MainActor
    func fromMainActor() async {
        let harness = Harness()
        let userInfo = Self.exponeaUserInfo()
        let result = await harness.router.routeSilentDelivery(userInfo: userInfo)
        #expect(result == .newData)
        #expect(harness.exponea.silentDeliveries.first?.exponea?.campaignID == "c-1")
    }

    @Test("Completion-handler entry points take userInfo")
    func completionHandlers() async {
        let harness = Harness()
        let silent = CompletionRecorder<PushFetchResult>()
        harness.router.routeSilentDelivery(userInfo: Self.exponeaUserInfo(), completionHandler: silent.handler)
        #expect(await silent.first() == .newData)

        let swrve: [AnyHashable: Any] = [
            "aps": ["alert": "hi"], "_p": 12345, "_sw": ["buttons": [["action_type": "dismiss"]]],
        ]
        let foreground = CompletionRecorder<PushPresentation>()
        harness.router.routeForegroundDelivery(userInfo: swrve, completionHandler: foreground.handler)
        #expect(await foreground.first() == [.list])

        let tap = CompletionRecorder<Void>()
        harness.router.routeTap(userInfo: swrve, actionIdentifier: "0", userText: nil) { tap.handler(()) }
        await tap.first()
        #expect(harness.swrve.taps.first?.action == .dismiss)
        #expect(harness.swrve.taps.first?.notification.messageID == "12345")
    }

    @Test("A userInfo JSON can't hold is answered at once and reaches no delegate")
    func unreadableUserInfo() async {
        let harness = Harness()
        let userInfo: [AnyHashable: Any] = ["source": "xnpe_platform", "sent": Date()]
        let silent = CompletionRecorder<PushFetchResult>()
        harness.router.routeSilentDelivery(userInfo: userInfo, completionHandler: silent.handler)
        #expect(await silent.first() == .noData)
        let foreground = CompletionRecorder<PushPresentation>()
        harness.router.routeForegroundDelivery(userInfo: userInfo, completionHandler: foreground.handler)
        #expect(await foreground.first() == [])
        let tap = CompletionRecorder<Void>()
        harness.router.routeTap(userInfo: userInfo) { tap.handler(()) }
        await tap.first()
        #expect(await harness.router.routeSilentDelivery(userInfo: userInfo) == .noData)
        #expect(harness.all.values.allSatisfy { $0.events.isEmpty })
        #expect(silent.values.count == 1 && foreground.values.count == 1 && tap.values.count == 1)
    }
}
