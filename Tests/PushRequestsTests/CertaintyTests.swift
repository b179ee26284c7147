import PushPayloads
import PushRequests
import Testing

/// Each rule on both sides of the certainty line: a finding that holds only if a device of its platform
/// receives the request is at most a warning and says so; told the platform, the checker makes it
/// certain at the rule's severity; told another, it leaves it out. Findings about the request itself
/// (``PushCheckRule/Scope/request``) are certain whatever the checker is told.
@Suite("Certainty: what a finding needs to hold")
struct CertaintyTests {
    static let platforms: [PushPlatform] = [.ios, .android, .web]

    static func findings(_ json: String, platforms: Set<PushPlatform> = []) throws -> [PushFinding] {
        PushChecker(platforms: platforms).check(try PushSendRequest(jsonString: json))
    }

    /// The finding a case expects, among `findings`.
    static func matches(_ ruleCase: RuleCase, in findings: [PushFinding]) -> [PushFinding] {
        findings.filter { $0.rule.id == ruleCase.rule && $0.platform == ruleCase.platform }
    }

    @Test("told the finding's platform, the checker makes it certain, at the rule's severity", arguments: ruleCases)
    func certainOnItsPlatform(_ ruleCase: RuleCase) throws {
        let told: Set<PushPlatform> = ruleCase.platform.map { [$0] } ?? Set(Self.platforms)
        let matches = Self.matches(ruleCase, in: try Self.findings(ruleCase.trips, platforms: told))
        try #require(matches.count == 1, "\(matches)")
        #expect(matches[0].isCertain)
        #expect(matches[0].severity == matches[0].rule.severity)
        #expect(!matches[0].message.contains("only if"))
        // The close input stays clean on that side of the line too.
        let nearMiss = try Self.findings(ruleCase.nearMiss, platforms: told)
        #expect(!nearMiss.contains { $0.rule.id == ruleCase.rule }, "\(nearMiss)")
    }

    @Test(
        "told other platforms, a device finding about an FCM body is left out; a request finding stays",
        arguments: ruleCases
    )
    func otherPlatforms(_ ruleCase: RuleCase) throws {
        let request = try PushSendRequest(jsonString: ruleCase.trips)
        guard let platform = ruleCase.platform else { return }
        let others = Set(Self.platforms).subtracting([platform])
        let matches = Self.matches(ruleCase, in: PushChecker(platforms: others).check(request))
        let rule = try #require(PushCheckRule.all.first { $0.id == ruleCase.rule })
        let isFCM = request.kind == .fcmV1 || request.kind == .fcmLegacy
        if rule.scope == .device && isFCM {
            #expect(matches.isEmpty, "\(matches)")
        } else {
            // A request finding, or a payload or APNs request, which is for its platform whatever is said.
            #expect(matches.count == 1 && matches.allSatisfy(\.isCertain), "\(matches)")
        }
    }

    @Test(
        "an uncertain finding is at most a warning, and its message says which devices it needs",
        arguments: ruleCases
    )
    func uncertainIsAWarning(_ ruleCase: RuleCase) throws {
        for finding in try Self.findings(ruleCase.trips) where !finding.isCertain {
            #expect(finding.rule.scope == .device, "\(finding)")
            #expect(finding.severity <= .warning, "\(finding)")
            #expect(finding.message.contains("only if") && finding.message.contains("devices receive"), "\(finding)")
        }
    }

