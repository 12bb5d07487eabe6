// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "AutoHeight",
    // Linux is the platform built and tested here; the Apple minimums are those of the
    // Synchronization module (Mutex, Atomic) the library uses.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "AutoHeight", targets: ["AutoHeight"]),
        .executable(name: "autoheight", targets: ["AutoHeightCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation --target AutoHeight` (DocC).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries, found with pkg-config; apt names for the error message.
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(
            name: "CICU", pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"])]),
        // ICU renames its symbols by macro (ubrk_open -> ubrk_open_72) and its C enums clash with
        // the toolchain's own ICU headers, so Swift reaches ICU only through these prefixed
        // wrappers; the public header exposes no ICU type.
        .target(name: "CAutoHeightICU", dependencies: ["CICU"]),
        .target(
            name: "AutoHeight",
            dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CAutoHeightICU"],
            // The bundled fonts travel with every build as a resource bundle
            // (AutoHeight_AutoHeight.resources beside the executable); see BundledFonts.
            resources: [.copy("Resources/Fonts")]
        ),
        .executableTarget(
            name: "AutoHeightCLI",
            dependencies: [
                "AutoHeight",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "AutoHeightTests",
            dependencies: ["AutoHeight", "AutoHeightCLI"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
