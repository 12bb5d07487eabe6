// swift-tools-version: 6.1
import PackageDescription

/// The files of Fonts/ that travel as resources: the fonts, their licences, the README.
let bundledFontFiles = [
    "NotoSans-Regular.ttf", "NanumGothic.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf", "LICENSE-Noto.debian-copyright.txt",
    "LICENSE-Nanum.debian-copyright.txt", "README.md",
]

let package = Package(
    name: "AutoHeight",
    // Linux is the platform built and tested here; the Apple minimums are those of the
    // Synchronization module (Mutex, Atomic) the library uses.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "AutoHeight", targets: ["AutoHeight", "AutoHeightFonts"]),
        // The editor model (EditorModel: limits, validation pattern, placeholder) and the SVG
        // drawing of a layout (LayoutDrawing, what `autoheight render` writes), each over the core;
        // the bundled fonts travel with them too, so that `FontStack.bundled()` works in an app
        // that lists only one of them.
        .library(name: "AutoHeightEditor", targets: ["AutoHeightEditor", "AutoHeightFonts"]),
        .library(name: "AutoHeightRender", targets: ["AutoHeightRender", "AutoHeightFonts"]),
        .executable(name: "autoheight", targets: ["AutoHeightCLI"]),
        // The C ABI (include/autoheight.h): `make capi` links it as libautoheight.so with the
        // Swift runtime inside, for C, Python and Node (bindings/).
        .library(name: "AutoHeightC", type: .dynamic, targets: ["AutoHeightC"]),
        // For the HTTP service (Server/, its own package): the style options and the JSON Lines
        // records (reading, measuring, formatting) the CLI uses, so both give the same bytes.
        .library(name: "AutoHeightOptions", targets: ["AutoHeightOptions"]),
        .library(name: "AutoHeightRecords", targets: ["AutoHeightRecords"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation --target AutoHeight` (DocC; `make docs` also builds
        // AutoHeightEditor and AutoHeightRender).
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
            dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CAutoHeightICU"]
        ),
        // The editor model and the SVG drawing: modules of their own over the core, which knows
        // neither; they reach the core's internals they need through `package` access.
        .target(name: "AutoHeightEditor", dependencies: ["AutoHeight"]),
        .target(name: "AutoHeightRender", dependencies: ["AutoHeight"]),
        // The bundled fonts (top-level Fonts/) travel with every build of the AutoHeight product
        // as a resource bundle (AutoHeight_AutoHeightFonts.resources beside the executable); see
        // BundledFonts.
        .target(
            name: "AutoHeightFonts", path: "Fonts", sources: ["AutoHeightFonts.swift"],
            resources: bundledFontFiles.map { .copy($0) }
        ),
        // The style options every surface takes (CLI flags, C ABI keys, bindings' keywords),
        // turned into a TextStyle in one place.
        .target(name: "AutoHeightOptions", dependencies: ["AutoHeight"]),
        // JSON Lines records: reading (`{"id", "text", "style", "widths"}`, ids echoed as sent),
        // measuring and formatting (the CLI's objects, error entries and messages); shared by the
        // CLI's batches and the HTTP service (Server/).
        .target(name: "AutoHeightRecords", dependencies: ["AutoHeight", "AutoHeightOptions"]),
        // The C ABI: the header and its types (CAutoHeight), the exported functions (AutoHeightC).
        .target(name: "CAutoHeight"),
        .target(name: "AutoHeightC", dependencies: ["AutoHeight", "AutoHeightOptions", "CAutoHeight"]),
        .executableTarget(
            name: "AutoHeightCLI",
            dependencies: [
                "AutoHeight",
                "AutoHeightEditor",
                "AutoHeightRender",
                "AutoHeightFonts",
                "AutoHeightOptions",
                "AutoHeightRecords",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "AutoHeightTests",
            dependencies: [
                "AutoHeight", "AutoHeightFonts", "AutoHeightCLI", "AutoHeightOptions", "AutoHeightRecords",
                "AutoHeightTestSupport",
            ],
            resources: [.copy("Fixtures")]
        ),
        // What the three test targets share (fonts, fixtures, a generator): public and package API only.
        .target(
            name: "AutoHeightTestSupport", dependencies: ["AutoHeight", "AutoHeightFonts"],
            path: "Tests/AutoHeightTestSupport"),
        // The editor's and the drawing's tests, each over its module (the CLI's `replay` and
        // `render` commands are tested with the CLI in AutoHeightTests).
        .testTarget(
            name: "AutoHeightEditorTests",
            dependencies: ["AutoHeight", "AutoHeightEditor", "AutoHeightFonts", "AutoHeightTestSupport"]),
        .testTarget(
            name: "AutoHeightRenderTests",
            dependencies: ["AutoHeight", "AutoHeightRender", "AutoHeightFonts", "AutoHeightTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
