public import PushPayloads

/// Fits a send request or device payload under the size limits of the platforms it reaches by cutting
/// its alert text, never its data: what `push-payloads fit` does to each input.
///
/// ```swift
/// let request = try PushSendRequest(jsonBytes: body)
/// let fitted = try PushFitter().fit(request)     // throws cannot_fit when the bulk is not text
/// send(fitted.jsonBytes)                         // compact JSON; equal to the input's when it fits
/// ```
///
/// The limits are the ones the checks apply (`apns.size`, `fcm.size`, `docs/checks.md`): the iOS payload of anything
/// that reaches iOS is at most 4,096 bytes without whitespace (5,120 for `apns-push-type: voip`), and an FCM v1
/// message's data and notification text at most 4,096 bytes; ``maximumBytes`` replaces both. Bytes are counted as the
/// request carries them: UTF-8, JSON escapes included.
///
/// Texts are cut in this order until every limit holds: the alert's `body`, then `subtitle`, then `title` (a string
/// `alert` is one text): `aps.alert` in a payload or APNs request; for an FCM body, its `notification` (for FCM's
/// limit, and for iOS when the body has no `apns.payload.aps.alert`) and the APNs override `apns.payload.aps.alert`. A
/// text is cut at a grapheme cluster boundary (a Swift `Character`: a family emoji, a flag, a letter with its accents
/// stay whole) and ends with "…"; the first characters keep their escapes as written. Each cut keeps as much text as
/// the limit allows, so a result is under the limit by less than one character and the ellipsis. A text that must go
/// entirely becomes "…", and the next one is cut. Every other byte of the input is kept; whitespace between tokens is
/// dropped.
public struct PushFitter: Sendable {
    /// The limit in bytes for every platform instead of each platform's own; `nil` (the default) uses APNs' and FCM's.
    public var maximumBytes: Int?

    /// A fitter to `maximumBytes`, or, when `nil`, to each transport's own limit.
    public init(maximumBytes: Int? = nil) {
        self.maximumBytes = maximumBytes
    }

    /// `request` as compact JSON, with alert text cut where a limit needs it.
    ///
    /// Throws a `PushPayloadError` with code `PushPayloadError.Code.cannotFit` when cutting every
    /// alert text it may cut still leaves the input over a limit (its bulk is data, not text), naming the
    /// limit and the part of the input measured (`key_path`).
    public func fit(_ request: PushSendRequest) throws(PushPayloadError) -> PushFitResult {
        let limits = PushSizeLimit.limits(of: request, maximumBytes: maximumBytes)
        guard limits.contains(where: \.isExceeded) else {
            return PushFitResult(jsonBytes: request.document.jsonBytes, cuts: [])
        }
        var state = FitState(request: request, maximumBytes: maximumBytes)
        // FCM's limit first: cutting `notification` for it also shrinks the iOS alert FCM builds from it.
        var kept: [PushSizeLimit.Kind] = []
        for kind in [PushSizeLimit.Kind.fcm, .apns] {
            kept.append(kind)
            for slot in Self.slots(for: kind, in: request) {
                guard let size = state.limit(kind), size.isExceeded else { break }
                state.cut(slot, for: kind, keeping: kept, from: size)
            }
        }
        if let over = PushSizeLimit.limits(of: state.current, maximumBytes: maximumBytes).first(where: \.isExceeded) {
            let part = over.kind == .apns ? "the iOS payload" : "the FCM message's data and notification text"
            let limit =
                maximumBytes != nil
                ? "the limit is \(over.limit)"
                : "\(over.kind == .apns ? "APNs" : "FCM") accepts at most \(over.limit)"
            let cut = state.cuts.isEmpty ? "" : " with its alert text cut"
            throw PushPayloadError(
                .cannotFit,
                message:
                    "\(part) is \(over.bytes) bytes\(cut); \(limit), and cutting the alert text cannot bring it under: most of it is not alert text",
                keyPath: over.path == "$" ? nil : String(over.path.dropFirst(2))
            )
        }
        return PushFitResult(jsonBytes: state.current.document.jsonBytes, cuts: state.cuts.map(\.path))
    }

    /// The texts that may be cut for `kind`'s limit, in cutting order, as member keys from the root.
    static func slots(for kind: PushSizeLimit.Kind, in request: PushSendRequest) -> [[String]] {
        let root = request.document.rootObject
        let notification: [[String]]
        switch request.kind {
        case .fcmV1: notification = [["message", "notification", "body"], ["message", "notification", "title"]]
        case .fcmLegacy: notification = [["notification", "body"], ["notification", "title"]]
        default: notification = []
        }
        // A legacy body has no APNs override: FCM builds the iOS alert from `notification`.
        if kind == .fcm || request.kind == .fcmLegacy { return notification }
        let aps = PushCheckContext.iosPayloadKeys(of: request.kind) + ["aps"]
        guard let alert = value(at: aps + ["alert"], in: root) else {
            // FCM builds the iOS alert from `notification` when the APNs override has none.
            return notification
        }
        if alert.kind == .string { return [aps + ["alert"]] }
        return ["body", "subtitle", "title"].map { aps + ["alert", $0] }
    }