    @Test("every device rule trips certain somewhere, and the uncertain cases are device rules")
    func bothSides() throws {
        let certainRules = Set(ruleCases.filter(\.isCertain).map(\.rule))
        #expect(Set(PushCheckRule.all.map(\.id)).subtracting(certainRules).sorted() == [])
        for ruleCase in ruleCases where !ruleCase.isCertain {
            let rule = try #require(PushCheckRule.all.first { $0.id == ruleCase.rule })
            #expect(rule.scope == .device, "\(rule)")
        }
        // Both kinds of rule have uncertain cases' counterparts: FCM's own and the vendors' and Apple's.
        #expect(
            Set(ruleCases.filter { !$0.isCertain }.map { $0.rule.split(separator: ".")[0] }) == [
                "apns", "fcm", "vendor", "platform",
            ]
        )
    }

    @Test("the issue's data message: no error to a token without an apns block, an error with one and priority 10")
    func dataMessage() throws {
        let android = #"{"message":{"token":"t","data":{"k":"v"},"android":{"priority":"high"}}}"#
        let findings = try Self.findings(android)
        #expect(!findings.contains { $0.severity == .error }, "\(findings)")
        let priority = try #require(findings.first { $0.rule.id == "fcm.apns.data-only-priority" })
        #expect(!priority.isCertain && priority.severity == .warning)
        #expect(
            priority.message.hasSuffix(
                "(only if Apple devices receive the request, which does not say it goes to them)"
            )
        )

        let apple = #"{"message":{"token":"t","data":{"k":"v"},"apns":{"headers":{"apns-priority":"10"}}}}"#
        let error = try #require(try Self.findings(apple).first { $0.rule.id == "fcm.apns.data-only-priority" })
        #expect(error.isCertain && error.severity == .error)

        // Told the token is an Android device's, the checker says nothing about Apple devices.
        let told = try Self.findings(android, platforms: [.android])
        #expect(!told.contains { $0.platform == .ios }, "\(told)")
        // Told it is an Apple device's, the same message is refused.
        let toldApple = try Self.findings(android, platforms: [.ios])
        #expect(toldApple.contains { $0.rule.id == "fcm.apns.data-only-priority" && $0.severity == .error })
    }

    @Test("a rule that holds on every platform the request may reach is certain without a block")
    func holdsEverywhere() throws {
        let findings = try Self.findings(#"{"message":{"token":"t","data":{"source":"XNPE_PLATFORM"}}}"#)
        let source = findings.filter { $0.rule.id == "vendor.exponea.source" }
        #expect(Set(source.compactMap(\.platform)) == [.ios, .android])
        #expect(source.allSatisfy { $0.isCertain && $0.severity == .error }, "\(source)")
    }

    @Test("an android block makes Android certain, a webpush block the web")
    func blocks() throws {
        let body = #"{"message":{"token":"t","data":{"source":"xnpe_platform","title":" ","message":""},"android":{}}}"#
        let notShown = try #require(try Self.findings(body).first { $0.rule.id == "vendor.exponea.not-shown" })
        #expect(notShown.isCertain)
        let web =
            #"{"message":{"token":"t","notification":{"title":"T"},"webpush":{"fcm_options":{"link":"http://x.example"}}}}"#
        #expect(try Self.findings(web).first { $0.rule.id == "fcm.webpush.link" }?.isCertain == true)
    }

    @Test("the inspector leaves out the deliveries to platforms it is told the request does not reach")
    func inspector() throws {
        let request = try PushSendRequest(jsonString: #"{"message":{"token":"t","data":{"k":"v"}}}"#)
        #expect(PushInspector().inspect(request).deliveries.map(\.platform) == [.ios, .android])
        let android = PushInspector(platforms: [.android]).inspect(request)
        #expect(android.deliveries.map(\.platform) == [.android])
        #expect(!android.findings.contains { $0.platform == .ios })
        // A payload is for its platform whatever the inspector is told.
        let payload = try PushSendRequest(jsonString: #"{"aps":{"alert":"Hi"}}"#)
        #expect(PushInspector(platforms: [.android]).inspect(payload).deliveries.map(\.platform) == [.ios])
        // `data` applies to every platform: told the web receives it, the web has its delivery (issue 37).
        #expect(request.deliveries(to: [.web]).map(\.platform) == [.web])
    }

    @Test("every rule has a scope, and certain findings are encoded with certain: true")
    func encoding() throws {
        let finding = try #require(try Self.findings(#"{"message":{"token":"t","data":{"k":"v"}}}"#).first)
        let json = String(decoding: try JSONBytesEncoder().encode(finding), as: UTF8.self)
        #expect(json.hasSuffix(#","certain":false}"#), "\(json)")
        #expect(PushCheckRule.all.filter { $0.scope == .device }.count == 47)
    }
}
