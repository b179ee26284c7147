import ArgumentParser

@main
struct PushPayloadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "push-payloads")
}
