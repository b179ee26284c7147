import Testing

@testable import PushPayloadsJSON

/// The top-level key index must answer every lookup exactly as the scan over the members does: for
/// every key present, for keys absent, for keys sharing long prefixes or suffixes, and for the empty key.
@Suite("Top-level key index")
struct JSONRootKeyIndexTests {
    /// The same lookup by scanning the members, which never uses the index.
    static func scanned(_ object: JSONObject, _ key: String) -> JSONValue? {
        object.first { $0.key == key }?.value
    }

    static let wideKeys: [String] =
        ["", "a", "ab", "abc", "abcdefg", "abcdefgh", "abcdefghi", "gcm.notification.title", "gcm.notification.body"]
        + ["gcm.notification.e", "gcm.n.e", "google.c.a.e", "google.c.a.c_id", "custom", "_p", "_sp", "_sid", "mcID"]
        + ["title", "body", "text", "x-\u{E9}t\u{E9}", "\u{1F600}"] + (0..<40).map { "key\($0)" }

    static let probes: [String] =
        wideKeys + [
            "b", "abcd", "abcdefgi", "gcm.notification.titl", "gcm.notification.title ", "gcm.notification.bodz",
            "GCM.n.e", "aps", "message", "key40", "key0 ", "\u{0}", "abcdefgh\u{0}", "x-\u{E9}t\u{E8}",
        ]

    static func json(_ keys: [String]) -> String {
        "{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
    }

    @Test("every lookup in a wide top-level object agrees with a scan", arguments: [8, 9, 16, 31, 63])
    func wideObject(memberCount: Int) throws {
        let keys = Array(Self.wideKeys.prefix(memberCount))
        var parser = JSONParser()
        let document = try parser.parse(Array(Self.json(keys).utf8))
        #expect(document.storage.rootKeySlotMask != 0, "a top-level object of \(memberCount) members is indexed")
        let object = document.rootObject
        for key in Self.probes {
            let indexed = object[key]
            let expected = Self.scanned(object, key)
            #expect(indexed?.numberValue?.intValue == expected?.numberValue?.intValue, "\(key.debugDescription)")
            #expect((indexed == nil) == (expected == nil), "\(key.debugDescription)")
        }
        // Every member is found at its own position.
        for (offset, key) in keys.enumerated() {
            #expect(object[key]?.numberValue?.intValue == offset, "\(key.debugDescription)")
        }
    }

    @Test("small objects, nested objects and keys with escapes are scanned, and still answer right")
    func notIndexed() throws {
        var parser = JSONParser()
        let small = try parser.parse(Array(#"{"a":1,"b":2,"c":3}"#.utf8))
        #expect(small.storage.rootKeySlotMask == 0)
        #expect(small.rootObject["b"]?.numberValue?.intValue == 2)

        let escapedKeys = Self.json(Array(Self.wideKeys.prefix(16))).replacingFirst(
            "\"custom\"",
            with: #""\u0063ustom""#
        )
        let escaped = try parser.parse(Array(escapedKeys.utf8))
        #expect(escaped.storage.rootKeySlotMask == 0, "an escaped key leaves the object to the scan")
        #expect(escaped.rootObject["custom"]?.numberValue?.intValue == 13)
        #expect(escaped.rootObject["mcID"] == nil)

        let nested = try parser.parse(Array(("{\"outer\":" + Self.json(Self.wideKeys) + "}").utf8))
        let inner = try #require(nested.rootObject["outer"]?.objectValue)
        for key in Self.probes {
            #expect((inner[key] == nil) == (Self.scanned(inner, key) == nil), "\(key.debugDescription)")
        }
    }

    /// The fast scanner hands each root key's hash to the index; the full scanner's documents are indexed
    /// from the nodes. A number with a three-digit exponent is one the fast scanner leaves to the full one.
    @Test("the index answers alike whichever scanner wrote the nodes", arguments: [false, true])
    func bothScanners(fullScanner: Bool) throws {
        let keys = Self.wideKeys
        var text = Self.json(keys)
        if fullScanner { text = text.replacingFirst("\"mcID\":17", with: "\"mcID\":1.7e001") }
        var parser = JSONParser()
        let document = try parser.parse(Array(text.utf8))
        #expect(document.storage.rootKeySlotMask != 0)
        let object = document.rootObject
        for key in Self.probes {
            #expect((object[key] == nil) == (Self.scanned(object, key) == nil), "\(key.debugDescription)")
        }
        for (offset, key) in keys.enumerated() where key != "mcID" {
            #expect(object[key]?.numberValue?.intValue == offset, "\(key.debugDescription)")
        }
        #expect(object["mcID"]?.numberValue?.doubleValue == 17)
        // The keys as the scanner hashed them (eight padded bytes readable at each) and as a lookup does.
        for key in keys {
            var padded = Array(key.utf8) + [UInt8](repeating: 0x22, count: 8)
            let count = key.utf8.count
            let scanned = padded.withUnsafeMutableBufferPointer {
                let hash = JSONParserScratch.keyHash(JSONParserScratch.paddedFingerprint($0.baseAddress!, count))
                return Int(truncatingIfNeeded: hash >> 32)
            }
            // Unpadded, the lookup reads only the key's own bytes, not the quotes after it.
            let looked = padded.withUnsafeBufferPointer {
                JSONStorage.rootKeyHash($0.baseAddress!, count: count, padded: false)
            }
            #expect(scanned == looked, "\(key.debugDescription)")
        }
    }

    @Test("a document keeps its index while the parser reuses its buffers for another")
    func indexSurvivesReuse() throws {
        var parser = JSONParser()
        let first = try parser.parse(Array(Self.json(Self.wideKeys).utf8))
        let second = try parser.parse(Array(Self.json(Self.wideKeys.reversed()).utf8))
        #expect(first.rootObject["title"]?.numberValue?.intValue == Self.wideKeys.firstIndex(of: "title"))
        #expect(
            second.rootObject["title"]?.numberValue?.intValue
                == Self.wideKeys.count - 1 - Self.wideKeys.firstIndex(of: "title")!
        )
        // A rejected payload after an indexed one leaves no index behind for the next small one.
        #expect(throws: PushPayloadError.self) { try parser.parse(Array(#"{"a":1,"a":2}"#.utf8)) }
        let small = try parser.parse(Array(#"{"title":1}"#.utf8))
        #expect(small.rootObject["title"]?.numberValue?.intValue == 1)
        #expect(small.rootObject["body"] == nil)
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        var text = self
        if let range = text.firstRange(of: target) { text.replaceSubrange(range, with: replacement) }
        return text
    }
}
