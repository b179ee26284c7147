public import PushPayloads

/// Has a say in how every foreground push is presented, whoever sent it.
///
/// A vendor delegate answers for its own vendor's pushes only. An observer answers for all of them, recognised or not,
/// so an app can keep one presentation policy ("always add to the list") or let an analytics layer watch foreground
/// pushes without owning any vendor. The router asks the vendor delegate (or the fallback) and every observer at once,
/// under the same timeout, and presents the union of the answers that arrive in time.
///
/// ```swift
/// struct AlwaysList: PushPresentationObserver {
///     func presentation(for notification: PushNotification) async throws -> PushPresentation { .list }
/// }
/// configuration.addPresentationObserver(AlwaysList())
/// ```
///
/// An observer that throws or overruns the timeout adds nothing to the union.
public protocol PushPresentationObserver: Sendable {
    /// The presentation this observer asks for.
    func presentation(for notification: PushNotification) async throws -> PushPresentation
}
