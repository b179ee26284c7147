import Foundation
import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRequests
import Testing

@_spi(Writers) @testable import PushPayloadsCommand

/// The escapers every output format relies on.
@Suite("Output escaping")
struct EscapingTests {
    static func json(_ text: String) -> String {
        let output = OutputBuffer()
        output.appendJSONString(text)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    static func csv(_ text: String) -> String {
        let output = OutputBuffer()
        output.appendCSVField(text)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    @Test("JSON strings: quotes, backslashes and control characters are escaped")
    func jsonEscapes() {
        #expect(Self.json("") == #""""#)
        #expect(Self.json("plain") == #""plain""#)
        #expect(Self.json("say \"hi\"") == #""say \"hi\"""#)
        #expect(Self.json(#"C:\dir"#) == #""C:\\dir""#)
        #expect(Self.json("a\nb\rc\td\u{8}e\u{C}f") == #""a\nb\rc\td\be\ff""#)
        #expect(Self.json("\u{0}\u{1}\u{1F}") == #""\u0000\u0001\u001f""#)
        #expect(Self.json("/ é 💐 \u{7F} \u{2028}") == "\"/ é 💐 \u{7F} \u{2028}\"", "the rest is copied as UTF-8")
    }

    @Test(
        "JSON strings round-trip through a JSON parser",
        arguments: [
            "", "x", "\"\\\"\\", String((0..<32).map { Character(Unicode.Scalar($0)!) }),
            "tab\tnew\nline ünï 🎉 \u{0}",
            String(repeating: "ab\"c\\", count: 1000),
        ]
    )
    func jsonRoundTrip(_ text: String) throws {
        let decoded = try JSONSerialization.jsonObject(with: Data(Self.json(text).utf8), options: [.fragmentsAllowed])
        #expect(decoded as? String == text)
    }

    @Test("CSV fields are quoted only when they must be, with quotes doubled")
    func csvFields() {
        #expect(Self.csv("") == "")
        #expect(Self.csv("plain text") == "plain text")
        #expect(Self.csv("a,b") == "\"a,b\"")
        #expect(Self.csv("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(Self.csv("\"") == "\"\"\"\"")
        #expect(Self.csv("two\nlines") == "\"two\nlines\"")
        #expect(Self.csv("cr\r") == "\"cr\r\"")
        #expect(Self.csv(" é 🎉 ") == " é 🎉 ")
    }

    @Test("CSV fields round-trip through an RFC 4180 reader", arguments: ["a,\"b\"\r\nc", "\"\"", ",", "x"])
    func csvRoundTrip(_ text: String) throws {
        #expect(try CSV.parse(Self.csv(text) + "\r\n") == [[text]])
    }

    @Test("integers are written in decimal", arguments: [0, 7, 10, 99, 123_456_789, -1, -42, Int.max, Int.min])
    func decimals(_ value: Int) {
        let output = OutputBuffer()
        output.appendDecimal(value)
        #expect(String(decoding: output.bytes, as: UTF8.self) == String(value))
    }

    @Test("table cells are cut to their width in terminal columns")
    func tableCells() {
        #expect(TableRecordWriter.fit("short", width: 10) == ("short", 5))
        #expect(TableRecordWriter.fit("exactly10!", width: 10) == ("exactly10!", 10))
        #expect(TableRecordWriter.fit("much too long", width: 8) == ("much to…", 8))
        #expect(TableRecordWriter.fit("dir/sub/file.jsonl", width: 10, keepingEnd: true) == ("…ile.jsonl", 10))
        #expect(TableRecordWriter.fit("a\tb\nc", width: 10) == ("a b c", 5), "control characters show as spaces")
        #expect(TableRecordWriter.fit("日本語テキスト", width: 7) == ("日本語…", 7), "wide characters take two columns")
        #expect(TableRecordWriter.fit("anything", width: 0) == ("", 0))
    }

    @Test("the summary counts vendors and error codes")
    func summaryText() {
        var tally = Tally()
        tally.countDecoded(vendor: .swrve, isSilent: true)
        tally.countDecoded(vendor: .swrve, isSilent: false)
        tally.countDecoded(vendor: nil, isSilent: false)
        tally.countError(.init(name: "invalid_json"))
        var other = Tally()
        other.countError(.init(name: "invalid_json"))
        other.countDecoded(vendor: .cordial, isSilent: false)
        tally.merge(other)
        #expect(tally.payloads == 6 && tally.errors == 2 && tally.silent == 1)
        let text = tally.summary(precedence: [.exponea, .atomic, .swrve, .cordial], inputs: 1, seconds: 0)
        #expect(text.hasPrefix("6 payloads: 4 ok, 2 errors"))
        #expect(text.contains("\n  swrve                2       1        1\n"))
        #expect(text.contains("\n  exponea              0       0        0\n"))
        #expect(text.contains("\n  all ok               4       1        3\n"))
        #expect(text.contains("\n  invalid_json         2\n"))
        #expect(text.hasPrefix("6 payloads: 4 ok, 2 errors (1 input, 0 B)\n"), "no unreadable count when none")
        tally.unreadableInputs = 1
        other.unreadableInputs = 2
        tally.merge(other)
        let unreadable = tally.summary(precedence: [.exponea, .atomic, .swrve, .cordial], inputs: 5, seconds: 0)
        #expect(unreadable.hasPrefix("8 payloads: 5 ok, 3 errors (5 inputs, 3 unreadable, 0 B)\n"))
        #expect(Tally.grouped(1_234_567) == "1,234,567" && Tally.grouped(999) == "999")
    }
}
