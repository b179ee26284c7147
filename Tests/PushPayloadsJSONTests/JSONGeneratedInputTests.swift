import PushPayloadsJSON
import PushPayloadsTestSupport
import Testing

/// Compares a parsed value with the generator's model of it, through every public view.
enum JSONModelCheck {
    /// A description of the first difference, or nil when `value` is what `model` says.
    static func mismatch(_ value: JSONValue, _ model: GeneratedJSON, path: String = "$") -> String? {
        var pending = [(value, model, path)]
        while let (value, model, path) = pending.popLast() {
            switch model {
            case .object(let members):
                guard let object = value.objectValue else { return "\(path): \(value.kind), expected an object" }
                guard object.count == members.count else {
                    return "\(path): \(object.count) members, expected \(members.count)"
                }
                for ((key, member), expected) in zip(object, members) {
                    guard Array(key.utf8) == Array(expected.key.utf8) else {
                        return "\(path): key \(key), expected \(expected.key)"
                    }
                    // Lookup by decoded key finds this very member (keys are unique).
                    guard let found = object[expected.key], found == member else { return "\(path): lookup of \(key)" }
                    pending.append((member, expected.value, path + "." + key))
                }
                guard object.keys.map({ Array($0.utf8) }) == members.map({ Array($0.key.utf8) }) else {
                    return "\(path): keys"
                }
            case .array(let elements):
                guard let array = value.arrayValue else { return "\(path): \(value.kind), expected an array" }
                guard array.count == elements.count else {
                    return "\(path): \(array.count) elements, expected \(elements.count)"
                }
                for (position, (element, expected)) in zip(array, elements).enumerated() {
                    guard array[position] == element else { return "\(path)[\(position)]: subscript" }
                    pending.append((element, expected, "\(path)[\(position)]"))
                }
            case .string(let text):
                guard let decoded = value.stringValue else { return "\(path): \(value.kind), expected a string" }
                guard Array(decoded.utf8) == Array(text.utf8) else {
                    return "\(path): \(decoded.debugDescription) != \(text.debugDescription)"
                }
                guard value.isString(text), value.stringUTF8Count == text.utf8.count,
                    value.isEmptyString == text.isEmpty
                else { return "\(path): isString/stringUTF8Count/isEmptyString of \(text.debugDescription)" }
            case .number(let literal):
                guard let number = value.numberValue else { return "\(path): \(value.kind), expected a number" }
                guard number.text == literal else { return "\(path): text \(number.text), expected \(literal)" }
                let isInteger = !literal.contains { ".eE".contains($0) }
                guard number.isIntegerLiteral == isInteger else { return "\(path): isIntegerLiteral of \(literal)" }
                // Swift's own (correctly rounded) parser is the oracle for doubleValue.
                guard let double = Double(literal), number.doubleValue == double else {
                    return "\(path): doubleValue \(number.doubleValue) of \(literal)"
                }
                let int64 =
                    isInteger
                    ? Int64(literal) : (double.rounded(.towardZero) == double ? Int64(exactly: double) : nil)
                guard number.int64Value == int64 else {
                    return "\(path): int64Value \(String(describing: number.int64Value)) of \(literal)"
                }
            case .bool(let flag):
                guard value.boolValue == flag else { return "\(path): \(value.kind), expected \(flag)" }
            case .null:
                guard value.isNull else { return "\(path): \(value.kind), expected null" }
            }
        }
        return nil
    }

    /// The nodes a document of `model` holds: every value and every key.
    static func valueCount(_ model: GeneratedJSON) -> Int {
        switch model {
        case .object(let members): return 1 + members.reduce(0) { $0 + 1 + valueCount($1.value) }
        case .array(let elements): return 1 + elements.reduce(0) { $0 + valueCount($1) }
        default: return 1
        }
    }
}

@Suite("JSONParser on generated input")
struct JSONGeneratedInputTests {
    @Test("the generator is deterministic for a seed")
    func deterministic() {
        var a = JSONGenerator(seed: 7)
        var b = JSONGenerator(seed: 7)
        var c = JSONGenerator(seed: 8)
        let fromA = (0..<20).map { _ in a.document().bytes }
        #expect(fromA == (0..<20).map { _ in b.document().bytes })
        #expect(fromA != (0..<20).map { _ in c.document().bytes })
        var m1 = JSONMutator(seed: 1)
        var m2 = JSONMutator(seed: 1)
        #expect(fromA.map { m1.mutate($0).bytes } == fromA.map { m2.mutate($0).bytes })
        var random = SplitMix64(seed: 0)
        // SplitMix64's published first output for seed 0.
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    }

    @Test("the generator covers what it promises")
    func coverage() {
        var generator = JSONGenerator(seed: 0xC0DE)
        let text = (0..<400).map { _ in String(decoding: generator.document().bytes, as: UTF8.self) }.joined()
        for needle in [
            #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u0000"#, #"\uD"#, #"\ud"#,
            "é", "€", "😀", "\u{10FFFF}", "e+", "E-", "9223372036854775807", "-9223372036854775808", "true", "false",
            "null", "[", "\n", "\t", "\r",
        ] {
            #expect(text.contains(needle), "never generated: \(needle.debugDescription)")
        }
    }

