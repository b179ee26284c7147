import Foundation
import Testing

/// `push-payloads inspect`: the whole model of one payload, one push per vendor.
@Suite("push-payloads inspect")
struct InspectCommandTests {
    /// The whole inspection (the library's PushInspection, indented).
    static func inspection(_ arguments: [String], stdin: Data = Data()) throws -> [String: Any] {
        let result = try CommandHarness.run(["inspect"] + arguments, stdin: stdin)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output.hasPrefix("{\n  \"schema_version\": 1,\n"), "indented JSON")
        let object = try JSONSerialization.jsonObject(with: result.stdout)
        return try #require(object as? [String: Any])
    }

    /// The model of a device payload's one delivery.
    static func inspect(_ arguments: [String], stdin: Data = Data()) throws -> [String: Any] {
        let inspection = try inspection(arguments, stdin: stdin)
        #expect(inspection["kind"] as? String == "device_payload")
        let deliveries = try #require(inspection["deliveries"] as? [[String: Any]])
        #expect(deliveries.count == 1)
        return try #require(deliveries.first?["notification"] as? [String: Any])
    }

    static func extras(_ model: [String: Any], _ name: String) -> [String: Any]? {
        (model["extras"] as? [String: Any])?[name] as? [String: Any]
    }

    static func classification(_ model: [String: Any]) throws -> [String: Any] {
        try #require(model["classification"] as? [String: Any])
    }

    @Test("Cordial: mcID, deep link, carousel and image")
    func cordial() throws {
        let model = try Self.inspect(["Corpus/captures/sample.jsonl", "--line", "3"])
        #expect(try Self.classification(model)["vendor"] as? String == "cordial")
        #expect(model["message_id"] as? String == "31:6760a1b2c3d4e5f60718293a:ot:67a280635f7eb9d75ca8895d:1")
        #expect(model["category"] as? String == "carouselNotificationCategory")
        #expect(model["mutable_content"] as? Bool == true)
        let action = try #require(model["default_action"] as? [String: Any])
        #expect(action["kind"] as? String == "deep_link")
        #expect(action["url"] as? String == "https://www.harborline-home.example/looks")
        let cordial = try #require(Self.extras(model, "cordial"))
        #expect((cordial["carousel"] as? [Any])?.count == 3)
        #expect(cordial["image_url"] as? String == "https://img.harborline-home.example/push/autumn-hero.jpg")
        #expect((model["images"] as? [Any])?.count == 4)
        #expect((model["extras"] as? [String: Any])?.keys.sorted() == ["cordial"])
        #expect(model["subtitle"] is NSNull, "absent fields are null")
        #expect((model["payload"] as? [String: Any])?["mcID"] != nil, "the payload itself is shown")
    }

    @Test("Exponea: buttons with their action identifiers, and the campaign")
    func exponea() throws {
        let model = try Self.inspect(["Corpus/captures/sample.jsonl", "--line", "9"])
        #expect(try Self.classification(model)["vendor"] as? String == "exponea")
        let buttons = try #require(model["buttons"] as? [[String: Any]])
        #expect(
            buttons.map { $0["action_identifier"] as? String } == [
                "EXPONEA_ACTION_APP_0", "EXPONEA_ACTION_DEEPLINK_1", "EXPONEA_ACTION_BROWSER_2",
            ]
        )
        #expect(
            buttons.map { ($0["action"] as? [String: Any])?["kind"] as? String } == [
                "open_app", "deep_link", "open_url",
            ]
        )
        #expect(buttons[1]["title"] as? String == "Surprise me")
        let exponea = try #require(Self.extras(model, "exponea"))
        #expect(exponea["campaign_id"] as? String == "6654b2e1f4d3c2e1b0a9f8e7")
        #expect(exponea["action"] as? String == "deeplink")
        #expect(exponea["attributes"] is [String: Any])
        #expect((model["default_action"] as? [String: Any])?["url"] as? String == "kvetinka://collections/mothers-day")
    }

    @Test("Swrve: rich buttons, ids and the silent flag")
    func swrve() throws {
        let model = try Self.inspect(["Corpus/captures/sample.jsonl", "--line", "20"])
        let classification = try Self.classification(model)
        #expect(classification["vendor"] as? String == "swrve")
        #expect(classification["silent"] as? Bool == false)
        let buttons = try #require(model["buttons"] as? [[String: Any]])
        #expect(buttons.map { $0["action_identifier"] as? String } == ["0", "1", "2", "3"])
        #expect(
            buttons.map { ($0["action"] as? [String: Any])?["kind"] as? String } == [
                "open_url", "open_campaign", "open_app", "dismiss",
            ]
        )
        let claim = try #require(buttons[1]["action"] as? [String: Any])
        #expect(claim["kind"] as? String == "open_campaign" && claim["campaign_id"] as? String == "771204")
        #expect(buttons[1]["options"] as? [String] == ["foreground", "auth-required"])
        let swrve = try #require(Self.extras(model, "swrve"))
        #expect(swrve["push_id"] as? String == "40220")
        #expect(swrve["silent_push_id"] == nil, "absent extras fields are left out")
        #expect(model["message_id"] as? String == "40220")
        let action = try #require(model["default_action"] as? [String: Any])
        #expect(action["kind"] as? String == "open_campaign" && action["campaign_id"] as? String == "771205")
    }

    @Test("Atomic: card instance, container and detail, from an FCM string")
    func atomic() throws {
        let model = try Self.inspect(["Corpus/captures/sample.jsonl", "--line", "26"])
        let classification = try Self.classification(model)
        #expect(classification["vendor"] as? String == "atomic")
        #expect(classification["shape"] as? String == "fcm")
        let atomic = try #require(Self.extras(model, "atomic"))
        #expect(atomic["card_instance_id"] as? String == "4d3fa7c9-0f2b-4e4a-8c8d-1a3f5b7d9e06")
        #expect(atomic["container_id"] as? String == "Goals")
        #expect((atomic["detail"] as? [String: Any])?["goalId"] as? String == "G-5520")
        #expect((model["default_action"] as? [String: Any])?["kind"] as? String == "open_card")
    }

    @Test("a .json file and standard input hold one payload each")
    func wholeInput() throws {
        let payload = "{\n  \"aps\": {\"content-available\": 1},\n  \"_sp\": 51003\n}\n"
        let folder = try TemporaryDirectory()
        let file = try folder.write("silent.json", payload)
        for arguments in [[file.path], ["-"]] {
            let model = try Self.inspect(arguments, stdin: Data(payload.utf8))
            let classification = try Self.classification(model)
            #expect(classification["vendor"] as? String == "swrve" && classification["silent"] as? Bool == true)
            #expect(model["content_available"] as? Bool == true)
            #expect(Self.extras(model, "swrve")?["silent_push_id"] as? String == "51003")
        }
    }

    @Test("an unknown sender is shown with the vendor-neutral reading")
    func unknownVendor() throws {
        let model = try Self.inspect(["-"], stdin: Data(#"{"aps":{"alert":{"title":"T","body":"B"},"badge":3}}"#.utf8))
        #expect(try Self.classification(model)["vendor"] is NSNull)
        #expect(model["title"] as? String == "T" && model["body"] as? String == "B" && model["badge"] as? Int == 3)
    }

    @Test("an invalid payload exits 1 with the error; a missing line exits 1; a missing file exits 74")
    func failures() throws {
        let invalid = try CommandHarness.run(["inspect", "Corpus/captures/sample.jsonl", "--line", "19"])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("invalid_json"))
        #expect(invalid.stderr.contains("sample.jsonl:19"))
        #expect(invalid.output.isEmpty)

        let blank = try CommandHarness.run(["inspect", "Corpus/captures/sample.jsonl", "--line", "12"])
        #expect(blank.status == 1)
        #expect(blank.stderr.contains("no payload on line 12"))

        let whole = try CommandHarness.run(["inspect", "Corpus/captures/sample.jsonl"])
        #expect(whole.status == 1, "without --line the whole input is one payload, and a capture is not one")

        let missing = try CommandHarness.run(["inspect", "no-such.json"])
        #expect(missing.status == 74)
        #expect(missing.stderr.contains("no-such.json"))
    }
}
