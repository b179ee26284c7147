import PushPayloads

/// Counts of classified payloads: per vendor (silent and visible) and per error code.
///
/// Each batch keeps its own tally, which the writer merges, so counting needs no locks. Vendors are few,
/// so they live in a small array searched linearly.
struct Tally: Sendable {
    struct VendorCount: Sendable {
        var name: String
        var total = 0
        var silent = 0
    }

    var payloads = 0
    var errors = 0
    var silent = 0
    /// Input bytes accounted for.
    var bytes = 0
    /// Inputs that started with a UTF-8 byte-order mark, which was skipped.
    var byteOrderMarks = 0
    /// Inputs that could not be opened or listed, which have no record (``LineBatch/unreadableInputs``).
    var unreadableInputs = 0
    /// Per vendor, in first-seen order; `unknown` for unrecognised payloads.
    var vendors: [VendorCount] = []
    /// Payloads per error code.
    var errorCodes: [String: Int] = [:]

    static let unknownVendor = "unknown"

    mutating func countDecoded(vendor: PushVendor?, isSilent: Bool) {
        payloads += 1
        let silentCount = isSilent ? 1 : 0
        silent += silentCount
        if let vendor {
            add(vendor.name, total: 1, silent: silentCount)
        } else {
            add(Self.unknownVendor, total: 1, silent: silentCount)
        }
    }

    mutating func countError(_ code: PushPayloadError.Code) {
        payloads += 1
        errors += 1
        errorCodes[code.name, default: 0] += 1
    }

    mutating func merge(_ other: Tally) {
        payloads += other.payloads
        errors += other.errors
        silent += other.silent
        bytes += other.bytes
        byteOrderMarks += other.byteOrderMarks
        unreadableInputs += other.unreadableInputs
        for vendor in other.vendors { add(vendor.name, total: vendor.total, silent: vendor.silent) }
        errorCodes.merge(other.errorCodes, uniquingKeysWith: +)
    }

    /// Adds to the counts of the vendor named `name`. The name is compared where it is, and copied only for a vendor
    /// not seen before: a count made for every payload retained and released it (callgrind, 56 instructions a push
    /// line).
    private mutating func add(_ name: borrowing String, total: Int, silent: Int) {
        for index in vendors.indices where vendors[index].name == name {
            vendors[index].total += total
            vendors[index].silent += silent
            return
        }
        vendors.append(VendorCount(name: copy name, total: total, silent: silent))
    }

    /// The summary a person reads at the end of a run, one table for vendors and one for errors.
    func summary(precedence: [PushVendor], inputs: Int, seconds: Double) -> String {
        var lines: [String] = []
        let ok = payloads - errors
        var headline = "\(Self.grouped(payloads)) payloads: \(Self.grouped(ok)) ok, \(Self.grouped(errors)) "
        headline += errors == 1 ? "error" : "errors"
        headline += " (\(inputs) \(inputs == 1 ? "input" : "inputs"), "
        if unreadableInputs > 0 { headline += "\(unreadableInputs) unreadable, " }
        headline += ProgressReporter.formatBytes(bytes)
        if seconds > 0 {
            headline += " in \(ProgressReporter.formatSeconds(seconds))"
            if seconds >= 0.01 { headline += ", \(ProgressReporter.formatBytes(Int(Double(bytes) / seconds)))/s" }
        }
        headline += ")"
        if byteOrderMarks > 0 {
            headline += "; skipped a byte-order mark at the start of \(byteOrderMarks) "
            headline += byteOrderMarks == 1 ? "input" : "inputs"
        }
        lines.append(headline)

        var rows: [[String]] = [["vendor", "payloads", "silent", "visible"]]
        // Every vendor of `precedence` (zero counts included), then `unknown`, then any other name seen.
        var names = precedence.map(\.name) + [Self.unknownVendor]
        for vendor in vendors where !names.contains(vendor.name) { names.append(vendor.name) }
        for vendor in names.map({ name in vendors.first { $0.name == name } ?? VendorCount(name: name) }) {
            rows.append([
                vendor.name, Self.grouped(vendor.total), Self.grouped(vendor.silent),
                Self.grouped(vendor.total - vendor.silent),
            ])
        }
        rows.append(["all ok", Self.grouped(ok), Self.grouped(silent), Self.grouped(ok - silent)])
        if !errorCodes.isEmpty {
            rows.append(["error", "payloads"])
            for (code, count) in errorCodes.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key })
            {
                rows.append([code, Self.grouped(count)])
            }
        }
        // One alignment for both tables, so their columns line up.
        lines += Self.align(rows)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Left-aligns the first column and right-aligns the others, indented by two spaces.
    static func align(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return rows.map { row in
            var line = "  "
            for (index, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                if index == 0 {
                    line += cell + padding
                } else {
                    line += "  " + padding + cell
                }
            }
            return line
        }
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}
