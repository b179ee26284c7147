import PropertyBased
import PushPayloads
import PushRequests
import Testing

/// A text as JSON writes it, one grapheme cluster at a time: each piece is one `Character`'s escaped
/// JSON text (`é`, or `\u00e9` as a sender may write it).
struct ClusterText: Sendable, CustomTestStringConvertible {
    var name: String
    var pieces: [String]

    /// `count` pieces, cycling through ``pieces``, as escaped JSON text.
    func escaped(count: Int) -> String {
        (0..<count).map { pieces[$0 % pieces.count] }.joined()
    }

    /// The longest piece in bytes: the most a result may stay under its limit, with the ellipsis.
    var longestPiece: Int { pieces.map(\.utf8.count).max() ?? 0 }

    var testDescription: String { name }
}

/// Where the text sits, and what limits the input reaches, measured independently of `PushFitter`.
struct FitContainer: Sendable, CustomTestStringConvertible {
    var name: String
    /// The input with `TEXT` where the text goes.
    var template: String
    /// Every limit the input reaches: (bytes, limit), measured on the output.
    var measure: @Sendable ([UInt8]) throws -> [(bytes: Int, limit: Int)]
    /// Where the cut text is.
    var textPath: [String]

    var testDescription: String { name }

    func input(_ text: String) -> String { template.replacingOccurrences(of: "TEXT", with: text) }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

/// The iOS payload a request delivers, compact: what APNs receives.
private func iosBytes(_ output: [UInt8]) throws -> Int {
    let request = try PushSendRequest(jsonBytes: output)
    return try #require(request.deliveries.first { $0.platform == .ios }).payload.document.jsonBytes.count
}

/// FCM's count, independently: each data string and the notification's title and body, key and value,
/// as escaped in the output.
private func fcmBytes(_ output: [UInt8]) throws -> Int {
    let message = try #require(try JSONDocument(jsonBytes: output).rootObject["message"]?.objectValue)
    var size = 0
    for (key, value) in message["data"]?.objectValue ?? .empty {
        size += (try JSONBytesEncoder().encode(key)).count - 2 + value.jsonBytes.count - 2
    }
    for key in ["title", "body"] {
        if let text = message["notification"]?[key] { size += key.utf8.count + text.jsonBytes.count - 2 }
    }
    return size
}

let fitTexts: [ClusterText] = [
    ClusterText(name: "ZWJ sequences", pieces: ["👨‍👩‍👧‍👦", "👩🏽‍💻", " ", "🏳️‍🌈", "a"]),
    ClusterText(name: "flags", pieces: ["🇫🇷", "🇯🇵", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🇺🇦"]),
    ClusterText(name: "skin-tone modifiers", pieces: ["👋🏽", "👍🏿", "x", "🤝🏻"]),
    ClusterText(
        name: "combining marks",
        pieces: ["e\u{301}", "a\u{308}\u{323}", "n\u{303}", "o", "\u{915}\u{94d}\u{937}"]
    ),
    ClusterText(name: "CJK", pieces: ["漢", "字", "か", "な", "한", "。"]),
    ClusterText(
        name: "escaped text",
        pieces: [#"\u00e9"#, #"\n"#, #"\""#, #"\\"#, #"\ud83d\ude00"#, #"e\u0301"#, #"\t"#, "z", #"\r\n"#]
    ),
]

let fitContainers: [FitContainer] = [
    FitContainer(
        name: "payload, alert dictionary",
        template: #"{"aps":{"alert":{"title":"Sale","subtitle":"Today","body":"TEXT"},"sound":"default"},"id":"42"}"#,
        measure: { [($0.count, 4_096)] },
        textPath: ["aps", "alert", "body"]
    ),
    FitContainer(
        name: "payload, string alert",
        template: #"{"aps":{"alert":"TEXT"},"mcID":"m"}"#,
        measure: { [($0.count, 4_096)] },
        textPath: ["aps", "alert"]
    ),
    FitContainer(
        name: "APNs VoIP request",
        template:
            #"{"headers":{"apns-push-type":"voip","apns-topic":"com.example.voip"},"payload":{"aps":{"alert":{"body":"TEXT"}}}}"#,
        measure: { output in
            [(try #require(try JSONDocument(jsonBytes: output).rootObject["payload"]).jsonBytes.count, 5_120)]
        },
        textPath: ["payload", "aps", "alert", "body"]
    ),
    FitContainer(
        name: "FCM v1 notification",
        template: #"{"message":{"token":"t","notification":{"title":"Sale","body":"TEXT"},"data":{"k":"v"}}}"#,
        measure: { [(try fcmBytes($0), 4_096), (try iosBytes($0), 4_096)] },
        textPath: ["message", "notification", "body"]
    ),
    FitContainer(
        name: "FCM v1 APNs override",
        template:
            #"{"message":{"token":"t","notification":{"title":"Sale","body":"Today"},"apns":{"payload":{"aps":{"alert":{"title":"T","subtitle":"S","body":"TEXT"}}}}}}"#,
        measure: { [(try fcmBytes($0), 4_096), (try iosBytes($0), 4_096)] },
        textPath: ["message", "apns", "payload", "aps", "alert", "body"]
    ),
    FitContainer(
        name: "legacy FCM",
        template: #"{"to":"t","notification":{"title":"Sale","body":"TEXT"}}"#,
        measure: { [(try iosBytes($0), 4_096)] },
        textPath: ["notification", "body"]
    ),
]

@Suite("PushFitter: alert text cut under the limits, at grapheme cluster boundaries")
struct FitterTests {
    static func value(at path: [String], in bytes: [UInt8]) throws -> JSONValue {
        var value = try JSONDocument(jsonBytes: bytes).root
        for key in path { value = try #require(value[key]) }
        return value
    }

    /// Checks a result: under every limit, within one cluster and the ellipsis of the tightest, compact,
    /// the text a prefix of the original in whole characters followed by "…", and no size finding.
    static func expectFitted(
        _ output: [UInt8],
        original: String,
        container: FitContainer,
        longestPiece: Int,
        maximumBytes: Int? = nil
    ) throws {
        let measured = try container.measure(output).map { ($0.bytes, maximumBytes ?? $0.limit) }
        for (bytes, limit) in measured { #expect(bytes <= limit, "\(bytes) > \(limit)") }
        let slack = measured.map { $0.1 - $0.0 }.min() ?? 0
        #expect(slack < longestPiece + 3, "\(slack) bytes under the limit")
        #expect(try JSONDocument(jsonBytes: output).jsonBytes == output, "the output is compact")

        let text = try #require(try value(at: container.textPath, in: output).stringValue)
        #expect(text.last == "…")
        let kept = Array(text.dropLast())
        #expect(kept == Array(original.prefix(kept.count)), "the cut keeps whole characters")
        if maximumBytes == nil {
            let findings = PushChecker().check(try PushSendRequest(jsonBytes: output))
            #expect(!findings.contains { $0.rule.id.hasSuffix(".size") }, "\(findings)")
        }
    }

    @Test("a text over the limit is cut at a cluster boundary, just under it", arguments: fitContainers, fitTexts)
    func cut(_ container: FitContainer, _ text: ClusterText) throws {
        let json = container.input(text.escaped(count: 3_000))
        let request = try PushSendRequest(jsonString: json)
        let result = try PushFitter().fit(request)
        #expect(result.isCut)
        #expect(result.cuts.first == container.textPath.reduce("$") { $0 + "." + $1 })
        let original = try #require(try Self.value(at: container.textPath, in: Array(json.utf8)).stringValue)
        try Self.expectFitted(
            result.jsonBytes,
            original: original,
            container: container,
            longestPiece: text.longestPiece
        )
        // The kept characters keep their escapes as written.
        let written = try Self.value(at: container.textPath, in: result.jsonBytes).jsonString
        #expect(json.contains(String(written.dropLast(4))), "escapes kept")
    }

    /// Conjuncts UAX #29 does not join (Khmer coeng, Myanmar virama, Balinese adeg adeg): a cut never ends on the
    /// stacking sign, whatever the alignment (issue 37: `fit` cut inside them).
    @Test("a cut never leaves a conjunct's stacking sign dangling", arguments: fitContainers, [0, 1, 2, 3])
    func conjunctsStayWhole(_ container: FitContainer, _ shift: Int) throws {
        let pieces = ["\u{1780}\u{17D2}\u{1780}", "\u{1000}\u{1039}\u{1000}", "\u{1B13}\u{1B44}\u{1B13}", "a"]
        let text = String(repeating: "a", count: shift) + (0..<3_000).map { pieces[$0 % pieces.count] }.joined()
        let result = try PushFitter().fit(try PushSendRequest(jsonString: container.input(text)))
        #expect(result.isCut)
        let cut = try #require(try Self.value(at: container.textPath, in: result.jsonBytes).stringValue)
        let last = try #require(cut.dropLast().unicodeScalars.last)
        #expect(![0x17D2, 0x1039, 0x1B44].contains(last.value), "the cut ends on U+\(String(last.value, radix: 16))")
    }

    @Test("an input that fits comes back equal: the same bytes when compact", arguments: fitContainers, fitTexts)
    func fits(_ container: FitContainer, _ text: ClusterText) throws {
        let json = container.input(text.escaped(count: 40))
        let result = try PushFitter().fit(try PushSendRequest(jsonString: json))
        #expect(!result.isCut && result.cuts.isEmpty)
        #expect(result.jsonBytes == Array(json.utf8))
        // With whitespace, it comes back as the same document, compact.
        let spaced = json.replacingOccurrences(of: #"":"#, with: #"" : "#)
        let document = try JSONDocument(jsonString: spaced)
        #expect(try PushFitter().fit(PushSendRequest(document: document)).jsonBytes == Array(json.utf8))
    }

    @Test("an input whose bulk is not text is refused with cannot_fit, naming the part measured")
    func refused() throws {
        let pad = String(repeating: "d", count: 4_100)
        let cases: [(json: String, keyPath: String?)] = [
            (#"{"aps":{"alert":"Hi"},"data":"\#(pad)"}"#, nil),
            (#"{"aps":{"alert":{"loc-key":"SALE"}},"data":"\#(pad)"}"#, nil),
            (#"{"headers":{"apns-push-type":"alert"},"payload":{"aps":{"alert":"Hi"},"data":"\#(pad)"}}"#, "payload"),
            (#"{"message":{"token":"t","notification":{"body":"Hi"},"data":{"pad":"\#(pad)"}}}"#, "message"),
            (#"{"aps":{"alert":{"title":"\#(pad)","body":"\#(pad)"}},"data":"\#(pad)"}"#, nil),
        ]
        for (json, keyPath) in cases {
            #expect(throws: PushPayloadError(.cannotFit, message: "")) {
                try PushFitter().fit(try PushSendRequest(jsonString: json))
            }
            do {
                _ = try PushFitter().fit(try PushSendRequest(jsonString: json))
            } catch {
                #expect(error.keyPath == keyPath)
                #expect(error.message.contains("most of it is not alert text"), "\(error)")
            }
        }
    }

    @Test("body first, then subtitle, then title; a text that must go entirely becomes the ellipsis")
    func order() throws {
        let title = String(repeating: "T", count: 2_000)
        let subtitle = String(repeating: "S", count: 3_000)
        let body = String(repeating: "B", count: 3_000)
        let json = #"{"aps":{"alert":{"title":"\#(title)","subtitle":"\#(subtitle)","body":"\#(body)"}}}"#
        let result = try PushFitter().fit(try PushSendRequest(jsonString: json))
        #expect(result.cuts == ["$.aps.alert.body", "$.aps.alert.subtitle"])
        let alert = try Self.value(at: ["aps", "alert"], in: result.jsonBytes)
        #expect(alert["body"]?.stringValue == "…")
        #expect(alert["title"]?.stringValue == title)
        #expect(alert["subtitle"]?.stringValue?.hasPrefix("SSS") == true)
        #expect(result.jsonBytes.count == 4_096)
    }

    @Test("--max-bytes replaces every platform's limit")
    func maximumBytes() throws {
        let container = fitContainers[0]
        let text = fitTexts[0]
        let json = container.input(text.escaped(count: 60))
        #expect(!(try PushFitter().fit(try PushSendRequest(jsonString: json))).isCut)
        let result = try PushFitter(maximumBytes: 300).fit(try PushSendRequest(jsonString: json))
        let original = try #require(try Self.value(at: container.textPath, in: Array(json.utf8)).stringValue)
        try Self.expectFitted(
            result.jsonBytes,
            original: original,
            container: container,
            longestPiece: text.longestPiece,
            maximumBytes: 300
        )
    }

    @Test("a text cut for FCM's limit and again for the iOS payload ends in one ellipsis")
    func cutOnce() throws {
        // Near FCM's limit, the iOS payload (the alert in `aps`) is the larger: the body is cut twice.
        let body = String(repeating: "b", count: 4_090)
        let json = #"{"message":{"token":"t","notification":{"title":"Sale","body":"\#(body)"}}}"#
        let result = try PushFitter().fit(try PushSendRequest(jsonString: json))
        let text = try #require(
            try Self.value(at: ["message", "notification", "body"], in: result.jsonBytes).stringValue
        )
        #expect(text.filter { $0 == "…" }.count == 1 && text.hasSuffix("…"))
        #expect(result.cuts == ["$.message.notification.body"])
        #expect(try iosBytes(result.jsonBytes) <= 4_096 && (try iosBytes(result.jsonBytes)) > 4_096 - 4)
    }

    /// Every cluster the cases above use, for random texts.
    static let allPieces = fitTexts.flatMap(\.pieces) + ["Sale ", "a", "Z", "9", "€", #"\u0000"#, #"\/"#]

    @Test("random texts: under the limit, within a cluster and the ellipsis of it, or refused only when they must be")
    func randomTexts() async {
        let text = Gen<String?>.element(of: Self.allPieces).map { $0! }.array(of: 0...400)
        await propertyCheck(count: 200, input: text, text, Gen.int(in: 90...1_500)) { title, body, limit in
            let json =
                #"{"aps":{"alert":{"title":"\#(title.joined())","body":"\#(body.joined())"}},"id":"42"}"#
            let request = try PushSendRequest(jsonString: json)
            let longest = (title + body).map(\.utf8.count).max() ?? 0
            do {
                let result = try PushFitter(maximumBytes: limit).fit(request)
                #expect(result.jsonBytes.count <= limit)
                if result.isCut {
                    #expect(result.jsonBytes.count > limit - longest - 3)
                    for (pieces, key) in [(body, "body"), (title, "title")]
                    where result.cuts.contains("$.aps.alert.\(key)") {
                        let cut = try #require(
                            try Self.value(at: ["aps", "alert", key], in: result.jsonBytes).stringValue
                        )
                        let original = try #require(
                            try JSONDocument(jsonString: #"{"t":"\#(pieces.joined())"}"#).rootObject["t"]?.stringValue
                        )
                        #expect(cut.hasSuffix("…") && Array(cut.dropLast()) == Array(original.prefix(cut.count - 1)))
                    }
                } else {
                    #expect(result.jsonBytes == Array(json.utf8))
                }
            } catch let error as PushPayloadError {
                #expect(error.code == .cannotFit)
                // Refused only if the texts at their shortest (the ellipsis, or as they are when shorter)
                // still do not fit.
                let shortest = { (pieces: [String]) in pieces.joined().utf8.count > 3 ? "…" : pieces.joined() }
                let minimal =
                    #"{"aps":{"alert":{"title":"\#(shortest(title))","body":"\#(shortest(body))"}},"id":"42"}"#
                #expect(minimal.utf8.count > limit, "\(minimal.utf8.count) ≤ \(limit)")
            }
        }
    }
}
