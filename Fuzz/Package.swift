// swift-tools-version: 6.1
import Foundation
import PackageDescription

// libFuzzer targets for PushPayloads. A separate package so that `swift test` and the library's users
// never build them. Build and run them with scripts/fuzz.sh, which passes the sanitizer flags on the
// command line: they must reach the library's modules too, or libFuzzer sees no coverage in the code
// under test.

// A path dependency's identity is its directory's name, which depends on where the repository was
// cloned, so read it rather than hard-code it.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootPackage = root.lastPathComponent

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A libFuzzer target: the shared checks and the products it tests.
func fuzzTarget(_ name: String, testing products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: rootPackage) },
        swiftSettings: strictSettings
    )
}

let package = Package(
    name: "PushPayloadsFuzz",
    dependencies: [
        .package(path: "..", traits: ["Jansson"])
    ],
    targets: [
        // libFuzzer's driver, declared for Swift (see FuzzSupport's `runFuzzer`).
        .target(name: "CFuzzDriver"),
        // Checks shared by the targets: failures trap with a message libFuzzer reports as a crash.
        .target(
            name: "FuzzSupport",
            dependencies: ["CFuzzDriver", .product(name: "PushPayloads", package: rootPackage)],
            swiftSettings: strictSettings
        ),
        fuzzTarget("FuzzNativeParser", testing: ["PushPayloads"]),
        fuzzTarget("FuzzEngineAgreement", testing: ["PushPayloads", "PushPayloadsJansson"]),
        fuzzTarget("FuzzDecoders", testing: ["PushPayloads", "PushRouting"]),
        fuzzTarget("FuzzDeliveries", testing: ["PushPayloads", "PushRequests"]),
        fuzzTarget("FuzzInbox", testing: ["PushPayloads"]),
    ]
)
