/// The typed extras of a notification: at most one value of each ``PushNotificationExtras`` type.
///
/// The model holds them here rather than in one property per vendor, so a fifth vendor or a custom
/// decoder adds extras without changing ``PushNotification``. Read and write them by type, or through
/// the vendors' accessors (``PushNotification/cordial``, …).
public struct PushExtras: Sendable {
    // A push has one owner, so this holds zero or one value in practice; a scan beats any index.
    private var values: [any PushNotificationExtras] = []

    /// No extras.
    public init() {}

    /// The extras of type `type`, if set; setting `nil` removes them.
    public subscript<Extras: PushNotificationExtras>(_ type: Extras.Type) -> Extras? {
        get {
            for case let extras as Extras in values { return extras }
            return nil
        }
        set {
            let index = values.firstIndex { $0 is Extras }
            switch (index, newValue) {
            case (let index?, let value?): values[index] = value
            case (let index?, nil): values.remove(at: index)
            case (nil, let value?): values.append(value)
            case (nil, nil): break
            }
        }
    }

    /// Every value, in the order it was first set.
    public var all: [any PushNotificationExtras] { values }

    /// Whether no extras are set.
    public var isEmpty: Bool { values.isEmpty }
}

extension PushExtras: Equatable {
    /// Equal when both hold equal values of the same types, in any order.
    public static func == (lhs: PushExtras, rhs: PushExtras) -> Bool {
        guard lhs.values.count == rhs.values.count else { return false }
        return lhs.values.allSatisfy { value in rhs.values.contains { AnyHashable(value) == AnyHashable($0) } }
    }
}
