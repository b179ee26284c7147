/// What `--payload` and `--keep` add to one record.
///
/// A worker fills one for each record and reuses its buffers, so keeping fields allocates only what
/// reading a value's JSON allocates.
struct RecordExtras: Sendable {
    /// Where an error's byte offset counts.
    enum Location: String, Sendable {
        /// In the input line, the whole record (its JSON, or the payload pointer, failed).
        case record
        /// In the payload's own JSON: an object's compact text, or the text of a string holding JSON.
        case payload
    }

    /// With `--payload`, where the error's offset counts.
    var errorLocation: Location?
    /// The kept values' JSON text, back to back.
    private(set) var keptBytes: [UInt8] = []
    /// Each `--keep` pointer's range in ``keptBytes``; `nil` when it resolved to nothing.
    private(set) var keptRanges: [Range<Int>?] = []

    /// Empties the extras for the next record: no kept value yet for any of `keptCount` pointers.
    mutating func reset(keptCount: Int, location: Location?) {
        errorLocation = location
        keptBytes.removeAll(keepingCapacity: true)
        keptRanges.removeAll(keepingCapacity: true)
        keptRanges.append(contentsOf: repeatElement(nil, count: keptCount))
    }

    /// Records the JSON text of the value that the `index`th pointer found.
    mutating func setKept(_ index: Int, json: [UInt8]) {
        let start = keptBytes.count
        keptBytes.append(contentsOf: json)
        keptRanges[index] = start..<keptBytes.count
    }

    /// The kept values: each pointer's JSON text, or `nil`.
    func forEachKept(_ body: (Int, UnsafeBufferPointer<UInt8>?) -> Void) {
        keptBytes.withUnsafeBufferPointer { bytes in
            for (index, range) in keptRanges.enumerated() {
                guard let range, let base = bytes.baseAddress else {
                    body(index, nil)
                    continue
                }
                body(index, UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
            }
        }
    }
}
