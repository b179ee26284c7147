// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for the PushPayloads JSON engines. A package of its own, so the library's users never
// resolve ordo-one/benchmark. Build and run in release mode only; see README.md in this folder.

// A path dependency's identity is the name of its folder, which is `main` here but may be anything in
// another checkout, so products of the root package are named through it.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "main")

let package = Package(
    name: "PushPayloadsBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The library under test, with the jansson reference engine compiled in (needs libjansson-dev).
        .package(path: "..", traits: ["Jansson"]),
        // Only MallocInterposer: the default RuntimeInterposer trait would also pull in
        // ordo-one/swift-runtime-interposer, which is not among the packages available offline here,
        // and ARC counters are not what these benchmarks are about.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Deterministic, seeded generator of realistic push payloads (APNs- and FCM-shaped).
        .target(name: "PayloadGenerator"),
        // libjansson called directly (json_loadb + json_decref), to show what jansson costs by itself.
        .systemLibrary(name: "CJanssonRaw", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
        // Writes N MB of generated payloads as JSON Lines to stdout.
        .executableTarget(
            name: "generate-capture",
            dependencies: ["PayloadGenerator"]
        ),
        // One-run, side-by-side throughput of every engine over the same generated corpus.
        .executableTarget(
            name: "parse-throughput",
            dependencies: [
                "PayloadGenerator",
                "CJanssonRaw",
                .product(name: "PushPayloads", package: root),
                .product(name: "PushPayloadsJansson", package: root),
            ]
        ),
        // simdjson (Debian's libsimdjson-dev) doing engine-task's per-payload task, behind a C interface:
        // the peer the engine is measured against. Benchmarks only.
        .target(
            name: "CSimdjsonTask",
            // On-Demand is compiled into this target, so it gets the kernel the compiler targets; the DOM
            // parser picks its kernel in libsimdjson at run time. This machine's own instruction set for both.
            // CSIMDJSON_MARCH=haswell builds it for valgrind, which runs no AVX-512 (docs/performance.md).
            cxxSettings: [.unsafeFlags(["-march=\(Context.environment["CSIMDJSON_MARCH"] ?? "native")"])],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        // The engines side by side on one task: parse strictly, read `source` and `aps.alert.title`.
        .executableTarget(
            name: "engine-task",
            dependencies: [
                "PayloadGenerator",
                "CSimdjsonTask",
                .product(name: "PushPayloads", package: root),
            ]
        ),
        // package-benchmark suite: `swift package benchmark` (see README.md).
        .executableTarget(
            name: "ParseBenchmarks",
            dependencies: [
                "PayloadGenerator",
                "CJanssonRaw",
                .product(name: "PushPayloads", package: root),
                .product(name: "PushPayloadsJansson", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ParseBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
