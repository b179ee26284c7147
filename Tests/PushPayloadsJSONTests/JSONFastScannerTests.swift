import PushPayloadsTestSupport
import Testing

@_spi(Kernels) @testable import PushPayloadsJSON

/// The fast scanner's duplicate-key filter (stamped slots, carried from one payload to the next): every
/// repeated key must still be found, whatever the object size, the pair, and what was parsed before.
@Suite("JSON fast scanner")
struct JSONFastScannerTests {
    private func object(keys: Int, repeating pair: (Int, Int)?) -> String {
        var names = (0..<keys).map { "key\($0)" }
        if let (first, second) = pair { names[second] = names[first] }
        return "{" + names.map { "\"\($0)\":\"v\"" }.joined(separator: ",") + "}"
    }

    @Test("a reused parser finds every repeated key pair in objects of 2 to 40 keys, and accepts the rest")
    func everyPairIsFound() throws {
        var parser = JSONParser()
        for keys in [2, 3, 4, 5, 8, 13, 20, 40] {
            var pairs: [(Int, Int)] = []
            for second in 1..<keys {
                for first in 0..<second where keys <= 13 || first % 7 == 0 || second == keys - 1 {
                    pairs.append((first, second))
                }
            }
            for pair in pairs {
                // Nested under other objects, so that stamps of several open objects are in use.
                let text = #"{"a":{"x":1,"y":[{"z":2}]},"b":"# + object(keys: keys, repeating: pair) + #","c":{"x":1}}"#
                #expect(throws: PushPayloadError(.duplicateKey, message: "")) { try parser.parse(text) }
                _ = try parser.parse(#"{"a":{"x":1},"b":"# + object(keys: keys, repeating: nil) + "}")
            }
        }
    }

    /// The fast scanner alone over `text`, laid out as a parser lays it out: the node count (`nil` where it
    /// leaves the text to the full scanner) and every node slot, written or not.
    private static func fastScan(
        _ text: String,
        scratch: JSONParserScratch = JSONParserScratch()
    ) -> (count: Int?, nodes: [JSONNode]) {
        let bytes = Array(text.utf8)
        scratch.reserveStack(8)
        var padded = [UInt8](repeating: 0, count: JSONStorage.leadingPadding + bytes.count + JSONStorage.padding)
        padded.replaceSubrange(JSONStorage.leadingPadding..<JSONStorage.leadingPadding + bytes.count, with: bytes)
        var nodes = [JSONNode](
            repeating: JSONNode(kind: 0, flags: 0, start: 0, length: 0, end: 0),
            count: JSONStorage.maximumNodes(forBytes: bytes.count, maximumDepth: 8)
        )
        var bitmap = [UInt64](repeating: 0, count: JSONFastScanner.bitmapWords(forBytes: bytes.count))
        let count = padded.withUnsafeBufferPointer { input in
            nodes.withUnsafeMutableBufferPointer { nodes in
                bitmap.withUnsafeMutableBufferPointer { bitmap in
                    JSONFastScanner.scan(
                        input.baseAddress! + JSONStorage.leadingPadding,
                        count: bytes.count,
                        nodes: nodes.baseAddress!,
                        stack: scratch.stack,
                        bitmap: bitmap.baseAddress!,
                        rootKeys: scratch.reserveRootKeys(JSONFastScanner.rootKeyEntries(forBytes: bytes.count)),
                        maximumDepth: 8,
                        scratch: scratch,
                        kernel: .portable
                    )
                }
            }
        }
        return (count, nodes)
    }

    /// The nodes the fast scanner writes for `text`, or `nil` where it leaves the text to the full scanner.
    private func fastNodes(_ text: String) -> [JSONNode]? {
        let (count, nodes) = Self.fastScan(text)
        return count.map { Array(nodes.prefix($0)) }
    }

    @Test("numbers: long digit runs end at the right byte, and 19-digit integers stay fast when they fit Int64")
    func numbers() throws {
        // Digit runs of every length up to 40 beside every kind of byte that may follow a number.
        for length in 1...40 {
            let digits = "1" + String(repeating: "7", count: length - 1)
            for (prefix, suffix) in [("", ""), ("-", ""), ("0.", ""), ("1.", "e5"), ("", "E-7"), ("3.", " ")] {
                let number = prefix + digits + suffix
                let text = #"{"n":"# + number + #","a":[1.5,"# + number + "]}"
                let integerDigits = prefix.isEmpty || prefix == "-" ? length : 1
                guard integerDigits < 19 else { continue }
                let nodes = try #require(fastNodes(text), "\(text)")
                #expect(nodes[2].length == UInt32(number.utf8.count - (suffix == " " ? 1 : 0)), "\(text)")
                #expect(nodes[6].length == nodes[2].length, "\(text)")
            }
        }
        let fits = ["9223372036854775807", "-9223372036854775808", "1000000000000000000", "-1234567890123456789"]
        for number in fits {
            let nodes = try #require(fastNodes(#"{"id":"# + number + "}"), "\(number)")
            #expect(nodes[2].length == UInt32(number.utf8.count) && nodes[2].flags == JSONNode.isInteger)
        }
        // Too large for Int64, or 20 digits: the full scanner decides (and rejects them).
        for number in ["9223372036854775808", "-9223372036854775809", "9999999999999999999", "10000000000000000000"] {
            #expect(fastNodes(#"{"id":"# + number + "}") == nil, "\(number)")
            #expect(throws: PushPayloadError(.numberOutOfRange, message: "")) {
                try JSONDocument(jsonBytes: Array((#"{"id":"# + number + "}").utf8))
            }
        }
    }

    /// A key name whose slot in an object at nesting depth `depth` is the slot of `key` in an object at `keyDepth`
    /// (1 is the top-level object): the slots depend on the depth.
    private func keySharingSlot(
        with key: String,
        at keyDepth: Int = 1,
        depth: Int = 2,
        excluding taken: Set<String> = [],
        prefix: String = "k"
    ) -> String {
        func slot(_ name: String, _ depth: Int) -> Int {
            var padded = Array(name.utf8) + [UInt8](repeating: 0, count: 8)
            let fingerprint = padded.withUnsafeMutableBufferPointer {
                JSONParserScratch.paddedFingerprint($0.baseAddress!, name.utf8.count)
            }
            // The scanner masks the slot to its table, as here.
            return JSONParserScratch.keySlot(hash: JSONParserScratch.keyHash(fingerprint), depth: depth)
                & (JSONParserScratch.keySlotCount - 1)
        }
        let target = slot(key, keyDepth)
        return (0...).lazy.map { "\(prefix)\($0)" }.first { slot($0, depth) == target && !taken.contains($0) }!
    }

    @Test("a nested object whose key takes the slot of an open object's key does not hide that key's repeat")
    func evictedKeysAreStillChecked() throws {
        var parser = JSONParser()
        let repeated = [
            #"{"action":1,"n":{"\#(keySharingSlot(with: "action", at: 1, depth: 2))":2},"action":3}"#,
            #"{"o":{"action":1,"d":{"x":{"\#(keySharingSlot(with: "action", at: 2, depth: 4))":1}},"action":2}}"#,
            #"{"action":1,"n":[{"\#(keySharingSlot(with: "action", at: 1, depth: 3))":2},{"\#(keySharingSlot(with: "action", at: 1, depth: 3))":2,"y":1}],"action":3}"#,
        ]
        for text in repeated {
            #expect(throws: PushPayloadError(.duplicateKey, message: "")) { try parser.parse(text) }
        }
        // Taking the slot of a closed object changes nothing in that object.
        let other = keySharingSlot(with: "action", at: 2, depth: 2)
        let valid = #"{"a":{"action":1,"z":2},"b":{"\#(other)":1},"action":0}"#
        let document = try parser.parse(valid)
        #expect(document.root["a"]?["z"]?.numberValue?.int64Value == 2)
    }

    @Test("a key with escapes that takes an open object's slot still leaves that object flagged")
    func escapedKeysEvictToo() throws {
        // Found by FuzzEngineAgreement (Corpus/regressions/issue-2-escaped-nested-key-hides-duplicate-key.json):
        // a parser's first payload, where every key shares the one slot.
        #expect(throws: PushPayloadError(.duplicateKey, message: "")) {
            var parser = JSONParser()
            _ = try parser.parse(#"{"_sw":{"\n":""},"_sw":{}}"#)
        }
        // A warm parser, with an escaped key (raw text `\n…`) chosen to share the parent's slot.
        let escaped = keySharingSlot(with: "action", at: 1, depth: 2, prefix: "\\n")
        let escapedDeeper = keySharingSlot(with: "action", at: 2, depth: 3, prefix: "\\n")
        var parser = JSONParser()
        _ = try parser.parse("{}")
        for text in [
            #"{"action":1,"n":{"\#(escaped)":2},"action":3}"#,
            #"{"o":{"action":1,"n":{"\#(escapedDeeper)":2},"action":3}}"#,
        ] {
            #expect(throws: PushPayloadError(.duplicateKey, message: ""), "\(text)") { try parser.parse(text) }
        }
    }

    @Test("random nested objects with keys that share slots: an error exactly when some object repeats a key")
    func randomObjectsWithSharedSlots() throws {
        // Names in groups that share a slot between an object and one nested in it, so that keys of nested objects
        // keep evicting each other.
        var names: [String] = []
        for base in ["action", "title", "a", "data"] {
            names.append(base)
            var taken: Set<String> = [base]
            for (keyDepth, depth) in [(1, 2), (2, 3), (1, 3)] {
                let other = keySharingSlot(with: base, at: keyDepth, depth: depth, excluding: taken)
                taken.insert(other)
                names.append(other)
            }
        }
        // And keys with escapes, whose raw bytes are not their text.
        names += [#"\n1"#, #"\t2"#, #"x\\"#, #"\u00e9t\u00e9"#]
        var generator = SplitMix64(seed: 0xD0_0D1E)
        var warm = JSONParser()
        for iteration in 0..<3_000 {
            // Every other payload on a new parser, whose first payload has a single slot for all keys.
            var fresh = JSONParser()
            var repeats = false
            func object(depth: Int) -> String {
                var used: Set<String> = []
                var members: [String] = []
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    let name = names.randomElement(using: &generator)!
                    if used.contains(name) {
                        // Keep most payloads valid: repeat only now and then.
                        guard Int.random(in: 0..<6, using: &generator) == 0 else { continue }
                        repeats = true
                    }
                    used.insert(name)
                    let value: String
                    switch depth < 4 ? Int.random(in: 0..<3, using: &generator) : 0 {
                    case 1: value = object(depth: depth + 1)
                    case 2: value = "[\(object(depth: depth + 1))]"
                    default: value = "1"
                    }
                    members.append("\"\(name)\":\(value)")
                }
                return "{" + members.joined(separator: ",") + "}"
            }
            let text = object(depth: 0)
            func parse() throws { _ = iteration % 2 == 0 ? try warm.parse(text) : try fresh.parse(text) }
            if repeats {
                #expect(throws: PushPayloadError(.duplicateKey, message: ""), "\(text)") { try parse() }
            } else {
                #expect(throws: Never.self, "\(text)") { try parse() }
            }
        }
    }

    @Test("member counts, root key entries and repeats of objects whose keys interleave with nested objects' keys")
    func interleavedKeys() throws {
        // Keys of an object before and after nested objects, at several depths, in arrays, and empty objects among
        // them: the member counts, and the lookups of the root's keys through its index.
        let text =
            #"{"a":{"b":{"c":1,"d":[{"e":{}},{"f":2,"g":{"h":3}}],"i":4},"j":{}},"k":[],"l":{"m":{"n":{"o":5}}},"#
            + #""p":6}"#
        let document = try JSONDocument(jsonBytes: Array(text.utf8))
        #expect(document.rootObject.count == 4)
        #expect(document.root["a"]?["b"]?.objectValue?.count == 3)
        #expect(document.root["a"]?["b"]?["d"]?[1]?.objectValue?.count == 2)
        #expect(document.root["a"]?["b"]?["i"]?.numberValue?.int64Value == 4)
        #expect(document.root["p"]?.numberValue?.int64Value == 6)
        var wide = (0..<20).map { #""r\#($0)":{"x\#($0)":{"y":1,"z":2},"w":[{"v":0}]}"# }
        let wideText = "{" + wide.joined(separator: ",") + "}"
        var parser = JSONParser()
        let wideDocument = try parser.parse(wideText)
        for k in 0..<20 { #expect(wideDocument.root["r\(k)"]?["x\(k)"]?["z"]?.numberValue?.int64Value == 2) }
        // A root key repeated after nested objects; a nested key repeated after deeper ones.
        wide[19] = #""r0":1"#
        for repeated in [
            "{" + wide.joined(separator: ",") + "}", #"{"a":{"b":{"c":1,"d":{"c":2},"c":3}}}"#,
            #"{"a":[{"b":1},{"c":{"b":1},"b":2,"c":3}]}"#,
        ] {
            #expect(throws: PushPayloadError(.duplicateKey, message: ""), "\(repeated)") { try parser.parse(repeated) }
        }
        // As many keys open at once as the bytes allow (four bytes a key), valid and cut short, each on a new parser,
        // whose root key entries are exactly as many as the scanner reserves: the address sanitizer sees any overrun.
        for depth in [1, 2, 3, 15, 40, 63] {
            let open = String(repeating: #"{"":"#, count: depth)
            let closed = open + "0" + String(repeating: "}", count: depth)
            var fresh = JSONParser()
            #expect(try fresh.parse(closed).rootObject.count == 1)
            for cut in [open, String(open.dropLast()), String(open.dropLast(2)), open + "0"] {
                var parser = JSONParser()
                #expect(throws: PushPayloadError.self, "\(cut)") { try parser.parse(cut) }
            }
        }
    }

    @Test("when the payload stamps wrap around, the slots are cleared and duplicates are still found")
    func stampsWrapAround() throws {
        let scratch = JSONParserScratch()
        scratch.keyStamp = UInt32.max - 1
        let cases: [(String, Bool)] = [
            (#"{"a":{"k":1,"j":2},"b":{"k":1,"k":2}}"#, false),
            (#"{"a":{"k":1,"j":2},"b":{"k":1,"j":2}}"#, true),
        ]
        for (text, valid) in cases {
            let (count, nodes) = Self.fastScan(text, scratch: scratch)
            #expect((count != nil) == valid, "\(text)")
            #expect(nodes.allSatisfy { $0.kind != JSONNode.object || $0.flags == 0 } || !valid)
        }
        // The second payload's stamp wrapped past zero, which emptied the slots.
        #expect(scratch.keyStamp == 1)
    }
}