    static func value(at path: [String], in root: JSONObject) -> JSONValue? {
        path.reduce(root.value as JSONValue?) { value, key in value?[key] }
    }
}

/// The answer of ``PushFitter/fit(_:)``.
public struct PushFitResult: Sendable, Equatable {
    /// The input as compact JSON, with the cut texts; the input's own compact JSON when nothing was cut.
    public var jsonBytes: [UInt8]
    /// Where each cut text is, as a JSON path (`$.aps.alert.body`), in the order they were cut.
    public var cuts: [String]

    /// Creates a result.
    public init(jsonBytes: [UInt8], cuts: [String]) {
        self.jsonBytes = jsonBytes
        self.cuts = cuts
    }

    /// Whether any text was cut.
    public var isCut: Bool { !cuts.isEmpty }
}

extension PushPayloadError.Code {
    /// `PushFitter`, `push-payloads fit`: the input is over a size limit, and cutting its alert text cannot
    /// bring it under (most of it is data).
    public static let cannotFit = PushPayloadError.Code(name: "cannot_fit")
}

/// The texts cut so far, and the input they make.
private struct FitState {
    let request: PushSendRequest
    let maximumBytes: Int?
    /// Each cut text's new escaped JSON text (without quotes), by its member keys.
    private var replacements: [[String]: [UInt8]] = [:]
    private(set) var cuts: [(keys: [String], path: String)] = []
    private(set) var current: PushSendRequest

    init(request: PushSendRequest, maximumBytes: Int?) {
        self.request = request
        self.maximumBytes = maximumBytes
        self.current = request
    }

    /// `kind`'s limit, measured on `request` (by default the input with the cuts so far).
    func limit(_ kind: PushSizeLimit.Kind, of request: PushSendRequest? = nil) -> PushSizeLimit? {
        PushSizeLimit.limits(of: request ?? current, maximumBytes: maximumBytes).first { $0.kind == kind }
    }

    /// Cuts the text at `keys` as much as `kind`'s limit needs (all of it but the ellipsis when that is
    /// not enough), if cutting it makes the input smaller; `size` is the limit's measure before. A longer
    /// text is kept only if it also stays under the `kept` limits (those a former cut already met).
    mutating func cut(
        _ keys: [String],
        for kind: PushSizeLimit.Kind,
        keeping kept: [PushSizeLimit.Kind],
        from size: PushSizeLimit
    ) {
        // Always from the text as written: a text cut for one limit and again for another is cut once.
        guard let value = PushFitter.value(at: keys, in: request.document.rootObject), value.kind == .string else {
            return
        }
        let escaped = Array(value.jsonBytes.dropFirst().dropLast())
        let ends = EscapedText.characterEnds(escaped, decoded: value.stringValue ?? "")
        let state = self
        let candidate = { (count: Int) -> PushSendRequest? in
            var text = Array(escaped[..<(count == 0 ? 0 : ends[count - 1])])
            text += EscapedText.ellipsis
            return state.request(replacing: keys, with: text)
        }
        // Keeping none of the text is the most a cut can do.
        guard let shortest = candidate(0), let shortestSize = limit(kind, of: shortest) else { return }
        guard !shortestSize.isExceeded else {
            if shortestSize.bytes < size.bytes { apply(keys, shortest) }
            return
        }
        // The most characters that fit: measures grow with each character kept.
        var low = 0
        var high = ends.count - 1
        var best = shortest
        let maximumBytes = self.maximumBytes
        while low < high {
            let middle = (low + high + 1) / 2
            if let trial = candidate(middle),
                !PushSizeLimit.limits(of: trial, maximumBytes: maximumBytes).contains(where: {
                    $0.isExceeded && kept.contains($0.kind)
                })
            {
                low = middle
                best = trial
            } else {
                high = middle - 1
            }
        }
        apply(keys, best)
    }

    private mutating func apply(_ keys: [String], _ request: PushSendRequest) {
        current = request
        if !cuts.contains(where: { $0.keys == keys }) {
            cuts.append((keys, keys.reduce("$") { PushCheckContext.path($0, $1) }))
        }
        if let value = PushFitter.value(at: keys, in: request.document.rootObject) {
            replacements[keys] = Array(value.jsonBytes.dropFirst().dropLast())
        }
    }

