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
    // The router's async timeouts use Clock and Duration; everything else would build for older systems.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "PushPayloads", targets: ["PushPayloads"]),
        .library(name: "PushPayloadsJSON", targets: ["PushPayloadsJSON"]),
        .library(name: "PushPayloadsFoundation", targets: ["PushPayloadsFoundation"]),
        .library(name: "PushRequests", targets: ["PushRequests"]),
        .library(name: "PushRecords", targets: ["PushRecords"]),
        .library(name: "PushPayloadsJansson", targets: ["PushPayloadsJansson"]),
        .library(name: "PushRouting", targets: ["PushRouting"]),
        .library(name: "PushRoutingTesting", targets: ["PushRoutingTesting"]),
        .executable(name: "push-payloads", targets: ["PushPayloadsCommand"]),
    ],
    traits: [
        .trait(
            name: "Jansson",
            description: "Builds the jansson reference engine (needs libjansson-dev: apt-get install libjansson-dev)."
        ),
        .trait(
            name: "Zstd",
            description: "Lets the command read zstd-compressed captures (needs libzstd-dev)."
        ),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // The command's descriptors, paths and `stat` (EINTR retries built in).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // Tests only: property-based cases for `PushFitter` over random texts.
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // The engine's stage-one kernels for instruction sets beyond the Swift baseline (AVX2), chosen at
        // run time. C, built by the toolchain's clang: still nothing but the toolchain.
        .target(name: "CPushJSONKernels"),
        // The JSON engine: a fast, strict, bounded JSON reader. Needs nothing but the toolchain.
        .target(
            name: "PushPayloadsJSON",
            dependencies: ["CPushJSONKernels"],
            // `import Builtin` for vector compares (as swift-atomics does): the scanner's masks
            // (JSONByteMasks.swift) and the string loops (JSONStringEscaping.swift, JSONStringDecoding.swift).
            swiftSettings: strictSettings + [.enableExperimentalFeature("BuiltinModule")],
            // `Double.rounded()` calls libm's `round`, `trunc`, … on Linux; nothing in the engine or the
            // core imports Glibc, which would link it implicitly.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android]))]
        ),
        // The core: the model, the decoders and the vendors' byte entry points, over the engine (which it
        // re-exports). Needs nothing but the toolchain, and no Foundation.
        .target(
            name: "PushPayloads",
            dependencies: ["PushPayloadsJSON"],
            swiftSettings: strictSettings
        ),
        // The push as a server holds it: send requests (APNs, FCM v1, legacy FCM), what each platform's
        // devices receive, and the checks before sending. Needs nothing but the toolchain.
        .target(
            name: "PushRequests",
            dependencies: ["PushPayloads"],
            swiftSettings: strictSettings
        ),
        // The classify path: bytes in, records out. A device payload or a send request (whose deliveries are
        // classified too, so it needs PushRequests) becomes one record per payload or platform, written as JSON
        // Lines; lines are split out of bodies that arrive in pieces. Needs nothing but the toolchain.
        .target(
            name: "PushRecords",
            dependencies: ["PushPayloads", "PushRequests"],
            swiftSettings: strictSettings
        ),
        // Foundation at the edge: `userInfo` dictionaries, `Data` inputs, the vendors' `userInfo` entry points.
        .target(
            name: "PushPayloadsFoundation",
            dependencies: ["PushPayloads"],
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
                "PushPayloadsJSON",
                .target(name: "CJansson", condition: .when(traits: ["Jansson"])),
            ],
            swiftSettings: strictSettings
        ),
        // zlib for the command's gzip input (zlib1g-dev; the Swift toolchain's own Foundation needs it too).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // zstd for the command's zstd input, only with the `Zstd` trait.
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        // Routing of silent, foreground and tap events to per-vendor delegates.
        .target(
            name: "PushRouting",
            dependencies: [
                "PushPayloads",
                "PushPayloadsFoundation",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // A recording delegate for users' tests of their routing.
        .target(
            name: "PushRoutingTesting",
            dependencies: ["PushPayloads", "PushRouting"],
            swiftSettings: strictSettings
        ),
        // The `push-payloads` command: a thin layer over the library.
        .executableTarget(
            name: "PushPayloadsCommand",
            dependencies: [
                "PushPayloads",
                "PushRequests",
                "PushRecords",
                .target(name: "PushPayloadsJansson", condition: .when(traits: ["Jansson"])),
                "CZlib",
                .target(name: "CZstd", condition: .when(traits: ["Zstd"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        // A program that imports only the core and PushRequests, for the check that neither links
        // Foundation (`scripts/check-linkage.sh`, as swift-http-types' LinkageTest).
        .executableTarget(
            name: "LinkageTest",
            dependencies: ["PushPayloads", "PushRequests", "PushRecords"],
            path: "Tests/LinkageTest",
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
            name: "PushPayloadsJSONTests",
            dependencies: ["PushPayloadsJSON", "PushPayloadsTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PushPayloadsTests",
            dependencies: ["PushPayloads", "PushPayloadsTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PushRequestsTests",
            dependencies: [
                "PushPayloads", "PushRequests", "PushRouting", "PushRoutingTesting", "PushPayloadsTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PushRecordsTests",
            dependencies: ["PushPayloads", "PushRequests", "PushRecords", "PushPayloadsTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PushPayloadsFoundationTests",
            dependencies: ["PushPayloads", "PushPayloadsFoundation", "PushPayloadsTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PushPayloadsJanssonTests",
            dependencies: ["PushPayloads", "PushPayloadsJansson", "PushPayloadsTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PushRoutingTests",
            dependencies: [
                "PushPayloads", "PushPayloadsFoundation", "PushRouting", "PushRoutingTesting",
                "PushPayloadsTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PushPayloadsCommandTests",
            dependencies: [
                "PushPayloads", "PushRequests", "PushRecords", "PushPayloadsTestSupport", "PushPayloadsCommand",
            ],
            swiftSettings: strictSettings
        ),
    ]
)
