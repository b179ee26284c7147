import PushPayloads
import PushRequests
import Testing

@Suite("Rules: each trips on one input and not on a close one")
struct RuleTableTests {
    static func findings(_ json: String) throws -> [PushFinding] {
        PushChecker().check(try PushSendRequest(jsonString: json))
    }

    @Test("the input has exactly one finding of the rule, with its severity, platform and place", arguments: ruleCases)
    func trips(_ ruleCase: RuleCase) throws {
        let matches = try Self.findings(ruleCase.trips).filter { $0.rule.id == ruleCase.rule }
        try #require(matches.count == 1, "\(matches)")
        let finding = matches[0]
        #expect(ruleCase.severity != nil)
        #expect(finding.severity == ruleCase.severity)
        #expect(finding.isCertain == ruleCase.isCertain)
        #expect(finding.platform == ruleCase.platform)
        switch ruleCase.location {
        case .path(let path):
            #expect(finding.path == path)
            #expect(finding.header == nil)
        case .header(let header):
            #expect(finding.header == header)
            #expect(finding.path == nil)
        }
        #expect(PushCheckRule.all.contains(finding.rule))
        #expect(!finding.message.isEmpty)
    }

    @Test("the close input has no finding of the rule", arguments: ruleCases)
    func nearMiss(_ ruleCase: RuleCase) throws {
        let matches = try Self.findings(ruleCase.nearMiss).filter { $0.rule.id == ruleCase.rule }
        #expect(matches.isEmpty, "\(matches)")
    }

    @Test("every rule in PushCheckRule.all has a case, and every case a rule")
    func everyRuleHasACase() {
        let ids = Set(PushCheckRule.all.map(\.id))
        let covered = Set(ruleCases.map(\.rule))
        #expect(ids.subtracting(covered).sorted() == [], "rules without a case")
        #expect(covered.subtracting(ids).sorted() == [], "cases for no rule")
    }

    @Test("ids are unique and dotted kebab case; every rule says what it checks and where it comes from")
    func ids() {
        let ids = PushCheckRule.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in PushCheckRule.all {
            #expect(rule.id.wholeMatch(of: #/[a-z0-9]+(\.[a-z0-9-]+)+/#) != nil, "\(rule.id)")
            #expect(!rule.summary.isEmpty && !rule.source.isEmpty, "\(rule.id)")
            #expect(rule.description == rule.id)
        }
    }

    @Test("findings come errors first, then warnings, then information", arguments: ruleCases)
    func order(_ ruleCase: RuleCase) throws {
        let severities = try Self.findings(ruleCase.trips).map(\.severity)
        #expect(severities == severities.sorted(by: >))
    }

    @Test("messages name a value's kind with its article", arguments: ruleCases)
    func messages(_ ruleCase: RuleCase) throws {
        for finding in try Self.findings(ruleCase.trips) {
            for wrong in ["a array", "a object", "a bool", "is a null"] {
                #expect(!finding.message.contains(wrong), "\(finding)")
            }
        }
    }
}
