import SystemPackage

/// A timeline of a run's threads, for finding where a run with several jobs loses time against one job: written when
/// the environment variable `PUSH_PAYLOADS_TRACE` names a file, and otherwise not even a clock is read.
///
/// Each thread of the pipeline (``OrderedPipeline``) cuts its time into contiguous segments, named for what it did
/// (`fill`, `process`, `consume`) or waited for (`wait-free`, `wait-work`, `wait-ordered`, `wait-finished`), each with
/// the batch it concerned; at its end it adds its CPU time (`cpu`). The file also has when `main` began and the
/// process's CPU time then (the dynamic loader and static initialisers), so a launcher that notes the monotonic clock
/// before it starts the command sees the whole run. One line a segment, tab-separated: thread, event, batch, start,
/// end (nanoseconds of the monotonic clock; for `cpu`, 0 and the thread's CPU time), the thread's CPU time in the
/// segment. `docs/performance.md` says how it was read.
final class PipelineTrace: Sendable {
    /// One segment of a thread's time.
    struct Event: Sendable {
        var thread: String
        var name: StaticString
        var batch: Int
        var start: Int
        var end: Int
        /// The thread's CPU time in the segment.
        var cpu: Int
    }

    /// The trace of this process, or `nil` without `PUSH_PAYLOADS_TRACE` (the usual case). Read once.
    static let current: PipelineTrace? = Platform.environment("PUSH_PAYLOADS_TRACE").map { PipelineTrace(path: $0) }

    private let path: String
    private let events = SharedValue<[Event]>([])
    /// When `main` began, and the process's CPU time then.
    private let launch = SharedValue<(wall: Int, cpu: Int)>((0, 0))

    private init(path: String) {
        self.path = path
    }

    /// Notes that `main` began; called first thing, so the time before it is the loader's.
    static func noteLaunch() {
        guard let current else { return }
        let (wall, cpu) = (Platform.monotonicNanoseconds(), Platform.processCPUNanoseconds())
        current.launch.withLock { $0 = (wall, cpu) }
    }

    /// A timeline for the calling thread, which starts now.
    func thread(_ name: String) -> ThreadTimeline { ThreadTimeline(trace: self, name: name) }

    fileprivate func add(_ threadEvents: [Event]) {
        events.withLock { $0.append(contentsOf: threadEvents) }
    }

    /// Writes the trace to its file; a file that cannot be written is noted on stderr, and the run goes on.
    func write() {
        let (launch, events) = (self.launch.current, self.events.current)
        var text = "main\tlaunch\t-1\t\(launch.wall)\t\(launch.wall)\t0\n"
        text += "main\tcpu-before-main\t-1\t0\t\(launch.cpu)\t\(launch.cpu)\n"
        for event in events {
            text += "\(event.thread)\t\(event.name)\t\(event.batch)\t\(event.start)\t\(event.end)\t\(event.cpu)\n"
        }
        do {
            let file = try FileDescriptor.open(
                FilePath(path),
                .writeOnly,
                options: [.create, .truncate],
                permissions: [.ownerReadWrite, .groupRead, .otherRead]
            )
            try file.closeAfter { _ = try file.writeAll(text.utf8) }
        } catch {
            StandardStreams.writeMessage("cannot write the trace \(path): \(error)")
        }
    }
}

/// One thread's segments of a ``PipelineTrace``; does nothing without a trace.
struct ThreadTimeline {
    private let trace: PipelineTrace?
    private let name: String
    private var events: [PipelineTrace.Event] = []
    /// When the current segment began, and the thread's CPU time then.
    private var segmentStart = 0
    private var segmentCPUStart = 0

    init(trace: PipelineTrace?, name: String) {
        self.trace = trace
        self.name = name
        if trace != nil {
            (segmentStart, segmentCPUStart) = (Platform.monotonicNanoseconds(), Platform.threadCPUNanoseconds())
        }
    }

    /// Ends the current segment: the thread spent the time since the last mark on `event`, for `batch`.
    mutating func mark(_ event: StaticString, batch: Int = -1) {
        guard trace != nil else { return }
        let (now, cpu) = (Platform.monotonicNanoseconds(), Platform.threadCPUNanoseconds())
        events.append(
            PipelineTrace.Event(
                thread: name,
                name: event,
                batch: batch,
                start: segmentStart,
                end: now,
                cpu: cpu - segmentCPUStart
            )
        )
        (segmentStart, segmentCPUStart) = (now, cpu)
    }

    /// Adds the thread's CPU time and hands its segments to the trace; call it on the thread, at its end.
    mutating func finish() {
        guard let trace else { return }
        let cpu = Platform.threadCPUNanoseconds()
        events.append(PipelineTrace.Event(thread: name, name: "cpu", batch: -1, start: 0, end: cpu, cpu: cpu))
        trace.add(events)
        events = []
    }
}
