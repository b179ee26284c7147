import PushPayloadsJSON
import Testing

@Suite("JSONBytesEncoder")
struct JSONBytesEncoderTests {
    private func encoded(_ value: some Encodable, pretty: Bool = false) throws -> String {
        try JSONBytesEncoder(prettyPrinted: pretty).encodeToString(value)
    }

    private struct Inner: Encodable {
        var name: String
        var tags: [String]
    }

    private struct Outer: Encodable {
        var id: Int
        var ratio: Double
        var flag: Bool
        var missing: String?
        var inner: Inner
        var list: [Inner]
        var empty: [Int]

        enum CodingKeys: String, CodingKey {
            case id, ratio, flag, missing, inner, list, empty
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(ratio, forKey: .ratio)
            try container.encode(flag, forKey: .flag)
            try container.encode(missing, forKey: .missing)
            try container.encode(inner, forKey: .inner)
            try container.encode(list, forKey: .list)
            try container.encode(empty, forKey: .empty)
        }
    }

    private let sample = Outer(
        id: -7,
        ratio: 0.25,
        flag: true,
        missing: nil,
        inner: Inner(name: "a", tags: ["x", "y"]),
        list: [Inner(name: "b", tags: [])],
        empty: []
    )

    @Test("members in the order they are encoded, nil as null, nested containers and arrays")
    func compact() throws {
        #expect(
            try encoded(sample)
                == #"{"id":-7,"ratio":0.25,"flag":true,"missing":null,"inner":{"name":"a","tags":["x","y"]},"list":[{"name":"b","tags":[]}],"empty":[]}"#
        )
    }

    @Test("pretty printing indents by two spaces and keeps empty containers on one line")
    func pretty() throws {
        let expected = """
            {
              "name": "a",
              "tags": [
                "x",
                "y"
              ],
              "none": [],
              "object": {}
            }
            """
        struct Value: Encodable {
            struct Empty: Encodable {
                func encode(to encoder: any Encoder) throws {
                    _ = encoder.container(keyedBy: JSONBytesEncoderTests.Key.self)
                }
            }
            var name = "a"
            var tags = ["x", "y"]
            var none: [Int] = []
            var object = Empty()
        }
        #expect(try encoded(Value(), pretty: true) == expected)
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test(
        "strings: quotes, backslashes and control characters escaped, the rest as UTF-8",
        arguments: [
            ("plain", #""plain""#),
            ("", #""""#),
            ("a\"b\\c", #""a\"b\\c""#),
            ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
            ("\u{00}\u{01}\u{1F}", #""\u0000\u0001\u001f""#),
            ("é日🎉/", "\"é日🎉/\""),
            (
                "a long run of ordinary text then \"quoted\" and more ordinary text",
                #""a long run of ordinary text then \"quoted\" and more ordinary text""#
            ),
        ]
    )
    func strings(_ text: String, _ expected: String) throws {
        #expect(try encoded(text) == expected)
        #expect(try encoded([text: 1]) == "{\(expected):1}")
    }

    @Test("encodeIfPresent leaves a nil out; a key encoded twice keeps its place and its last value")
    func optionalsAndRepeats() throws {
        struct Value: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: Key("a"))
                try container.encodeIfPresent(String?.none, forKey: Key("skipped"))
                try container.encode(2, forKey: Key("b"))
                try container.encode("again", forKey: Key("a"))
            }
        }
        #expect(try encoded(Value()) == #"{"a":"again","b":2}"#)
    }

    @Test("numbers of every width, and non-finite numbers refused with their coding path")
    func numbers() throws {
        #expect(try encoded([Int64.min]) == "[-9223372036854775808]")
        #expect(try encoded([UInt64.max]) == "[18446744073709551615]")
        #expect(try encoded([UInt8(255)]) == "[255]")
        #expect(try encoded([1.5, -0.0]) == "[1.5,-0.0]")
        #expect(try encoded([Float(0.5)]) == "[0.5]")

        struct Deep: Encodable {
            var values: [String: [Double]]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                var list = container.nestedUnkeyedContainer(forKey: Key("values"))
                try list.encode(1.0)
                try list.encode(Double.nan)
            }
        }
        do {
            _ = try encoded(Deep(values: [:]))
            Issue.record("a NaN was encoded")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["values", "1"])
        }
        #expect(throws: EncodingError.self) { try encoded(["x": Double.infinity]) }
    }

    @Test("codingPath as a value's encode(to:) sees it")
    func codingPaths() throws {
        final class Recorder: @unchecked Sendable {
            var paths: [[String]] = []
        }
        struct Leaf: Encodable {
            let recorder: Recorder
            func encode(to encoder: any Encoder) throws {
                recorder.paths.append(encoder.codingPath.map(\.stringValue))
                var container = encoder.singleValueContainer()
                recorder.paths.append(container.codingPath.map(\.stringValue))
                try container.encode("leaf")
            }
        }
        struct Root: Encodable {
            let recorder: Recorder
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key("a"))
                recorder.paths.append(nested.codingPath.map(\.stringValue))
                try nested.encode(Leaf(recorder: recorder), forKey: Key("b"))
                var list = container.nestedUnkeyedContainer(forKey: Key("c"))
                try list.encode(0)
                try list.encode(Leaf(recorder: recorder))
            }
        }
        let recorder = Recorder()
        #expect(try encoded(Root(recorder: recorder)) == #"{"a":{"b":"leaf"},"c":[0,"leaf"]}"#)
        #expect(recorder.paths == [["a"], ["a", "b"], ["a", "b"], ["c", "1"], ["c", "1"]])
    }

    @Test("super encoders write under \"super\" or their key")
    func superEncoders() throws {
        struct Value: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(true, forKey: Key("own"))
                var single = container.superEncoder().singleValueContainer()
                try single.encode("base")
                var keyed = container.superEncoder(forKey: Key("parent")).unkeyedContainer()
                try keyed.encode(1)
                var list = container.nestedUnkeyedContainer(forKey: Key("list"))
                var element = list.superEncoder().singleValueContainer()
                try element.encodeNil()
            }
        }
        #expect(try encoded(Value()) == #"{"own":true,"super":"base","parent":[1],"list":[null]}"#)
    }

    @Test("a payload's JSON is copied as written: numbers and escapes keep their spelling")
    func payloadValues() throws {
        let document = try JSONDocument(jsonString: #"{"n":1.50,"big":1.0E+2,"s":"\u00e9"}"#)
        #expect(try encoded(document) == #"{"n":1.50,"big":1.0E+2,"s":"\u00e9"}"#)
        #expect(try encoded(["payload": document.root]) == #"{"payload":{"n":1.50,"big":1.0E+2,"s":"\u00e9"}}"#)
        let optional: JSONValue? = document.root["n"]
        #expect(try encoded([optional]) == "[1.50]")
    }

    // MARK: Containers used out of order

    /// Values that keep a container and write to it after a sibling or a child, write one value twice,
    /// or ask for their container twice: `Encodable` allows all of it.
    private struct Unordered: Encodable {
        let use: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            switch use {
            case 0:  // a nested container written to after a sibling
                var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key("b"))
                try container.encode(1, forKey: Key("c"))
                try nested.encode(2, forKey: Key("d"))
            case 1:  // an array written to after its parent went on
                var list = container.nestedUnkeyedContainer(forKey: Key("list"))
                try list.encode(1)
                try container.encode(true, forKey: Key("after"))
                try list.encode(2)
            case 2:  // a single value written twice
                var single = container.superEncoder(forKey: Key("s")).singleValueContainer()
                try single.encode("first")
                try single.encode("second")
            case 3:  // a super encoder kept and written to after another member
                let kept = container.superEncoder()
                try container.encode("x", forKey: Key("x"))
                var single = kept.singleValueContainer()
                try single.encode(5)
            case 4:  // the same keyed container asked for twice, before and after members
                try container.encode(1, forKey: Key("one"))
                var again = encoder.container(keyedBy: Key.self)
                try again.encode(2, forKey: Key("two"))
            default:  // the same keyed container asked for twice before any member
                var again = encoder.container(keyedBy: Key.self)
                try again.encode(2, forKey: Key("two"))
                try container.encode(1, forKey: Key("one"))
            }
        }
    }

    @Test("containers used out of order: members keep their first place and their last value", arguments: 0..<6)
    func unordered(_ use: Int) throws {
        let expected = [
            #"{"b":{"d":2},"c":1}"#, #"{"list":[1,2],"after":true}"#, #"{"s":"second"}"#, #"{"super":5,"x":"x"}"#,
            #"{"one":1,"two":2}"#, #"{"two":2,"one":1}"#,
        ]
        #expect(try encoded(Unordered(use: use)) == expected[use])
    }

    @Test("a super encoder or a value that writes nothing is null")
    func nothingWritten() throws {
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        struct Value: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                _ = container.superEncoder()
                try container.encode(Nothing(), forKey: Key("nothing"))
                var list = container.nestedUnkeyedContainer(forKey: Key("list"))
                try list.encode(Nothing())
                _ = list.superEncoder()
                _ = container.superEncoder(forKey: Key("last"))
            }
        }
        #expect(try encoded(Value()) == #"{"super":null,"nothing":null,"list":[null,null],"last":null}"#)
        #expect(try encoded(Nothing()) == "null")
    }
}
