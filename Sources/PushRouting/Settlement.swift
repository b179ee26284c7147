/// How an answer that several parties race for was settled.
enum Settlement<Answer: Sendable>: Sendable {
    case answered(Answer)
    case failed(any Error)
    case timedOut
    /// The task waiting for the answer was cancelled.
    case cancelled

    /// The outcome of the event this settles.
    var outcome: PushRoutedEvent.Outcome {
        switch self {
        case .answered: return .handled
        case .failed: return .failed
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        }
    }
}
