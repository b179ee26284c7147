/// What `--payload` and `--keep` add to every record: the same for all records of a run.
struct RecordLayout: Sendable, Equatable {
    /// `--payload` was given: error records say where their offset counts (``RecordExtras/Location``).
    var hasPayloadPointer = false
    /// The pointers of `--keep`, as written: the keys of `kept` (the CSV columns `kept:POINTER`).
    var keptNames: [String] = []

    /// Whether records carry anything beyond the usual fields.
    var isEmpty: Bool { !hasPayloadPointer && keptNames.isEmpty }
}
