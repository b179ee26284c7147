import PushPayloadsTestSupport
import Testing

@testable import PushPayloadsJSON

/// A document that is a view of an object inside another one (`JSONDocument(_:)`) reads, measures,
/// writes and compares as the document parsed from that object's text; and `JSONDocumentBuilder.copy`
/// writes a value of another document exactly as it is written there.
@Suite("Documents as views, and values copied between documents")
struct JSONDocumentViewTests {
    /// Every object in `value`'s subtree, `value` included when it is one.
    static func objects(in value: JSONValue) -> [JSONObject] {
        var found: [JSONObject] = []
        var pending = [value]
        while let next = pending.popLast() {
            if let object = next.objectValue {
                found.append(object)
                pending.append(contentsOf: object.values)
            } else if let array = next.arrayValue {
                pending.append(contentsOf: array)
            }
        }
        return found
    }

    static let documents: [[UInt8]] = {
        var generator = JSONGenerator(seed: 0x71E_0001, options: .init(maximumDepth: 6, maximumMembers: 10))
        return (0..<200).map { _ in generator.document().bytes }
    }()

    @Test("every object of a document, as a view, equals the document parsed from its text")
    func viewsEqualTheirText() throws {
        for bytes in Self.documents {
            let document = try JSONDocument(jsonBytes: bytes)
            for object in Self.objects(in: document.root) {
                let view = JSONDocument(object)
                let text = object.value.jsonBytes
                let parsed = try JSONDocument(jsonBytes: text)
                #expect(view.shares(document))
                #expect(view == parsed)
                #expect(view.jsonBytes == text)
                #expect(view.jsonBytes == parsed.jsonBytes)
                #expect(view.valueCount == parsed.valueCount)
                #expect(view.root.jsonByteCount == text.count)
                #expect(view.rootObject.keys == parsed.rootObject.keys)
                for key in parsed.rootObject.keys {
                    #expect(view.rootObject[key] == parsed.rootObject[key], "\(key)")
                }
            }
        }
    }

