import ArgumentParser
import PushPayloads

/// The senders a run recognises (`--senders`).
enum SenderSet: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// The four vendors (``PushDecoderRegistry/standard``); every other sender is `unknown`.
    case standard
    /// The four vendors, then Braze, OneSignal, Airship and the other senders of
    /// ``PushDecoderRegistry/extended``, each named in the record's `vendor`.
    case all

    /// The registry that recognises these senders.
    var registry: PushDecoderRegistry {
        switch self {
        case .standard: return .standard
        case .all: return .extended
        }
    }

    /// The option's help, shared by `classify` and `inspect`.
    static let help = ArgumentHelp(
        "Which senders to recognise: standard (Cordial, Exponea, Swrve and Atomic; anything else is unknown) or "
            + "all (also Braze, OneSignal, Airship, Customer.io, Iterable, CleverTap, Klaviyo, Adobe, Leanplum, "
            + "Pushwoosh, Batch, Expo and Firebase pushes, after the four).",
        valueName: "set"
    )
}
