import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

@Suite("Who opens a tap's target")
struct PushTapTargetTests {
    /// Routes a tap and returns what the owner's delegate got.
    func tap(
        _ json: String,
        _ identifier: String = PushTapResolver.defaultActionIdentifier,
        configure: (inout PushRouterConfiguration) -> Void = { _ in }
    ) async throws -> PushTap? {
        let harness = Harness(configure: configure)
        let event = await harness.router.routeTap(on: try Payloads.payload(json), actionIdentifier: identifier)
        return event.tap
    }

    @Test("Cordial, Exponea and Swrve open deep links, URLs and campaigns themselves; Atomic does not")
    func vendorsOpen() async throws {
        let cordial = #"{"aps": {"alert": "x"}, "mcID": "m-1", "deepLink": {"url": "shop://sale"}}"#
        #expect(try await tap(cordial)?.vendorSDKOpensTarget == true)
        let exponea = """
            {"aps": {"alert": "x"}, "source": "xnpe_platform", "action": "deeplink", "url": "shop://a",
             "actions": [{"title": "Open", "action": "browser", "url": "https://x.example"},
                         {"title": "App", "action": "app"}]}
            """
        #expect(try await tap(exponea)?.vendorSDKOpensTarget == true)
        #expect(try await tap(exponea, "EXPONEA_ACTION_BROWSER_0")?.vendorSDKOpensTarget == true)
        #expect(try await tap(exponea, "EXPONEA_ACTION_APP_1")?.vendorSDKOpensTarget == false)
        #expect(try await tap(exponea, PushTapResolver.dismissActionIdentifier)?.vendorSDKOpensTarget == false)
        let swrve = """
            {"aps": {"alert": "x"}, "_p": "1", "_sw": {"version": 1,
             "buttons": [{"title": "Go", "action_type": "open_url", "action": "https://x.example"}]}}
            """
        #expect(try await tap(swrve, "0")?.vendorSDKOpensTarget == true)
        #expect(try await tap(swrve, "7")?.vendorSDKOpensTarget == false)
        #expect(try await tap(Payloads.atomic)?.vendorSDKOpensTarget == false)
        #expect(try await tap(Payloads.unknown)?.vendorSDKOpensTarget == false)
    }

    @Test("Cordial's 2020 attribution layout: its SDK ignores the push, so it opens nothing")
    func ignoredPushOpensNothing() async throws {
        let attribution = """
            {"aps": {"alert": "x"}, "system": {"messageAttribution": {"mcID": "m-1"}},
             "deepLink": {"url": "shop://sale"}}
            """
        let tap = try await tap(attribution)
        #expect(tap?.notification.vendor == .cordial)
        #expect(tap?.vendorSDKIgnoresPush == true)
        #expect(tap?.vendorSDKOpensTarget == false)
    }

    @Test("The set of vendors whose SDKs open targets is configurable")
    func configurable() async throws {
        let cordial = #"{"aps": {"alert": "x"}, "mcID": "m-1", "deepLink": {"url": "shop://sale"}}"#
        #expect(try await tap(cordial) { $0.vendorsOpeningTapTargets = [] }?.vendorSDKOpensTarget == false)
        #expect(
            PushRouterConfiguration.standardVendorsOpeningTapTargets == [.cordial, .exponea, .swrve]
        )
    }
}
