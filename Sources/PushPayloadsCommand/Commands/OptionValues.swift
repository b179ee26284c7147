import ArgumentParser
import PushPayloads
import PushRequests

/// `lint --severity`.
enum SeverityOption: String, CaseIterable, ExpressibleByArgument {
    case info
    case warning
    case error

    var severity: PushSeverity { PushSeverity(rawValue: rawValue)! }
}

/// `--kind`: what the inputs are, when they should not be detected.
enum RequestKindOption: String, CaseIterable, ExpressibleByArgument {
    case device
    case apns
    case fcmV1 = "fcm-v1"
    case fcmLegacy = "fcm-legacy"

    var requestKind: PushRequestKind {
        switch self {
        case .device: return .devicePayload
        case .apns: return .apnsRequest
        case .fcmV1: return .fcmV1
        case .fcmLegacy: return .fcmLegacy
        }
    }
}

/// `--platform`: a platform whose devices receive the send requests (repeatable), for a server that knows
/// its tokens' platform.
enum PlatformOption: String, CaseIterable, ExpressibleByArgument {
    case ios
    case android
    case web

    static let help = ArgumentHelp(
        "The platform the requests' devices are on: ios, android or web; repeat it for several (default: not known).",
        discussion: """
            An FCM body to a token, topic or condition does not say which devices get it: a finding that holds \
            only on one platform's devices is certain when the body has that platform's block (apns, android, \
            webpush) and otherwise at most a warning that says so. With --platform, the findings for the \
            platforms named are certain and those for other platforms, and their deliveries, are left out. \
            APNs requests and device payloads are for one platform already.
            """
    )

    var platform: PushPlatform { PushPlatform(name: rawValue) }

    static func platforms(_ options: [PlatformOption]) -> Set<PushPlatform> { Set(options.map(\.platform)) }
}

/// The senders a run recognises (`--senders`).
enum SenderSet: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// The four vendors (``PushDecoderRegistry/standard``); every other sender is `unknown`.
    case standard
    /// The four vendors, then Braze, OneSignal, Airship and the other senders of
    /// ``PushDecoderRegistry/extended``, each named in the record's `vendor`.
    case all

    /// The registry that recognises these senders.
    var registry: PushDecoderRegistry { self == .all ? .extended : .standard }

    /// The option's help, shared by `classify` and `inspect`.
    static let help = ArgumentHelp(
        "Which senders to recognise: standard (Cordial, Exponea, Swrve and Atomic; anything else is unknown) or "
            + "all (also Braze, OneSignal, Airship, Customer.io, Iterable, CleverTap, Klaviyo, Adobe, Leanplum, "
            + "Pushwoosh, Batch, Expo and Firebase pushes, after the four).",
        valueName: "set"
    )
}

/// The output formats of `classify`.
enum OutputFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// One JSON object per payload, per line.
    case jsonl
    /// RFC 4180 CSV with a header row.
    case csv
    /// Aligned, truncated columns for a terminal.
    case table
    /// An Arrow IPC stream of typed columns (``ArrowRecordWriter``).
    case arrow
}

/// `lint --format`.
enum LintFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    case jsonl
    case table
}

// argument-parser spells an enum's values with `"\(value)"` and compares each against its raw value's spelling for
// the help's value descriptions. Interpolating a generic value asks the runtime, by dynamic casts, which printing
// protocols the type conforms to, and each first such question scans the conformance records of every loaded
// library. The raw values are already the spellings: the help, the completion scripts and the error messages are the
// same (`OptionValuesTests`), and a run's start is 2.2 M instructions shorter, 7.5% of a run on an empty file (2.0 M
// over a whole capture, where a few of the scans come with the first record instead; callgrind).
extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
    static var allValueStrings: [String] { allCases.map(\.rawValue) }

    /// As argument-parser's: a value's description where an option type gives one other than its spelling.
    static var allValueDescriptions: [String: String] {
        allCases.reduce(into: [:]) { descriptions, value in
            if value.defaultValueDescription != value.rawValue {
                descriptions[value.rawValue] = value.defaultValueDescription
            }
        }
    }

    var defaultValueDescription: String { rawValue }
}
