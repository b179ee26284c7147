import Foundation
import PushPayloads
import PushPayloadsTestSupport
import PushRequests
import Testing

// The main snippet of `Sources/PushRequests/Docs.docc/CheckingAPushBeforeYouSendIt.md`, compiled. Keep the
// two the same: `CheckingArticleTests.snippetsAreThisCode` compares them.

/// The errors that made a push unfit to send.
struct RefusedPush: Error {
    var errors: [PushFinding]
}

/// Checks an FCM HTTP v1 body before it is sent: refuses it when a check finds an error, logs the
/// warnings, and returns the inspection as JSON, for the caller's records.
func checkBeforeSending(_ body: [UInt8], log: (String) -> Void) throws -> [UInt8] {
    // Bytes that are not JSON throw a PushPayloadError; a body that is not {"message": {…}} is an error.
    let request = try PushSendRequest(jsonBytes: body, kind: .fcmV1)
    let inspection = PushInspector().inspect(request)

    let errors = inspection.findings.filter { $0.severity == .error }
    guard errors.isEmpty else { throw RefusedPush(errors: errors) }
    for warning in inspection.findings where warning.severity == .warning {
        log(warning.description)
    }
    return try JSONBytesEncoder().encode(inspection)
}

// End of the snippet.

@Suite("The article \"Checking a push before you send it\"")
struct CheckingArticleTests {
    static let articlePath = "Sources/PushRequests/Docs.docc/CheckingAPushBeforeYouSendIt.md"

    static func article() throws -> String { try DocCArticle(articlePath).text }

    /// The article's code blocks of `language`, in order.
    static func codeBlocks(_ language: String) throws -> [String] { try DocCArticle(articlePath).codeBlocks(language) }

    /// The body the article sends: an Exponea push with a button, meant to be silent.
    static let body = Array(
        #"""
        {"message": {
          "token": "fcm-registration-token",
          "notification": {"title": "Winter sale", "body": "Up to 50% off coats"},
          "data": {"source": "xnpe_platform", "title": "Winter sale", "message": "Up to 50% off coats",
                   "silent": "true", "actions": "[{\"title\":\"Shop now\",\"action\":\"app\"}]"},
          "apns": {"headers": {"apns-push-type": "alert"}}
        }}
        """#.utf8
    )

    @Test("the article's Swift is the code in this file, which compiles")
    func snippetsAreThisCode() throws {
        let blocks = try Self.codeBlocks("swift")
        #expect(blocks.count == 2)
        let thisFile = DocCArticle.normalized(try String(contentsOfFile: #filePath, encoding: .utf8))
        for block in blocks {
            #expect(thisFile.contains(DocCArticle.normalized(block)), "\(block)")
        }
        #expect(blocks.first?.contains("import PushPayloads\nimport PushRequests") == true)
    }

    @Test("the article's body is the one tested here")
    func bodyIsThisOne() throws {
        let json = try #require(try Self.codeBlocks("json").first)
        #expect(json == String(decoding: Self.body, as: UTF8.self))
    }

    @Test("the body is sent, with the warnings the article shows")
    func warnings() throws {
        var logged: [String] = []
        let json = try checkBeforeSending(Self.body) { logged.append($0) }
        #expect(
            logged == [
                "warning vendor.exponea.silent-flag ios $.message.data.silent: `silent` is the string \"true\": Exponea's iOS SDK reads only the number 1 (or true), so this push is not silent on iOS",
                "warning vendor.exponea.actions ios $.message.data.actions: `actions` is not an array of objects of strings: Exponea's iOS SDK handles no button tap",
                "warning platform.divergence $: it is shown on iOS and silent on Android; iOS has 0 button(s), Android 1 (only if Android devices receive the request, which does not say it goes to them)",
            ]
        )
        let article = try Self.article()
        for line in logged { #expect(article.contains(line), "\(line)") }

        let root = try JSONDocument(jsonBytes: json).rootObject
        #expect(root["kind"]?.stringValue == "fcm_v1")
        #expect(root["deliveries"]?.arrayValue?.count == 2)
    }

    @Test("each platform reads the delivery as the article says")
    func platforms() throws {
        var lines: [String] = []
        func print(_ line: String) { lines.append(line) }
        let body = Self.body

        let inspection = PushInspector().inspect(try PushSendRequest(jsonBytes: body, kind: .fcmV1))
        for delivery in inspection.deliveries {
            let classification = delivery.classification
            print(
                "\(delivery.platform): \(classification.vendor?.name ?? "nobody"), "
                    + "\(classification.isSilent ? "silent" : "shown"), "
                    + "\(delivery.notification.buttons.count) button(s)"
            )
        }

        #expect(lines == ["ios: exponea, shown, 0 button(s)", "android: exponea, silent, 1 button(s)"])
        let article = try Self.article()
        for line in lines { #expect(article.contains(line), "\(line)") }
    }

    @Test(
        "the article's two fixes leave no error and no warning about the platforms",
        arguments: [
            #"""
            {"message": {"token": "t", "notification": {"title": "Winter sale", "body": "Up to 50% off coats"},
              "data": {"source": "xnpe_platform", "title": "Winter sale", "message": "Up to 50% off coats",
                       "actions": "[{\"title\":\"Shop now\",\"action\":\"app\"}]"},
              "apns": {"headers": {"apns-push-type": "alert"},
                       "payload": {"actions": [{"title": "Shop now", "action": "app"}]}}}}
            """#,
            #"""
            {"message": {"token": "t",
              "data": {"source": "xnpe_platform", "title": "Winter sale", "message": "Up to 50% off coats",
                       "silent": "true"},
              "apns": {"headers": {"apns-push-type": "background", "apns-priority": "5"},
                       "payload": {"aps": {"content-available": 1}, "silent": 1}}}}
            """#,
        ]
    )
    func fixes(_ json: String) throws {
        var logged: [String] = []
        _ = try checkBeforeSending(Array(json.utf8)) { logged.append($0) }
        #expect(logged == [])
        let inspection = PushInspector().inspect(try PushSendRequest(jsonString: json))
        let readings = inspection.deliveries.map {
            [$0.classification.isSilent ? 1 : 0, $0.notification.buttons.count]
        }
        #expect(readings[0] == readings[1])
    }

    @Test("a body with an error is refused, with the finding the article shows")
    func refused() throws {
        let body = Array(
            #"{"message": {"token": "t", "notification": {"title": "Sale"}, "data": {"badge": 3}}}"#.utf8
        )
        #expect {
            _ = try checkBeforeSending(body) { _ in }
        } throws: { error in
            guard let refused = error as? RefusedPush else { return false }
            return refused.errors.map(\.description) == [
                "error fcm.data.object $.message.data.badge: `badge` is a number; every value must be a string (send 3 as text)"
            ]
        }
        #expect(
            try Self.article().contains(
                "error fcm.data.object $.message.data.badge: `badge` is a number; every value must be a string (send 3 as text)"
            )
        )
    }

    @Test("bytes that are not JSON throw before any check")
    func notJSON() {
        #expect(throws: PushPayloadError.self) {
            _ = try checkBeforeSending(Array(#"{"message": "#.utf8)) { _ in }
        }
    }
}
