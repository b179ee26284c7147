import Foundation
import Testing

/// The Apple stand-ins (`Tests/AppleSDKStandIns`) may declare only names Apple declares: a name Apple does not have
/// (an invented handler type alias, say) type-checks here and fails in Xcode. Every public name the stand-ins declare
/// must appear in a declaration MIRRORS.md quotes from Apple's documentation.
@Suite("Apple stand-ins declare only what MIRRORS.md quotes from Apple")
struct AppleStandInMirrorTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("AppleSDKStandIns")

    static let standIns = ["UserNotifications.swift", "UIKit.swift"]

    /// A declared name: the word after a declaration keyword (`func`, `var`, `case`, …; `class var` and `static let`
    /// as one), backquotes removed.
    static func names(in line: Substring) throws -> [String] {
        let declaration = try Regex(
            #"\b(?:(?:class|static)\s+(?=var|let|func))?(?:class|struct|enum|protocol|typealias|func|var|let|case)\s+`?(\w+)`?"#
        )
        return line.matches(of: declaration).compactMap { match in match.output[1].substring.map(String.init) }
    }

    /// The names the stand-in source declares publicly: declarations marked `public` or `open`, requirements of public
    /// protocols and cases of public enums (which carry no modifier of their own).
    static func publicNames(inSource source: String) throws -> Set<String> {
        var names = Set<String>()
        var publicBlockDepth: Int?
        var depth = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let isPublic = code.contains("public ") || code.contains("open ")
            if isPublic || (publicBlockDepth.map { depth == $0 + 1 } ?? false) {
                names.formUnion(try Self.names(in: code))
            }
            if publicBlockDepth == nil, isPublic, code.contains("protocol ") || code.contains("enum ") {
                publicBlockDepth = depth
            }
            depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
            if let start = publicBlockDepth, depth <= start, code.contains("}") { publicBlockDepth = nil }
        }
        return names
    }

    /// The names declared in MIRRORS.md's quoted declarations (its ```swift blocks).
    static func quotedNames(inMirrors text: String) throws -> Set<String> {
        var names = Set<String>()
        var inBlock = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") {
                inBlock = line == "```swift"
                continue
            }
            if inBlock { names.formUnion(try Self.names(in: line)) }
        }
        return names
    }

    static func read(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("Every public name of the stand-in is quoted in MIRRORS.md", arguments: standIns)
    func everyNameIsQuoted(standIn: String) throws {
        let declared = try Self.publicNames(inSource: try Self.read(standIn))
        let quoted = try Self.quotedNames(inMirrors: try Self.read("MIRRORS.md"))
        #expect(declared.count > 10, "the scan found too few declarations in \(standIn)")
        let unquoted = declared.subtracting(quoted).sorted()
        #expect(unquoted.isEmpty, "\(standIn) declares names MIRRORS.md quotes from no Apple declaration: \(unquoted)")
    }

    @Test("The scan sees what an invented name looks like")
    func scanFindsInventedNames() throws {
        let source = """
            public typealias UNContentHandler = (UNNotificationContent) -> Void
            public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
                func userNotificationCenter(_ center: UNUserNotificationCenter)
                func invented()
            }
            public enum UIBackgroundFetchResult: UInt {
                case newData = 0
                case madeUp = 3
            }
            let storedTitle = ""
            """
        let quoted = try Self.quotedNames(
            inMirrors: """
                ```swift
                optional func userNotificationCenter(_ center: UNUserNotificationCenter)
                protocol UNUserNotificationCenterDelegate : NSObjectProtocol
                enum UIBackgroundFetchResult : UInt, Sendable
                case newData = 0
                ```
                """
        )
        #expect(
            try Self.publicNames(inSource: source).subtracting(quoted)
                == ["UNContentHandler", "invented", "madeUp"]
        )
    }
}
