// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "zonectl",
    platforms: [.macOS(.v15)],  // Int128 and Synchronization.Atomic
    products: [
        .executable(name: "zonectl", targets: ["zonectl"]),
        .library(name: "ZonePipeline", targets: ["ZonePipeline"]),
        .library(name: "S3Upload", targets: ["S3Upload"]),
        .library(name: "ZoneClient", targets: ["ZoneClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // System libraries (Debian: libgeos-dev, libcurl4-openssl-dev, zlib1g-dev, libbrotli-dev).
        .systemLibrary(name: "CGEOS", pkgConfig: "geos", providers: [.apt(["libgeos-dev"])]),
        // libcurl's headers only: the library is loaded on first use (Sources/CCurl/shim.h).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        .systemLibrary(name: "CLibdeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),

        // UTC time stamps by calendar arithmetic (manifest versions, SigV4 signing times).
        .target(name: "CivilTime"),
        // Hides the credentials a URL carries (userinfo, signed-query values) before it is printed.
        .target(name: "URLRedaction"),
        // Decoding errors of a published manifest in plain words, naming the member by its JSON path.
        .target(name: "DecodingMessage"),
        .target(
            name: "ZonePipeline",
            dependencies: [
                "CGEOS", "CZlib", "CBrotli", "CLibdeflate", "CivilTime", "URLRedaction", "DecodingMessage",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The libcurl pieces S3Upload and ZoneClient share: easy handle, header list, a plain GET.
        .target(name: "CurlTransport", dependencies: ["CCurl"]),
        .target(
            name: "S3Upload",
            dependencies: [
                "CCurl", "CurlTransport", "CivilTime", "URLRedaction",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // The reference client: reads a published store and looks points up (no ZonePipeline).
        .target(
            name: "ZoneClient",
            dependencies: [
                "CZlib", "CBrotli", "CurlTransport", "DecodingMessage",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: [".swift-format"]),
        .executableTarget(
            name: "zonectl",
            dependencies: [
                "ZonePipeline", "S3Upload", "ZoneClient", "URLRedaction",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "zonectl-bench", dependencies: ["ZonePipeline", "ZoneClient"], path: "Sources/zonectl-bench"),

        // libFuzzer targets (scripts/fuzz.sh, `make fuzz`): each harness calls FuzzHarness, which the
        // regression test replays Fuzz/regressions/ through. A plain build makes replay tools.
        .target(name: "FuzzHarness", dependencies: ["ZonePipeline"]),
        .executableTarget(name: "FuzzGeoJSON", dependencies: ["FuzzHarness", "ZonePipeline"]),
        .executableTarget(name: "FuzzGeometry", dependencies: ["FuzzHarness", "ZonePipeline"]),
        .executableTarget(name: "FuzzConfig", dependencies: ["FuzzHarness", "ZonePipeline"]),

        .testTarget(
            name: "ZonePipelineTests",
            dependencies: ["ZonePipeline", "TestSupport", "CGEOS", "FuzzHarness", "CivilTime", "URLRedaction"],
            exclude: ["Scripts"], resources: [.copy("Fixtures")]),
        // Shared by the test targets: a process runner, and moto_server for a real S3 API.
        .target(
            name: "TestSupport", dependencies: ["S3Upload"], path: "Tests/TestSupport", resources: [.copy("Resources")]),
        // TestSupport's FaultProxy as a program, for bench/soak-publish.sh.
        .executableTarget(name: "fault-proxy", dependencies: ["TestSupport"], path: "Tests/FaultProxyTool"),
        .testTarget(name: "S3UploadTests", dependencies: ["S3Upload", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ZoneClientTests", dependencies: ["ZoneClient", "TestSupport"]),
        .testTarget(
            name: "zonectlTests", dependencies: ["zonectl", "ZonePipeline", "ZoneClient", "TestSupport"],
            resources: [.copy("Scripts")]),
    ]
)
