// swift-tools-version: 6.1
import PackageDescription

// Upcoming features the anchors turn on: explicit `any`, imports visible only where declared, and
// imports internal unless marked public, so no dependency leaks into our API by accident.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "swift-push-payloads",
    products: [
        .library(name: "PushPayloads", targets: ["PushPayloads"]),
        .library(name: "PushPayloadsJansson", targets: ["PushPayloadsJansson"]),
    ],
    traits: [
        .trait(
            name: "Jansson",
            description: "Builds the jansson reference engine (needs libjansson-dev: apt-get install libjansson-dev)."
        ),
        .default(enabledTraits: []),
    ],
    targets: [
        // The core: JSON engine, model and decoders. Needs nothing but the toolchain.
        .target(
            name: "PushPayloads",
            swiftSettings: strictSettings
        ),
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        // The reference engine. Without the `Jansson` trait it compiles to nothing, so a machine
        // without libjansson-dev still builds every product.
        .target(
            name: "PushPayloadsJansson",
            dependencies: [
                "PushPayloads",
                .target(name: "CJansson", condition: .when(traits: ["Jansson"])),
            ],
            swiftSettings: strictSettings
        ),
        // Case tables, generators and corpus readers shared by the test targets and the benchmarks.
        .target(
            name: "PushPayloadsTestSupport",
            dependencies: ["PushPayloads"],
            path: "Tests/PushPayloadsTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PushPayloadsTests",
            dependencies: ["PushPayloads", "PushPayloadsTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PushPayloadsJanssonTests",
            dependencies: ["PushPayloads", "PushPayloadsJansson", "PushPayloadsTestSupport"],
            swiftSettings: strictSettings
        ),
    ]
)
