import ArgumentParser

/// The output formats of `classify`.
enum OutputFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// One JSON object per payload, per line.
    case jsonl
    /// RFC 4180 CSV with a header row.
    case csv
    /// Aligned, truncated columns for a terminal.
    case table
}