    @Test("a view inside an indexed top level never uses the top level's key index")
    func viewBesideRootIndex() throws {
        // Nine top-level keys: indexed. The nested object shares none of them but "k0".
        let json = #"{"k0":1,"k1":2,"k2":3,"k3":4,"k4":5,"k5":6,"k6":7,"k7":8,"inner":{"k0":"x","y":"z"}}"#
        let document = try JSONDocument(jsonString: json)
        #expect(document.storage.rootKeySlotMask != 0)
        let view = JSONDocument(try #require(document.rootObject["inner"]?.objectValue))
        #expect(view.rootObject["k0"]?.stringValue == "x")
        #expect(view.rootObject["y"]?.stringValue == "z")
        for key in ["k1", "k7", "inner"] { #expect(view.rootObject[key] == nil, "\(key)") }
        #expect(view.valueCount == 5)
        #expect(view.jsonString == #"{"k0":"x","y":"z"}"#)
        #expect(view.rootObject.count == 2)

        // A view of the top level itself keeps the index, and reads as the document.
        let whole = JSONDocument(document.rootObject)
        #expect(whole.rootIndex == 0)
        #expect(whole.rootObject["k7"]?.numberValue?.intValue == 8)
        #expect(whole.valueCount == document.valueCount)
        #expect(whole == document)
    }

    @Test("an empty object inside a document, as a view")
    func emptyView() throws {
        let document = try JSONDocument(jsonString: #"{"a":{},"b":[1]}"#)
        let view = JSONDocument(try #require(document.rootObject["a"]?.objectValue))
        #expect(view == .emptyObject)
        #expect(view.valueCount == 1)
        #expect(view.jsonString == "{}")
        #expect(view.root.jsonByteCount == 2)
        #expect(view.rootObject["b"] == nil)
    }

    @Test("copying a value writes its text as written, and a document equal to it")
    func copyKeepsText() throws {
        for bytes in Self.documents {
            let document = try JSONDocument(jsonBytes: bytes)
            var builder = JSONDocumentBuilder()
            try builder.beginObject()
            var expected = Array("{".utf8)
            for (position, value) in document.rootObject.values.enumerated() {
                try builder.key(ofMember: value)
                try builder.copy(value)
                if position > 0 { expected.append(UInt8(ascii: ",")) }
                expected += try JSONBytesEncoder().encode(value.memberKey) + Array(":".utf8) + value.jsonBytes
            }
            try builder.endObject()
            let built = try builder.finish()
            expected.append(UInt8(ascii: "}"))
            #expect(built.jsonBytes == expected)
            #expect(built == document)
            #expect(built.valueCount == document.valueCount)
            #expect(built.root.jsonByteCount == expected.count)
            // The nodes written beside the text read as the parser's do.
            let parsed = try JSONDocument(jsonBytes: built.jsonBytes)
            #expect(built == parsed && parsed.jsonBytes == built.jsonBytes)
            for (object, reparsed) in zip(Self.objects(in: built.root), Self.objects(in: parsed.root)) {
                #expect(object.value.jsonBytes == reparsed.value.jsonBytes)
            }
        }
    }

    @Test("a copied value counts its depth below the builder's levels")
    func copyDepth() throws {
        let document = try JSONDocument(jsonString: #"{"a":{"b":{"c":[1]}}}"#)
        let value = try #require(document.rootObject["a"])
        // `a` is three levels deep ({"b":{"c":[…]}}); inside one object that makes four.
        var deep = JSONDocumentBuilder(limits: PushPayloadLimits(maximumDepth: 3))
        try deep.beginObject()
        try deep.key("a")
        #expect(throws: PushPayloadError.self) { try deep.copy(value) }
        var fits = JSONDocumentBuilder(limits: PushPayloadLimits(maximumDepth: 4))
        try fits.beginObject()
        try fits.key("a")
        try fits.copy(value)
        try fits.endObject()
        #expect(try fits.finish() == document)
    }

    @Test("a merged object's duplicate key is refused, whichever way its keys came")
    func mergedDuplicate() throws {
        let document = try JSONDocument(jsonString: #"{"\u0061":1,"b":2}"#)
        var builder = JSONDocumentBuilder()
        try builder.beginObject()
        try builder.key("a")
        try builder.integer(0)
        for value in document.rootObject.values {
            try builder.key(ofMember: value)
            try builder.copy(value)
        }
        let error = #expect(throws: PushPayloadError.self) { try builder.endObject() }
        #expect(error?.code == .duplicateKey && error?.keyPath == "a")
    }

    @Test("strings the builder writes are escaped as the encoder escapes them")
    func builderEscapesAsEncoder() throws {
        let texts = ["plain", "q\"b\\", "\u{8}\u{C}\n\r\t\u{1}\u{1F}", "/é😀", ""]
        for text in texts {
            var builder = JSONDocumentBuilder(limits: .default)
            try builder.beginObject()
            try builder.key(text)
            try builder.string(text)
            try builder.endObject()
            let built = try builder.finish()
            let encoded = try JSONBytesEncoder().encode(text)
            #expect(built.jsonBytes == Array("{".utf8) + encoded + Array(":".utf8) + encoded + Array("}".utf8))
            #expect(built.rootObject[text]?.stringValue == text)
        }
        // A string copied decoded is written the same way, whatever its spelling was.
        let document = try JSONDocument(jsonString: #"{"a":"\u00e9\/\b","b":"plain"}"#)
        var builder = JSONDocumentBuilder()
        try builder.beginArray()
        for value in document.rootObject.values { try builder.string(decodedFrom: value) }
        try builder.endArray()
        #expect(try builder.finish(acceptsAnyTopLevelValue: true).jsonString == "[\"é/\\b\",\"plain\"]")
    }
}
