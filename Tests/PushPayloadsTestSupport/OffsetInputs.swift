/// Byte inputs that hold a payload somewhere other than at their start, for the tests that check every
/// input form an entry point takes gives what `[UInt8]` gives: an entry point that assumed index 0 would
/// read the wrong bytes from these.
public enum OffsetInputs {
    /// `bytes` as a slice of a longer array, starting at index 1.
    public static func slice(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        ([0x20] + bytes + [0x20])[1..<(1 + bytes.count)]
    }

    /// `text` as a substring of a longer string, not starting at the string's start.
    public static func substring(_ text: String) -> Substring {
        (" " + text + " ").dropFirst().dropLast()
    }
}
