// swift-tools-version: 6.1
import PackageDescription

// The gateway is a package of its own, beside the library, so the library's users never resolve
// Hummingbird, swift-metrics or swift-prometheus: it depends on the library by path.
// A path dependency's identity is the name of its folder (`main` here, anything in another checkout),
// so the root package's products are named through it.
let root = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "main")

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "push-gateway",
    // Hummingbird 2 needs macOS 14; `Synchronization.Mutex` needs macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "push-gateway", targets: ["PushGatewayServer"]),
        .library(name: "PushGateway", targets: ["PushGateway"]),
    ],
    dependencies: [
        .package(path: "../.."),
        // No traits: the gateway needs neither swift-configuration nor the full Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // The gateway as a library: its configuration, routes, metrics and the pieces they share, so
        // the tests (and a team's own server) can build the application without starting a process.
        .target(
            name: "PushGateway",
            dependencies: [
                .product(name: "PushPayloads", package: root),
                .product(name: "PushRequests", package: root),
                .product(name: "PushRecords", package: root),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strictSettings
        ),
        // The `push-gateway` executable: options and environment, then the application.
        .executableTarget(
            name: "PushGatewayServer",
            dependencies: [
                "PushGateway",
                .product(name: "PushPayloads", package: root),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PushGatewayTests",
            dependencies: [
                "PushGateway",
                .product(name: "PushPayloads", package: root),
                .product(name: "PushRequests", package: root),
                .product(name: "PushRecords", package: root),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
