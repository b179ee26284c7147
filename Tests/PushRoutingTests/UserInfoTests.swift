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

    /// Routes `userInfo` as each event an app reports (a silent push with a completion handler, a foreground
    /// push, a tap, a silent push awaited) and checks that the fallback answered each, every completion
    /// handler was called exactly once, and no vendor's delegate saw anything.
    static func routeEveryEventToTheFallback(_ userInfo: [AnyHashable: Any], through harness: Harness) async {
        let silent = CompletionRecorder<PushFetchResult>()
        harness.router.routeSilentDelivery(userInfo: userInfo, completionHandler: silent.handler)
        #expect(await silent.first() == .noData)
        let foreground = CompletionRecorder<PushPresentation>()
        harness.router.routeForegroundDelivery(userInfo: userInfo, completionHandler: foreground.handler)
        #expect(await foreground.first() == [.badge])
        let tap = CompletionRecorder<Void>()
        harness.router.routeTap(userInfo: userInfo) { tap.handler(()) }
        await tap.first()
        #expect(await harness.router.routeSilentDelivery(userInfo: userInfo) == .noData)
        // Give a second call, had there been one, the time to arrive.
        await Task.yield()
        #expect(silent.values.count == 1 && foreground.values.count == 1 && tap.values.count == 1)
        for sender in [Sender.cordial, .exponea, .swrve, .atomic] {
            #expect(harness.recorder(for: sender).events.isEmpty)
        }
        #expect(harness.fallback.events.count == 4)
    }

    @Test("A userInfo JSON can't hold goes to the fallback with what could be read, exactly once per event")
    func unreadableUserInfo() async throws {
        let harness = Harness()
        // An app's own local notification: a Date and a non-string key, beside a vendor-looking marker.
        let userInfo: [AnyHashable: Any] = ["source": "xnpe_platform", "sent": Date(timeIntervalSince1970: 0), 7: "x"]
        // Never a vendor's delegate: no remote push can carry a Date.
        await Self.routeEveryEventToTheFallback(userInfo, through: harness)
        let notification = try #require(harness.fallback.silentDeliveries.first)
        #expect(notification.vendor == nil)
        #expect(notification.document.rootObject["source"]?.stringValue == "xnpe_platform")
        #expect(notification.document.rootObject["sent"]?.stringValue?.hasPrefix("1970-01-01") == true)
        #expect(notification.document.rootObject["7"]?.stringValue == "x")
    }

    /// Userinfos whose conversion fails as a whole (`PushPayload.readable(userInfo:limits:)` gives an empty
    /// object and the error): a payload over the router's size limit, and an unrepresentable key whose
    /// description collides with a string key.
    static func unconvertibleUserInfos() -> [(userInfo: [AnyHashable: Any], code: PushPayloadError.Code)] {
        [
            (["source": "xnpe_platform", "message": String(repeating: "x", count: 200)], .tooLarge),
            (["mcID": "m", 7: "seven", "7": "also seven"], .duplicateKey),
        ]
    }

    @Test("A userInfo that can't be converted at all still reaches the fallback, each handler called exactly once")
    func unconvertibleUserInfo() async throws {
        for (userInfo, code) in Self.unconvertibleUserInfos() {
            let harness = Harness { $0.payloadLimits = PushPayloadLimits(maximumPayloadBytes: 128) }
            let events = harness.router.events()
            await Self.routeEveryEventToTheFallback(userInfo, through: harness)
            #expect(
                harness.fallback.events.map(\.kind) == [.silentDelivery, .foregroundDelivery, .tap, .silentDelivery]
            )
            let notification = try #require(harness.fallback.silentDeliveries.first)
            #expect(notification.vendor == nil)
            #expect(notification.document.rootObject.isEmpty)
            #expect(harness.fallback.taps.first?.action == .openApp)

            var iterator = events.makeAsyncIterator()
            let event = try #require(await iterator.next())
            #expect(event.vendor == nil)
            #expect(event.unrepresentableValues.map(\.code) == [code])
        }
    }

    @Test("The event lists each value JSON can't hold, with its key path")
    func unrepresentableValues() async throws {
        let harness = Harness()
        let events = harness.router.events()
        let presented = CompletionRecorder<PushPresentation>()
        let userInfo: [AnyHashable: Any] = ["aps": ["alert": "hi", "when": Date()], "n": 1]
        harness.router.routeForegroundDelivery(userInfo: userInfo, completionHandler: presented.handler)
        var iterator = events.makeAsyncIterator()
        let event = try #require(await iterator.next())
        #expect(event.vendor == nil)
        #expect(event.outcome == .handled)
        #expect(event.unrepresentableValues.map(\.keyPath) == ["aps.when"])
        #expect(event.unrepresentableValues.first?.code == .typeMismatch)
    }
}
