import Foundation
import PushPayloads
import PushPayloadsFoundation
import PushRouting
import PushRoutingTesting
import Testing

@Suite("Device token route")
struct DeviceTokenTests {
    static let token = PushDeviceToken(bytes: [0x00, 0x1f, 0xa0, 0xff, 0x7e])

    @Test("Every vendor delegate gets the token by default; the fallback does not")
    func everyVendorByDefault() async {
        let harness = Harness()
        let delivery = await harness.router.routeDeviceToken(Self.token)
        for sender in [Sender.cordial, .exponea, .swrve, .atomic] {
            #expect(harness.recorder(for: sender).deviceTokens == [Self.token], "\(sender)")
        }
        #expect(harness.fallback.deviceTokens.isEmpty)
        #expect(delivery.outcomes == [.cordial: .handled, .exponea: .handled, .swrve: .handled, .atomic: .handled])
    }

    @Test("The configuration names the vendors that get it; a named vendor without a delegate is reported")
    func configuredVendors() async {
        let harness = Harness {
            $0.deviceTokenVendors = [.exponea, .atomic, .braze]
        }
        let delivery = await harness.router.routeDeviceToken(Self.token)
        #expect(harness.exponea.deviceTokens == [Self.token])
        #expect(harness.atomic.deviceTokens == [Self.token])
        #expect(harness.cordial.deviceTokens.isEmpty)
        #expect(harness.swrve.deviceTokens.isEmpty)
        #expect(delivery.outcomes == [.exponea: .handled, .atomic: .handled, .braze: .noDelegate])
    }

    @Test("A delegate that throws fails alone")
    func failureStaysApart() async {
        let harness = Harness {
            $0.setDelegate(RecordingPushDelegate(error: DelegateFailure()), for: .cordial)
        }
        let delivery = await harness.router.routeDeviceToken(Self.token)
        #expect(delivery.outcomes[.cordial] == .failed)
        #expect(delivery.errors[.cordial] as? DelegateFailure == DelegateFailure())
        #expect(delivery.outcomes[.exponea] == .handled)
        #expect(harness.exponea.deviceTokens == [Self.token])
    }

    @Test("A delegate that never returns times out on the router's clock")
    func hangingDelegateTimesOut() async {
        let hanging = HangingDelegate()
        let harness = Harness {
            $0.setDelegate(hanging, for: .swrve)
            $0.deviceTokenVendors = [.swrve]
        }
        let router = harness.router
        let delivery = await advancing(harness.clock, by: .seconds(10)) { await router.routeDeviceToken(Self.token) }
        hanging.release()
        #expect(delivery.outcomes == [.swrve: .timedOut])
        #expect(delivery.duration == .seconds(10))
    }

    @Test("Data, bytes and hexadecimal text are one token")
    func representations() {
        let data = Data([0x00, 0x1f, 0xa0, 0xff, 0x7e])
        #expect(PushDeviceToken(data: data) == Self.token)
        #expect(Self.token.data == data)
        #expect(Self.token.hex == "001fa0ff7e")
        #expect(Self.token.description == "001fa0ff7e")
        #expect(PushDeviceToken(hex: "001FA0ff7E") == Self.token)
        for bad in ["", "0", "0g", "001fa0ff7", " 001f", "+1"] {
            #expect(PushDeviceToken(hex: bad) == nil, "\(bad)")
        }
    }
}
