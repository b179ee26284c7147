import ArgumentParser
import Foundation
import Testing

@testable import PushPayloadsCommand

/// The values of the command's enum options, as the built binary spells them to a person: in the error for a value
/// it does not take, in `--help`, and in the bash completion script. The command supplies these spellings itself
/// (`OptionValues.swift`) instead of argument-parser's defaults, which interpolate each value; the spellings here are
/// the ones argument-parser's defaults printed, so a supplied spelling that differs (a case name instead of its raw
/// value, a lost or reordered value) fails.
@Suite("Enum options' values as the command spells them")
struct OptionValuesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var command: String
        var option: String
        var values: [String]

        var testDescription: String { "\(command) \(option)" }
    }

    static let kinds = ["device", "apns", "fcm-v1", "fcm-legacy"]
    static let cases: [Case] = [
        Case(command: "classify", option: "--format", values: ["jsonl", "csv", "table", "arrow"]),
        Case(command: "classify", option: "--kind", values: kinds + ["inbox"]),
        Case(command: "classify", option: "--senders", values: ["standard", "all"]),
        Case(command: "classify", option: "--engine", values: ["native", "jansson"]),
        Case(command: "classify", option: "--platform", values: ["ios", "android", "web"]),
        Case(command: "inspect", option: "--kind", values: kinds + ["inbox"]),
        Case(command: "lint", option: "--format", values: ["jsonl", "table"]),
        Case(command: "lint", option: "--severity", values: ["info", "warning", "error"]),
        Case(command: "lint", option: "--kind", values: kinds),
        Case(command: "fit", option: "--kind", values: kinds),
    ]

    /// argument-parser's list: "'a' and 'b'" for two values, "'a', 'b' or 'c'" for more.
    static func spokenList(_ values: [String]) -> String {
        let quoted = values.map { "'\($0)'" }
        if quoted.count == 2 { return "\(quoted[0]) and \(quoted[1])" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    @Test("a value the option does not take is refused with every value it takes", arguments: cases)
    func refusal(_ option: Case) throws {
        let result = try CommandHarness.run([option.command, option.option, "bogus", "/dev/null"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Please provide one of \(Self.spokenList(option.values))."))
    }

    @Test("--help lists the values in order", arguments: cases)
    func help(_ option: Case) throws {
        let help = try CommandHarness.run([option.command, "--help"])
        #expect(help.status == 0)
        let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("(values: \(option.values.joined(separator: ", "))"))
    }

    @Test("the bash completion script offers the values", arguments: cases)
    func completion(_ option: Case) throws {
        let script = try CommandHarness.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        let offered = option.values.map { "'\($0)'" }.joined(separator: "$'\\n'")
        #expect(script.output.contains("__push-payloads_add_completions -W \(offered)"))
    }

    /// An option type that describes one of its values in words, which none of the command's do yet: the spellings
    /// stay the raw values, and the description reaches the help as argument-parser's own default would pass it.
    enum DescribedOption: String, CaseIterable, ExpressibleByArgument {
        case quick
        case thorough

        var defaultValueDescription: String { self == .thorough ? "every check, slower" : rawValue }
    }

    @Test("a value described in words keeps its description; plain values have none")
    func descriptions() {
        #expect(DescribedOption.allValueStrings == ["quick", "thorough"])
        #expect(DescribedOption.allValueDescriptions == ["thorough": "every check, slower"])
        #expect(SeverityOption.allValueStrings == ["info", "warning", "error"])
        #expect(SeverityOption.allValueDescriptions.isEmpty)
        #expect(RequestKindOption.fcmV1.defaultValueDescription == "fcm-v1")
    }
}