    @Test("the text map sees every kind of byte, so truncation can cut at each kind")
    func textMapRoles() {
        var generator = JSONGenerator(seed: 0x3A9)
        var roles: Set<JSONByteRole> = []
        var keys = 0
        for _ in 0..<200 {
            let bytes = generator.document().bytes
            let map = JSONTextMap(bytes)
            roles.formUnion(map.roles)
            keys += map.keys.count
            #expect(map.keys.allSatisfy { bytes[$0.objectStart] == UInt8(ascii: "{") && bytes[$0.start] == 0x22 })
            #expect(map.closers.allSatisfy { bytes[$0] == UInt8(ascii: "}") || bytes[$0] == UInt8(ascii: "]") })
        }
        #expect(roles == Set(JSONByteRole.allCases).subtracting([.other]))
        #expect(keys > 200)
    }

    @Test("generated documents parse to exactly what the generator meant", arguments: [1, 2, 3, 6] as [Int])
    func generatedDocuments(maximumDepth: Int) throws {
        var generator = JSONGenerator(seed: 0xA11CE + UInt64(maximumDepth), options: .init(maximumDepth: maximumDepth))
        var parser = JSONParser()
        for index in 0..<500 {
            let generated = generator.document()
            let document = try parser.parse(generated.bytes)
            if let mismatch = JSONModelCheck.mismatch(document.root, generated.value) {
                Issue.record("document #\(index): \(mismatch)\n\(String(decoding: generated.bytes, as: UTF8.self))")
                return
            }
            #expect(document.valueCount == JSONModelCheck.valueCount(generated.value))
            let again = try JSONDocument(jsonBytes: document.jsonBytes)
            #expect(again == document)
            #expect(again.jsonBytes == document.jsonBytes)
        }
    }

    @Test("generated values at the top level, accepted when asked to")
    func generatedValues() throws {
        var generator = JSONGenerator(seed: 0xFA1)
        var parser = JSONParser(acceptsAnyTopLevelValue: true)
        var strict = JSONParser()
        for _ in 0..<500 {
            let generated = generator.value(maximumDepth: 2)
            let document = try parser.parse(generated.bytes)
            #expect(JSONModelCheck.mismatch(document.root, generated.value) == nil)
            if case .object = generated.value { continue }
            #expect(throws: PushPayloadError(.notAnObject, message: "")) { try strict.parse(generated.bytes) }
        }
    }

    @Test("mutated documents never crash the parser, and every verdict is consistent", arguments: JSONMutation.allCases)
    func mutations(_ mutation: JSONMutation) {
        var generator = JSONGenerator(seed: 0xBAD + UInt64(JSONMutation.allCases.firstIndex(of: mutation)!))
        var mutator = JSONMutator(seed: 0xBAD)
        var parser = JSONParser()
        for index in 0..<600 {
            let bytes = mutator.mutate(generator.document().bytes, with: mutation)
            do {
                let document = try parser.parse(bytes)
                // Whatever was accepted must survive a round trip.
                #expect(try JSONDocument(jsonBytes: document.jsonBytes) == document, "#\(index)")
                #expect(String(validating: bytes, as: UTF8.self) != nil, "#\(index): accepted invalid UTF-8")
            } catch {
                #expect(!error.message.isEmpty)
                #expect(error.byteOffset.map { (0...bytes.count).contains($0) } == true, "#\(index): \(error)")
                if String(validating: bytes, as: UTF8.self) == nil {
                    // Input that is not UTF-8 is never accepted, whatever else is wrong with it.
                    #expect(error.code != .notAnObject, "#\(index): \(error)")
                }
            }
        }
    }

    @Test(
        "mutations that must always be rejected are",
        arguments: [
            JSONMutation.insertLoneSurrogate, .trailingComma, .appendValue, .duplicateKey, .duplicateEscapedKey,
        ]
    )
    func alwaysRejected(_ mutation: JSONMutation) {
        var generator = JSONGenerator(seed: 0x4E7)
        var mutator = JSONMutator(seed: 0x4E7)
        var parser = JSONParser()
        for index in 0..<500 {
            let bytes = mutator.mutate(generator.document().bytes, with: mutation)
            #expect(throws: PushPayloadError.self, "#\(index): \(String(decoding: bytes, as: UTF8.self))") {
                try parser.parse(bytes)
            }
        }
    }

    @Test("repeated keys are reported as duplicate_key, however the copy is spelled")
    func duplicateMutations() {
        var generator = JSONGenerator(seed: 0xD0B)
        var mutator = JSONMutator(seed: 0xD0B)
        var parser = JSONParser()
        var checked = 0
        for _ in 0..<500 {
            let document = generator.document()
            guard case .object(let members) = document.value, !members.isEmpty else { continue }
            for mutation in [JSONMutation.duplicateKey, .duplicateEscapedKey] {
                let bytes = mutator.mutate(document.bytes, with: mutation)
                #expect(throws: PushPayloadError(.duplicateKey, message: "")) { try parser.parse(bytes) }
                checked += 1
            }
        }
        #expect(checked > 500)
    }

    @Test("every prefix of a document is rejected, and none crashes the parser")
    func everyPrefix() {
        var generator = JSONGenerator(seed: 0x9F1)
        var parser = JSONParser()
        var accepted: [[UInt8]] = []
        for _ in 0..<40 {
            let bytes = generator.document().bytes
            // Trailing whitespace may be cut without harm; the object itself may not.
            let end = bytes.lastIndex(of: UInt8(ascii: "}"))!
            for length in 0...end {
                let prefix = Array(bytes[..<length])
                if (try? parser.parse(prefix)) != nil { accepted.append(prefix) }
            }
        }
        #expect(accepted.isEmpty, "accepted: \(accepted.prefix(3).map { String(decoding: $0, as: UTF8.self) })")
    }
}
