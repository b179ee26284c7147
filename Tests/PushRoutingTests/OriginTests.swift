import Foundation
import PushPayloads
import PushPayloadsFoundation
import PushPayloadsTestSupport
@testable import PushRouting
import PushRoutingTesting
import Testing

/// A stand-in for `UNNotificationResponse`: a class that is not `Sendable`, as Apple's is not.
final class FakeResponse {
    let actionIdentifier: String
    init(actionIdentifier: String) { self.actionIdentifier = actionIdentifier }
}

/// A stand-in for `UNNotification`.
final class FakeNotification {
    let identifier = "request-1"
}

@Suite("The original event reaches the delegate")
struct OriginTests {
    static func swrveUserInfo() -> [AnyHashable: Any] {
        [
            "aps": ["alert": ["title": "Sale", "body": "Now"], "mutable-content": NSNumber(value: 1)],
            "_p": NSNumber(value: 12345), "_sw": ["version": NSNumber(value: 1), "buttons": [["title": "Open"]]],
            "flag": NSNumber(value: true), "ratio": NSNumber(value: 0.5), "none": NSNull(),
        ]
    }

    @Test("A tap routed from userInfo hands the delegate the same userInfo, booleans included")
    func tapUserInfo() async {
        let harness = Harness()
        let completion = CompletionRecorder<Void>()
        harness.router.routeTap(userInfo: Self.swrveUserInfo(), actionIdentifier: "0") { completion.handler(()) }
        await completion.first()
        let tap = harness.swrve.taps.first
        #expect(tap.map { PropertyListEquality.equal($0.origin.userInfo, Self.swrveUserInfo()) } == true)
        #expect(tap?.origin.hasPlatformObject == false)
    }

    @Test("Silent and foreground deliveries come with their origin", arguments: [EventKind.silent, .foreground])
    func deliveryOrigin(kind: EventKind) async {
        let harness = Harness()
        switch kind {
        case .silent:
            let completion = CompletionRecorder<PushFetchResult>()
            harness.router.routeSilentDelivery(userInfo: Self.swrveUserInfo(), completionHandler: completion.handler)
            _ = await completion.first()
        default:
            let completion = CompletionRecorder<PushPresentation>()
            harness.router.routeForegroundDelivery(
                userInfo: Self.swrveUserInfo(),
                completionHandler: completion.handler
            )
            _ = await completion.first()
        }
        let origin = harness.swrve.events.first?.origin
        #expect(origin.map { PropertyListEquality.equal($0.userInfo, Self.swrveUserInfo()) } == true)
        #expect(harness.swrve.events.first?.kind == kind.kind)
    }

    /// What the adapter does with a `UNNotificationResponse`, with a non-`Sendable` class in its place: the
    /// delegate, in another task, gets the very object the caller was handed.
    @Test("The platform object the caller was handed reaches the delegate, identical")
    @MainActor
    func platformObjectCrosses() async throws {
        let harness = Harness()
        let response = FakeResponse(actionIdentifier: "0")
        let input = harness.router.input(userInfo: Self.swrveUserInfo(), platformObject: response)
        let event = await harness.router.routeTap(on: input, actionIdentifier: response.actionIdentifier, userText: nil)
        #expect(event.outcome == .handled)
        let tap = try #require(harness.swrve.taps.first)
        #expect(tap.origin.platformObject(as: FakeResponse.self) === response)
        #expect(tap.origin.platformObject(as: FakeNotification.self) == nil)
        #expect(PropertyListEquality.equal(tap.origin.userInfo, Self.swrveUserInfo()))

        let notification = FakeNotification()
        let foreground = harness.router.input(userInfo: Self.swrveUserInfo(), platformObject: notification)
        _ = await harness.router.routeForegroundDelivery(of: foreground)
        #expect(harness.swrve.events.last?.origin.platformObject(as: FakeNotification.self) === notification)
    }

    @Test("A payload routed as bytes gives the delegate its userInfo, rebuilt")
    func bytesOrigin() async throws {
        let harness = Harness()
        let payload = try Payloads.payload(Payloads.exponea)
        _ = await harness.router.routeTap(on: payload, actionIdentifier: "EXPONEA_ACTION_APP_0")
        let tap = try #require(harness.exponea.taps.first)
        #expect(tap.origin.userInfo["source"] as? String == "xnpe_platform")
        #expect(PropertyListEquality.equal(tap.origin.userInfo, payload.userInfo))
        #expect(PropertyListEquality.equal(tap.notification.userInfo, payload.userInfo))
    }

    @Test("An app's own notification with a Date still reaches the fallback, its readable part as userInfo")
    func unrepresentableOrigin() async {
        let harness = Harness()
        let completion = CompletionRecorder<Void>()
        let userInfo: [AnyHashable: Any] = ["kind": "reminder", "at": Date(timeIntervalSince1970: 0)]
        harness.router.routeTap(userInfo: userInfo) { completion.handler(()) }
        await completion.first()
        let origin = harness.fallback.taps.first?.origin
        #expect(origin?.userInfo["kind"] as? String == "reminder")
        #expect(origin?.userInfo["at"] is String)
    }
}
