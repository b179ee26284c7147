/// The vendor rule that recognised a payload: which marker it carries, and which SDK code reads it.
///
/// Most vendors have one rule, the one their SDK's entry point applies. Some have more: Cordial's
/// `isCordialMessage(userInfo:)` reads only a top-level string `mcID`, while its app extensions also read
/// the 2020 layout `system.messageAttribution.mcID`. A classification names the rule that matched, so a
/// caller can tell a push the SDK's entry point claims from one only an extension would read.
///
/// Markers are an open set: a custom decoder names its own, `PushMarker(name: "acme.id")`.
public struct PushMarker: Hashable, Sendable, PushNamedValue {
    /// A stable identifier, `<vendor>.<rule>` in snake case, such as `cordial.mc_id`.
    public let name: String

    /// Whether the vendor SDK's public entry point (`isCordialMessage`, `isExponeaNotification`,
    /// `isSwrvePush`, `notificationFromPushPayload`) accepts a payload recognised by this rule. `false`
    /// for rules only some other part of the SDK applies, such as an app extension's parser.
    public let isEntryPointRule: Bool

    /// Creates a marker; use a name no built-in marker uses.
    public init(name: String, isEntryPointRule: Bool = true) {
        self.name = name
        self.isEntryPointRule = isEntryPointRule
    }
}
