import PushPayloads
import Testing

/// OneSignal: `custom.i` or `os_data.i` on iOS, `custom` JSON with `i` on Android.
@Suite("OneSignal")
struct OneSignalDecoderTests {
    @Test(
        "iOS, OneSignalCoreHelper isOneSignalPayload: — custom[i] or os_data[i] present, any type",
        arguments: [
            RuleCase("custom.i string", #"{"aps":{"alert":"Hi"},"custom":{"i":"5f0c"}}"#, .oneSignalCustomID),
            RuleCase("custom.i number", #"{"aps":{"alert":"Hi"},"custom":{"i":12}}"#, .oneSignalCustomID),
            RuleCase("custom.i null", #"{"aps":{"alert":"Hi"},"custom":{"i":null}}"#, .oneSignalCustomID),
            RuleCase("os_data.i", #"{"aps":{"alert":"Hi"},"os_data":{"i":"5f0c"}}"#, .oneSignalCustomID),
            RuleCase("custom without i", #"{"aps":{"alert":"Hi"},"custom":{"u":"https://x.example"}}"#, nil),
            RuleCase("upper-case I", #"{"aps":{"alert":"Hi"},"custom":{"I":"5f0c"}}"#, nil),
            RuleCase("custom as a JSON string", #"{"aps":{"alert":"Hi"},"custom":"{\"i\":\"5f0c\"}"}"#, nil),
            RuleCase("i at the top level", #"{"aps":{"alert":"Hi"},"i":"5f0c"}"#, nil),
        ]
    )
    func appleRule(_ rule: RuleCase) throws {
        try rule.check(OneSignalDecoder(), shape: .apns)
    }

    @Test(
        "Android, NotificationFormatHelper.isOneSignalBundle — custom parses as a JSON object that has i",
        arguments: [
            RuleCase(
                "JSON object with i",
                #"{"custom":"{\"i\":\"5f0c\",\"u\":\"https://x.example\"}","alert":"Hi"}"#,
                .oneSignalCustomJSON
            ),
            RuleCase("i null", #"{"custom":"{\"i\":null}","alert":"Hi"}"#, .oneSignalCustomJSON),
            RuleCase("without i", #"{"custom":"{\"u\":\"https://x.example\"}","alert":"Hi"}"#, nil),
            RuleCase("not JSON", #"{"custom":"not json","alert":"Hi"}"#, nil),
            RuleCase("a JSON array", #"{"custom":"[{\"i\":\"5f0c\"}]","alert":"Hi"}"#, nil),
            RuleCase("iOS's os_data", #"{"os_data":"{\"i\":\"5f0c\"}","alert":"Hi"}"#, nil),
        ]
    )
    func androidRule(_ rule: RuleCase) throws {
        try rule.check(OneSignalDecoder(), shape: .fcm)
    }

    @Test(
        "silent: iOS isRemoteSilentNotification:, Android shouldDisplayNotification (a non-empty alert)",
        arguments: [
            SilenceCase("iOS background", #"{"aps":{"content-available":1},"custom":{"i":"x"}}"#, silent: true),
            SilenceCase("iOS nothing at all", #"{"custom":{"i":"x"}}"#, silent: true),
            SilenceCase("iOS alert", #"{"aps":{"alert":"A"},"custom":{"i":"x"}}"#, silent: false),
            SilenceCase("iOS aps.badge", #"{"aps":{"badge":2},"custom":{"i":"x"}}"#, silent: false),
            SilenceCase(
                "iOS top-level m",
                #"{"aps":{"content-available":1},"custom":{"i":"x"},"m":"x"}"#,
                silent: false
            ),
            SilenceCase(
                "iOS empty title",
                #"{"aps":{"content-available":1},"custom":{"i":"x"},"title":""}"#,
                silent: true
            ),
            SilenceCase("iOS title", #"{"aps":{"content-available":1},"custom":{"i":"x"},"title":"T"}"#, silent: false),
            SilenceCase(
                "iOS os_data.buttons",
                #"{"aps":{"content-available":1},"os_data":{"i":"x","buttons":[]}}"#,
                silent: false
            ),
            SilenceCase("Android alert", #"{"custom":"{\"i\":\"x\"}","alert":"A"}"#, silent: false),
            SilenceCase("Android empty alert", #"{"custom":"{\"i\":\"x\"}","alert":""}"#, silent: true),
            SilenceCase("Android no alert", #"{"custom":"{\"i\":\"x\"}","title":"T"}"#, silent: true),
        ]
    )
    func silence(_ silence: SilenceCase) throws {
        try silence.check(.onesignal)
    }

    @Test("the notification id i and the launch URL custom.u, on both platforms; Android's title and alert")
    func model() throws {
        let apple = try decodeExtended(#"{"aps":{"alert":"A"},"custom":{"i":"n-1","u":"https://s.example/x"}}"#)
        #expect(apple.messageID == "n-1")
        #expect(apple.defaultAction == .openURL("https://s.example/x"))
        let android = try decodeExtended(
            #"{"custom":"{\"i\":\"n-2\",\"u\":\"https://s.example/y\"}","title":"T","alert":"B"}"#
        )
        #expect(android.messageID == "n-2")
        #expect(android.title == "T")
        #expect(android.body == "B")
        #expect(android.defaultAction == .openURL("https://s.example/y"))
        #expect(try decodeExtended(#"{"aps":{"alert":"A"},"os_data":{"i":7}}"#).messageID == "7")
    }
}