    /// The original request with the cuts so far and `text` at `keys`, parsed again (it is valid JSON
    /// by construction, so `nil` only if a limit on the parse is reached).
    private func request(replacing keys: [String], with text: [UInt8]) -> PushSendRequest? {
        var replacements = self.replacements
        replacements[keys] = text
        var output: [UInt8] = []
        output.reserveCapacity(request.document.jsonBytes.count)
        Self.write(request.document.root, at: [], replacements, into: &output)
        return try? PushSendRequest(jsonBytes: output, kind: request.kind, limits: request.limits)
    }

    /// Writes `value` compact, with the replaced strings; objects on the way to a replaced string are
    /// written member by member (keys as written), everything else copied whole.
    private static func write(
        _ value: JSONValue,
        at keys: [String],
        _ replacements: [[String]: [UInt8]],
        into output: inout [UInt8]
    ) {
        if let text = replacements[keys] {
            output.append(UInt8(ascii: "\""))
            output += text
            output.append(UInt8(ascii: "\""))
            return
        }
        guard let object = value.objectValue,
            replacements.keys.contains(where: { $0.count > keys.count && $0.starts(with: keys) })
        else {
            output += value.jsonBytes
            return
        }
        output.append(UInt8(ascii: "{"))
        for (index, member) in object.membersWithRawKeys.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\""))
            output += member.rawKey
            output += [UInt8(ascii: "\""), UInt8(ascii: ":")]
            write(member.value, at: keys + [member.key], replacements, into: &output)
        }
        output.append(UInt8(ascii: "}"))
    }
}

/// A JSON string's escaped text, read character by character.
enum EscapedText {
    /// "…" in UTF-8.
    static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]

    /// Where each grapheme cluster of `decoded` ends in `escaped`, its JSON text as written: one offset
    /// per `Character`, so `escaped[..<ends[n - 1]]` is the first `n` characters with their escapes.
    static func characterEnds(_ escaped: [UInt8], decoded: String) -> [Int] {
        // One scalar at a time: an escape (`\n`, `\u00e9`, a surrogate pair `\ud83d\ude00`) or a UTF-8
        // sequence. The parser has validated the text, so every scalar is whole.
        var scalarEnds: [Int] = []
        var offset = 0
        while offset < escaped.count {
            let byte = escaped[offset]
            if byte != UInt8(ascii: "\\") {
                // A UTF-8 sequence is as long as its lead byte's run of leading ones (none: ASCII, one byte).
                offset += max(1, (~byte).leadingZeroBitCount)
            } else if escaped[offset + 1] == UInt8(ascii: "u") {
                // `\uD800`–`\uDBFF`, whose low surrogate's escape follows.
                let isHighSurrogate =
                    offset + 5 < escaped.count && (escaped[offset + 2] | 0x20) == UInt8(ascii: "d")
                    && "89abAB".utf8.contains(escaped[offset + 3])
                offset += isHighSurrogate ? 12 : 6
            } else {
                offset += 2
            }
            scalarEnds.append(min(offset, escaped.count))
        }
        var ends: [Int] = []
        ends.reserveCapacity(decoded.count)
        var scalars = 0
        var endsWithLinker = false
        for character in decoded {
            scalars += character.unicodeScalars.count
            let end = scalarEnds[min(scalars, scalarEnds.count) - 1]
            // A letter after a stacking sign continues its conjunct: cut there, the text would end in a
            // dangling sign. UAX #29 (GB9c, through Unicode 16.0) joins conjuncts of six Indic scripts only, and
            // the standard library's `Character` with it; this tailors the cut for the scripts it leaves out.
            let first = character.unicodeScalars.first?.properties.generalCategory
            let continuesConjunct = endsWithLinker && first == .otherLetter
            if continuesConjunct {
                ends[ends.count - 1] = end
            } else {
                ends.append(end)
            }
            endsWithLinker = character.unicodeScalars.last.map { conjunctLinkers.contains($0.value) } ?? false
        }
        return ends
    }

    /// The signs that join the next consonant into a conjunct in scripts outside UAX #29's `Indic_Conjunct_Break`
    /// linkers (the Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam viramas, which `Character` already
    /// joins): Myanmar virama, Khmer coeng, Tai Tham sakot, Balinese adeg adeg, Sundanese virama, Javanese pangkon,
    /// Meetei Mayek virama, Kharoshthi virama, Chakma virama, the Tulu-Tigalari conjoiner, Dives Akuru virama, the
    /// Zanabazar Square and Soyombo subjoiners, Masaram and Gunjala Gondi viramas, and the Kawi conjoiner.
    static let conjunctLinkers: Set<UInt32> = [
        0x1039, 0x17D2, 0x1A60, 0x1B44, 0x1BAB, 0xA9C0, 0xAAF6, 0x10A3F, 0x11133, 0x113D0, 0x1193E, 0x11A47,
        0x11A99, 0x11D45, 0x11D97, 0x11F42,
    ]
}
