@_spi(Writers) public import PushPayloads
@_spi(Writers) public import PushPayloadsJSON

extension OutputBuffer {
    /// Appends a text field of the model as a JSON string, or `null`: one the payload holds is copied as
    /// written when its escapes are those this buffer writes, else decoded in place and escaped again;
    /// never built as a `String`. Both the record and the inspection writer write text so.
    /// Public under the `Writers` SPI and inlinable, so the record writer in PushRecords inlines it (a `package`
    /// member would be a call there: 53 instructions a line on the classify path, measured).
    @_spi(Writers) @inlinable @inline(__always)
    public func appendJSONText(_ text: PushTextValue?) {
        switch text {
        case .string(let string): appendJSONString(string)
        case .json(let value):
            let written: Void? = value.withRawStringUTF8 { raw, hasEscapes in
                if !hasEscapes {
                    // Three inlined appends: `appendQuoted(utf8:)` is one, but the optimizer leaves it a call in
                    // the record writer, which is past its inlining budget.
                    append(UInt8(ascii: "\""))
                    append(raw)
                    append(UInt8(ascii: "\""))
                } else if !appendEscapedJSONString(raw: raw) {
                    value.withDecodedUTF8 { appendJSONString(utf8: $0) }
                }
            }
            // A payload's text is always a string; were it not, it would read as "", so it is written so.
            if written == nil { appendJSONString("") }
        case nil: append("null")
        }
    }
}
