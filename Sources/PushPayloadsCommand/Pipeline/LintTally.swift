import PushPayloads
import PushRequests

/// Counts for `lint`: inputs, findings per rule and severity, and inputs that could not be read. A value
/// each worker fills for its batch; the consumer merges them in input order.
struct LintTally: Sendable {
    var inputs = 0
    /// Counts by rule id and severity: a rule's uncertain findings are warnings beside its certain errors.
    var findings: [FindingKey: Int] = [:]
    var errors: [String: Int] = [:]
    /// Inputs that could not be opened or listed, which have no record (``LineBatch/unreadableInputs``).
    var unreadableInputs = 0

    mutating func count(_ finding: PushFinding) {
        findings[FindingKey(rule: finding.rule.id, severity: finding.severity), default: 0] += 1
    }

    mutating func countError(_ code: PushPayloadError.Code) {
        errors[code.name, default: 0] += 1
    }

    mutating func merge(_ other: LintTally) {
        inputs += other.inputs
        unreadableInputs += other.unreadableInputs
        for (key, count) in other.findings { findings[key, default: 0] += count }
        for (code, count) in other.errors { errors[code, default: 0] += count }
    }

    /// Error-level findings and unreadable inputs: what makes `lint` exit 1.
    var errorCount: Int {
        findings.filter { $0.key.severity == .error }.values.reduce(0, +) + errors.values.reduce(0, +)
    }

    /// The summary on stderr: totals, then each rule with its count, errors first.
    func summary(inputCount: Int, seconds: Double) -> String {
        let total = findings.values.reduce(0, +)
        let unreadable = errors.values.reduce(0, +)
        var text = "\(inputs) payloads and requests: \(total) findings, \(unreadable) unreadable"
        text += " (\(inputCount) input\(inputCount == 1 ? "" : "s"), "
        // "of them": the count before the parenthesis is of payloads that could not be read.
        if unreadableInputs > 0 { text += "\(unreadableInputs) of them unreadable, " }
        text += "\(ProgressReporter.formatFixed(seconds, decimals: 1)) s)\n"
        let rows = findings.sorted { ($1.key.severity, $0.key.rule) < ($0.key.severity, $1.key.rule) }
        if !rows.isEmpty {
            let width = max(rows.map(\.key.rule.count).max() ?? 0, "rule".count)
            text += "  " + "rule".padded(width) + "  severity  count\n"
            for (key, count) in rows {
                text += "  " + key.rule.padded(width) + "  " + key.severity.rawValue.padded(8) + "  \(count)\n"
            }
        }
        for (code, count) in errors.sorted(by: { $0.key < $1.key }) {
            text += "  unreadable: \(code)  \(count)\n"
        }
        return text
    }
}

/// A row of the summary: a rule at one severity.
struct FindingKey: Hashable, Sendable {
    var rule: String
    var severity: PushSeverity
}

extension String {
    fileprivate func padded(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
