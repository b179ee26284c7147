import ArgumentParser

/// `lint --format`.
enum LintFormat: String, CaseIterable, ExpressibleByArgument {
    case jsonl
    case table
}
