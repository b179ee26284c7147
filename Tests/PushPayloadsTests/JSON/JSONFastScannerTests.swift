import Testing

@testable import PushPayloads

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

    @Test("when the stamps wrap around, the slots are cleared and duplicates are still found")
    func stampsWrapAround() throws {
        let scratch = JSONParserScratch()
        scratch.reserveStack(8)
        scratch.keyStamp = UInt32.max - 1
        let cases: [(String, Bool)] = [
            (#"{"a":{"k":1,"j":2},"b":{"k":1,"k":2}}"#, false),
            (#"{"a":{"k":1,"j":2},"b":{"k":1,"j":2}}"#, true),
        ]
        for (text, valid) in cases {
            let bytes = Array(text.utf8)
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
                            maximumDepth: 8,
                            scratch: scratch
                        )
                    }
                }
            }
            #expect((count != nil) == valid, "\(text)")
            #expect(nodes.allSatisfy { $0.kind != JSONNode.object || $0.flags == 0 } || !valid)
        }
        // Both payloads together opened six objects, so the stamps wrapped past zero.
        #expect(scratch.keyStamp > 0 && scratch.keyStamp < 8)
    }
}
