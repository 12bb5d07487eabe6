// swift-tools-version: 6.1
import PackageDescription

// The HTTP service (`autoheight-server`): its own package, as Benchmarks/ and Fuzz/ are, so that
// `make run` and `make test` of the root package never build Hummingbird and SwiftNIO.
// `make server` builds it, `make test-server` tests it (scratch path Server/.build).
let package = Package(
    name: "AutoHeightServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "autoheight-server", targets: ["autoheight-server"])
    ],
    dependencies: [
        // The root package, whatever its checkout is called (its identity is the folder name).
        .package(name: "AutoHeight", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Tests only: the HTTP client, and YAML for reading docs/openapi.yaml.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        // The service: routes, limits, the style cache, the font-directory boundary, metrics.
        .target(
            name: "AutoHeightServer",
            dependencies: [
                .product(name: "AutoHeight", package: "AutoHeight"),
                .product(name: "AutoHeightOptions", package: "AutoHeight"),
                .product(name: "AutoHeightRecords", package: "AutoHeight"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // The playground's pages, style, scripts and chat messages (GET /, /chat, /assets/…),
            // copied into AutoHeightServer_AutoHeightServer.resources beside the executable.
            resources: [.copy("Playground")]
        ),
        // The command: options, logging and metrics bootstrap, run until SIGTERM.
        .executableTarget(
            name: "autoheight-server",
            dependencies: [
                "AutoHeightServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "AutoHeightServerTests",
            dependencies: [
                "AutoHeightServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
