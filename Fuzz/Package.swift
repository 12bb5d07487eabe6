// swift-tools-version: 6.1
// libFuzzer targets for AutoHeight (built by scripts/fuzz.sh with `-sanitize=fuzzer,address`;
// a package of its own, so `make test` never builds them).
import PackageDescription

let package = Package(
    name: "AutoHeightFuzz",
    dependencies: [.package(name: "AutoHeight", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "AutoHeight", package: "AutoHeight")]),
        .executableTarget(name: "FuzzMeasure", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzFont", dependencies: ["FuzzSupport"]),
        .executableTarget(
            name: "FuzzEditor",
            dependencies: ["FuzzSupport", .product(name: "AutoHeightEditor", package: "AutoHeight")]),
    ],
    swiftLanguageModes: [.v6]
)
