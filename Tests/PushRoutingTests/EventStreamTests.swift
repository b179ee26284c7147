import Logging
import PushPayloads
import PushRouting
import PushRoutingTesting
import Testing

@Suite("Observation")
struct EventStreamTests {
    @Test("The stream yields every routed event with its vendor, kind and outcome")
    func stream() async throws {
        let harness = Harness { $0.removeDelegate(for: .atomic) }
        let events = harness.router.events()
        _ = try await harness.route(.silent, from: .exponea)
        _ = try await harness.route(.foreground, from: .atomic)
        _ = try await harness.route(.tap, from: .unknown, actionIdentifier: "x")

        var received: [PushRoutedEvent] = []
        for await event in events {
            received.append(event)
            if received.count == 3 { break }
        }
        #expect(received.map(\.vendor) == [.exponea, .atomic, nil])
        #expect(received.map(\.kind) == [.silentDelivery, .foregroundDelivery, .tap])
        #expect(received.map(\.outcome) == [.handled, .noDelegate, .handled])
        #expect(received[2].tap?.resolution == .unresolved(actionIdentifier: "x", reason: .unknownIdentifier))
    }

    @Test("Every subscriber gets every event; earlier events are not replayed")
    func multipleSubscribers() async throws {
        let harness = Harness()
        _ = try await harness.route(.tap, from: .swrve)
        let first = harness.router.events()
        let second = harness.router.events()
        _ = try await harness.route(.tap, from: .cordial)
        _ = try await harness.route(.tap, from: .atomic)
        for stream in [first, second] {
            var vendors: [PushVendor?] = []
            for await event in stream {
                vendors.append(event.vendor)
                if vendors.count == 2 { break }
            }
            #expect(vendors == [.cordial, .atomic])
        }
    }

    @Test("A slow consumer keeps only the newest events, up to the buffer size")
    func boundedBuffer() async throws {
        let harness = Harness { $0.eventBufferSize = 2 }
        let events = harness.router.events()
        for sender in [Sender.cordial, .exponea, .swrve, .atomic] {
            _ = try await harness.route(.foreground, from: sender)
        }
        var vendors: [PushVendor?] = []
        for await event in events {
            vendors.append(event.vendor)
            if vendors.count == 2 { break }
        }
        #expect(vendors == [.swrve, .atomic])
    }

    @Test("Events and durations are reported for cancelled consumers without blocking routing")
    func cancelledConsumer() async throws {
        let harness = Harness()
        let consumer = Task {
            var count = 0
            for await _ in harness.router.events() { count += 1 }
            return count
        }
        _ = try await harness.route(.tap, from: .swrve)
        consumer.cancel()
        _ = await consumer.value
        // Routing goes on after the subscriber left.
        let event = try await harness.route(.tap, from: .swrve)
        #expect(event.outcome == .handled)
        #expect(event.duration >= .zero)
    }

    @Test("The logger gets debug and info messages, nothing above info")
    func logging() async throws {
        let handler = CapturingLogHandler()
        let harness = Harness {
            $0.logger = Logger(label: "test", factory: { _ in handler })
            $0.logger.logLevel = .trace
            $0.setDelegate(RecordingPushDelegate(error: DelegateFailure()), for: .swrve)
            $0.addPresentationObserver(PresentationTests.FailingObserver())
        }
        for sender in Sender.allCases {
            for kind in EventKind.allCases { _ = try await harness.route(kind, from: sender) }
        }
        let records = handler.records
        #expect(records.count >= Sender.allCases.count * EventKind.allCases.count)
        #expect(records.allSatisfy { $0.level <= .info })
        #expect(records.contains { $0.level == .info && $0.metadata["push.vendor"] == "swrve" })
        #expect(records.contains { $0.metadata["push.outcome"] == "handled" && $0.metadata["push.event"] == "tap" })
    }

    @Test("The default logger discards everything")
    func defaultLogger() {
        #expect(PushRouterConfiguration().logger.handler is SwiftLogNoOpLogHandler)
    }
}

/// Keeps every log record, for assertions.
struct CapturingLogHandler: LogHandler {
    struct Record: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let storage = LockedValue<[Record]>([])
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var records: [Record] { storage.current }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let metadata = (event.metadata ?? [:]).mapValues { "\($0)" }
        storage.withLock { $0.append(Record(level: event.level, message: "\(event.message)", metadata: metadata)) }
    }
}
