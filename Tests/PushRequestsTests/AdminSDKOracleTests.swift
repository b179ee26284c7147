import PushPayloads
import PushRequests
import Testing

/// The checker against the Admin SDKs' own tests (``AdminSDKCase``): what they send gets no error, what
/// they and the server refuse gets a finding at the field they object to, and what only they refuse gets
/// no error.
@Suite("Oracle: the Firebase Admin SDKs' tests")
struct AdminSDKOracleTests {
    static func findings(_ ruleCase: AdminSDKCase) throws -> [PushFinding] {
        PushChecker().check(try PushSendRequest(jsonString: #"{"message":"# + ruleCase.message + "}"))
    }

    @Test("a message the SDKs send gets no error", arguments: adminSDKAccepted)
    func accepted(_ ruleCase: AdminSDKCase) throws {
        let errors = try Self.findings(ruleCase).filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test(
        "a message the SDKs refuse gets a finding at the refused field, an error where the server refuses it",
        arguments: adminSDKRefused
    )
    func refused(_ ruleCase: AdminSDKCase) throws {
        guard case .refused(let rule, let path) = ruleCase.verdict else { return }
        let findings = try Self.findings(ruleCase)
        let match = findings.first { $0.rule.id == rule && $0.path == path }
        #expect(match != nil, "\(findings)")
        #expect(match.map { $0.severity == $0.rule.severity } ?? false, "\(findings)")
    }

    @Test("a message only an SDK refuses (the server accepts it) gets no error", arguments: adminSDKServerAccepts)
    func serverAccepts(_ ruleCase: AdminSDKCase) throws {
        let errors = try Self.findings(ruleCase).filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test("every new FCM v1 rule is met by the oracle")
    func coverage() {
        let rules = Set(
            adminSDKRefused.compactMap { ruleCase -> String? in
                guard case .refused(let rule, _) = ruleCase.verdict else { return nil }
                return rule
            }
        )
        for rule in [
            "fcm.block.object", "fcm.android.fields", "fcm.android.notification.fields",
            "fcm.android.notification.priority-field", "fcm.android.notification.visibility",
            "fcm.android.notification.proxy", "fcm.android.notification.event-time",
            "fcm.android.notification.light-settings", "fcm.android.notification.vibrate-timings",
            "fcm.android.notification.image", "fcm.android.notification.loc-args-without-key",
            "fcm.fcm-options.analytics-label", "fcm.apns.fcm-options.image", "fcm.apns.live-activity-token",
            "fcm.apns.live-activity-token.empty",
            "apns.sound.empty", "apns.alert.launch-image",
        ] {
            #expect(rules.contains(rule), "\(rule)")
        }
    }
}
