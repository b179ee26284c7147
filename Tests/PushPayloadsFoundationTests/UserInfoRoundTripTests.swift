import Foundation
import PushPayloads
import PushPayloadsFoundation
import PushPayloadsTestSupport
import Testing

/// `JSONDocument(userInfo:)` and `userInfo` are exact inverses: every vendor fixture, read as iOS reads a
/// remote notification's JSON (`JSONSerialization`, whose numbers and Booleans are `NSNumber`s), goes to a
/// payload and back to an equal dictionary, value for value and kind for kind.
@Suite("userInfo round trip")
struct UserInfoRoundTripTests {
    static let fixtureFiles: [String] = TestPaths.files(below: TestPaths.vendorFixtures, extensions: ["json"])

    @Test("Each vendor fixture: userInfo → payload → userInfo is equal", arguments: fixtureFiles)
    func fixtureRoundTrip(file: String) throws {
        let data = try Data(contentsOf: TestPaths.vendorFixtures.appendingPathComponent(file))
        guard let userInfo = try JSONSerialization.jsonObject(with: data) as? [AnyHashable: Any] else {
            return  // a fixture whose root is not an object is no userInfo
        }
        let payload = try PushPayload(userInfo: userInfo)
        #expect(PropertyListEquality.equal(payload.userInfo, userInfo))
        #expect(PropertyListEquality.equal(try #require(payload.document.userInfo), userInfo))
        // And the document it came from is the one the bytes parse to.
        #expect(payload.document == (try PushPayload(jsonBytes: data)).document)
    }

    @Test("A payload that is a view of an object inside a send request gives that object's userInfo")
    func viewUserInfo() throws {
        let request = try JSONDocument(
            jsonString: #"{"to":"x","payload":{"aps":{"alert":"A","badge":2},"k":[true,1.5,null]},"z":{"aps":9}}"#
        )
        let object = try #require(request.rootObject["payload"]?.objectValue)
        let view = PushPayload(document: JSONDocument(object), shape: .apns)
        let copy = try PushPayload(jsonBytes: object.value.jsonBytes)
        #expect(PropertyListEquality.equal(view.userInfo, copy.userInfo))
        #expect(PropertyListEquality.equal(try #require(view.document.userInfo), copy.userInfo))
        #expect(view.userInfo["to"] == nil && view.userInfo["z"] == nil)
        #expect((view.userInfo["aps"] as? [String: Any])?["badge"] as? Int == 2)
    }

    @Test("The fixtures are there: the round trip is not vacuous")
    func fixturesPresent() throws {
        #expect(Self.fixtureFiles.count > 40, "Corpus/vendor-fixtures is missing or cut")
    }

    @Test("Booleans come back as NSNumber Booleans, integers as integers, doubles as doubles")
    func kinds() throws {
        let userInfo: [AnyHashable: Any] = [
            "t": NSNumber(value: true), "f": NSNumber(value: false), "one": NSNumber(value: 1),
            "half": NSNumber(value: 0.5), "whole": NSNumber(value: 2.0), "big": NSNumber(value: Int64.max),
            "n": NSNull(), "s": "é\n", "list": [NSNumber(value: true), "x", ["k": NSNumber(value: 3)]],
        ]
        let back = try PushPayload(userInfo: userInfo).userInfo
        #expect(PropertyListEquality.equal(back, userInfo))
        #expect(PropertyListEquality.kind(try #require(back["t"] as? NSNumber)) == "bool")
        #expect(back["t"] as? Bool == true)
        #expect(PropertyListEquality.kind(try #require(back["one"] as? NSNumber)) == "integer")
        #expect(PropertyListEquality.kind(try #require(back["whole"] as? NSNumber)) == "double")
        #expect((back["list"] as? [Any])?.count == 3)
        #expect(((back["list"] as? [Any])?[2] as? [String: Any])?["k"] as? Int == 3)
        // A Swift Bool and Int come back as the NSNumbers they bridge to.
        let swift = try PushPayload(userInfo: ["b": true, "i": 7]).userInfo
        #expect(PropertyListEquality.kind(try #require(swift["b"] as? NSNumber)) == "bool")
        #expect(swift["i"] as? Int == 7)
    }

    @Test("A document from bytes gives the userInfo iOS would deliver; a non-object root gives none")
    func fromBytes() throws {
        let document = try JSONDocument(jsonString: #"{"aps": {"content-available": 1}, "silent": true}"#)
        let userInfo = try #require(document.userInfo)
        let expected = try #require(
            JSONSerialization.jsonObject(with: Data(#"{"aps": {"content-available": 1}, "silent": true}"#.utf8))
                as? [AnyHashable: Any]
        )
        #expect(PropertyListEquality.equal((userInfo["aps"] as? [String: Any]) ?? [:], expected["aps"] ?? [:]))
        #expect(PropertyListEquality.kind(try #require(userInfo["silent"] as? NSNumber)) == "bool")
        #expect(try JSONDocument(jsonValueString: "[1]").userInfo == nil)
    }
}
