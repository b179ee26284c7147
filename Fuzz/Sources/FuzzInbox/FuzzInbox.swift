// libFuzzer target: the inbox readers (PushInboxMessage, PushInboxPage), PushTimestamp and the merged
// PushInbox. Invariants, beyond "no crash":
// - a page read whole and its entries read one by one agree (vendor, id, read state, times, issues);
// - an entry read again from its own kept JSON reads the same;
// - a timestamp's ISO 8601 text parses back to it;
// - every error has a code and a message; an entry's error's key path starts with the entry's;
// - the merged inbox is ordered newest first, holds each vendor and id once, and its unread counts add up;
// - the page and each entry encode to JSON that parses.
import FuzzSupport
import PushPayloads

/// The fields two readings of one entry must agree on.
func sameReading(_ a: PushInboxMessage, _ b: PushInboxMessage) -> Bool {
    a.vendor == b.vendor && a.messageID == b.messageID && a.contentType == b.contentType && a.isRead == b.isRead
        && a.sentAt == b.sentAt && a.expiresAt == b.expiresAt && a.isExpired == b.isExpired
        && a.title == b.title && a.body == b.body && a.defaultAction == b.defaultAction && a.buttons == b.buttons
        && a.issues.map(\.code) == b.issues.map(\.code) && a.document == b.document
}

func checkTimestamp(_ timestamp: PushTimestamp?, input: UnsafeRawBufferPointer) {
    guard let timestamp else { return }
    fuzzCheck(
        PushTimestamp(iso8601: timestamp.iso8601) == timestamp,
        "\(timestamp.millisecondsSince1970) ms does not round-trip through \(timestamp.iso8601)",
        input: input
    )
}

func checkError(_ error: PushPayloadError, input: UnsafeRawBufferPointer) {
    fuzzCheck(
        !error.code.name.isEmpty && !error.message.isEmpty,
        "an error without code or message: \(error)",
        input: input
    )
}

/// libFuzzer's callback: checks one input, trapping on a broken invariant; the result is always 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInbox(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    let bytes = Array(input)
    // The clock and the limits come from the input's length, so both sides of each are reached.
    let now = PushTimestamp(millisecondsSince1970: Int64(size) * 86_400_000 * 200)
    let tight = PushPayloadLimits(maximumPayloadBytes: max(1, size / 2), maximumDepth: 3)
    for (limits, maximumEntries) in [(PushPayloadLimits.inbox, 10_000), (tight, size % 4)] {
        let options = PushInboxReadingOptions(
            limits: limits,
            maximumEntries: maximumEntries,
            now: size % 2 == 0 ? now : nil
        )
        for vendor in [nil, PushVendor.exponea, .swrve, .cordial] {
            readPage(bytes, vendor: vendor, options: options, input: input)
        }
    }
    // The raw bytes as one ISO 8601 time.
    let text = String(decoding: bytes.prefix(64), as: UTF8.self)
    if let timestamp = PushTimestamp(iso8601: text) { checkTimestamp(timestamp, input: input) }
    return 0
}

func readPage(_ bytes: [UInt8], vendor: PushVendor?, options: PushInboxReadingOptions, input: UnsafeRawBufferPointer) {
    let page: PushInboxPage
    do {
        page = try PushInboxPage(jsonBytes: bytes, vendor: vendor, options: options)
    } catch {
        checkError(error, input: input)
        return
    }
    fuzzCheck(page.entries.count <= max(options.maximumEntries, 1), "more entries than the limit", input: input)
    for entry in page.entries {
        switch entry.result {
        case .failure(let error):
            checkError(error, input: input)
            fuzzCheck(
                (error.keyPath ?? "").hasPrefix(entry.keyPath),
                "the error's key path \(error.keyPath ?? "nil") is not under the entry's \(entry.keyPath)",
                input: input
            )
        case .success(let message):
            checkTimestamp(message.sentAt, input: input)
            checkTimestamp(message.expiresAt, input: input)
            checkTimestamp(message.contentURLExpiresAt, input: input)
            fuzzCheck(!message.messageID.isEmpty, "an entry without an id", input: input)
            for issue in message.issues { checkError(issue, input: input) }
            // Read again from the entry's own JSON, with the vendor it was read as.
            do {
                let again = try PushInboxMessage(
                    jsonBytes: message.document.jsonBytes,
                    vendor: message.vendor,
                    options: options
                )
                fuzzCheck(sameReading(message, again), "the entry reads differently from its own JSON", input: input)
            } catch {
                fuzzCheck(false, "the entry's own JSON does not read: \(error)", input: input)
            }
            if let written = try? JSONBytesEncoder().encode(message) {
                fuzzCheck(
                    (try? JSONDocument(jsonBytes: written)) != nil,
                    "the entry's encoding is not JSON",
                    input: input
                )
            } else {
                fuzzCheck(false, "the entry does not encode", input: input)
            }
        }
    }
    let inbox = PushInbox(page.messages)
    let keys = Set(inbox.messages.map { "\($0.vendor.name)\u{0}\($0.messageID)" })
    fuzzCheck(keys.count == inbox.messages.count, "the merged inbox holds an entry twice", input: input)
    fuzzCheck(inbox.unreadCount == inbox.unreadCounts.values.reduce(0, +), "unread counts do not add up", input: input)
    for (earlier, later) in zip(inbox.messages, inbox.messages.dropFirst()) {
        switch (earlier.sentAt, later.sentAt) {
        case (let a?, let b?): fuzzCheck(a >= b, "the merged inbox is not newest first", input: input)
        case (nil, .some): fuzzCheck(false, "an undated entry before a dated one", input: input)
        default: break
        }
    }
    fuzzCheck((try? JSONBytesEncoder().encode(page)) != nil, "the page does not encode", input: input)
}

/// The executable's entry point under SwiftPM (see `runFuzzer`).
@_cdecl("FuzzInbox_main")
public func fuzzInboxMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzInbox)
}
