// swift-tools-version: 6.1
// The AutoHeight benchmarks (ordo-one/benchmark). A package of their own, depending on the main
// package by path, so that `swift build` / `swift test` / CI of the main package never resolve or
// build the benchmark dependency. Run from this folder: `swift package benchmark`.
import PackageDescription

let package = Package(
    name: "AutoHeightBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "AutoHeight", path: ".."),
        // The malloc interposer gives mallocCountTotal on Linux without jemalloc; listing the
        // traits explicitly leaves out the default RuntimeInterposer trait (ARC metrics, unused).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // ICU's uregex from the system's libicui18n (the ICU the main package links, through a C
        // shim as there): the engine the validation cases compare with the Pike VM.
        .target(
            name: "CValidationICU",
            path: "Benchmarks/CValidationICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]
        ),
        .executableTarget(
            name: "AutoHeightBenchmarks",
            dependencies: [
                .product(name: "AutoHeight", package: "AutoHeight"),
                .product(name: "AutoHeightEditor", package: "AutoHeight"),
                .product(name: "AutoHeightRecords", package: "AutoHeight"),
                .product(name: "Benchmark", package: "benchmark"),
                "CValidationICU",
            ],
            path: "Benchmarks/AutoHeightBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ],
    swiftLanguageModes: [.v6]
)
