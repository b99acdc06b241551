// swift-tools-version: 6.0
import PackageDescription

// The ZoneClient product is what iOS and macOS apps add: URLSession, async/await and the
// Compression framework's brotli need iOS 15 / macOS 12. Everything else (the pipeline, the
// S3 client, the CLI) is a Linux tool: it uses Int128 and Synchronization.Atomic (macOS 15)
// and system libraries. `ZONECTL_CLIENT_ONLY=1` declares only the client, its dependencies and
// its tests: the Apple workflow (.github/workflows/apple.yml) builds and tests that package.
let clientOnly = Context.environment["ZONECTL_CLIENT_ONLY"] == "1"

let clientTargets: [Target] = [
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
    // Decoding errors of a published manifest in plain words, naming the member by its JSON path.
    .target(name: "DecodingMessage"),
    // Web Mercator world units: where the pipeline puts a cluster's metatile is where the client looks.
    .target(name: "Mercator"),
    // CSS colours as MapLibre reads them: what the pipeline accepts is what the client reads.
    .target(name: "CSSColours"),
    // Everything a client needs but the network: manifest, ZoneSync over any ZoneTransport, the
    // cache, artifact checks, gzip and brotli, ZoneIndex, zone layers and styles, the MapLibre
    // style. The zonectl CLI links this alone, so its commands start without libcurl.
    .target(
        name: "ZoneClientCore",
        dependencies: [
            // gzip and brotli readers: system libraries on Linux, the Compression framework on Apple platforms.
            .target(name: "CZlib", condition: .when(platforms: [.linux])),
            .target(name: "CBrotli", condition: .when(platforms: [.linux])),
            "DecodingMessage", "Mercator", "CSSColours", .product(name: "Crypto", package: "swift-crypto"),
        ],
        exclude: [".swift-format"]),
    // The client apps add: the ZoneClient actor and URLSessionTransport, over ZoneClientCore
    // (re-exported). No ZonePipeline, no libcurl of ours.
    .target(name: "ZoneClient", dependencies: ["ZoneClientCore"], exclude: [".swift-format"]),
    // A loopback HTTP/1.1 server on POSIX sockets that serves a store as S3 and CDNs do, with
    // faults on demand (the client's tests; portable, so the Apple workflow runs them too).
    .target(name: "ClientTestSupport", path: "Tests/ClientTestSupport"),
    .testTarget(
        name: "ZoneClientTests", dependencies: ["ZoneClient", "ClientTestSupport"], resources: [.copy("Fixtures")]),
]

@MainActor func clientPackage() -> Package {
    Package(
        name: "zonectl",
        platforms: [.macOS(.v12), .iOS(.v15)],
        products: [.library(name: "ZoneClient", targets: ["ZoneClient"])],
        dependencies: [.package(url: "https://github.com/apple/swift-crypto", from: "3.12.3")],
        targets: clientTargets
    )
}

// PackageDescription dumps the last Package made, so only one is made.
@MainActor func fullPackage() -> Package {
    Package(
        name: "zonectl",
        platforms: [.macOS(.v12), .iOS(.v15)],
        products: [
            .executable(name: "zonectl", targets: ["zonectl"]),
            .executable(name: "zonectl-http", targets: ["zonectl-http"]),
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
            .systemLibrary(name: "CLibdeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),

            // UTC time stamps by calendar arithmetic (manifest versions, SigV4 signing times).
            .target(name: "CivilTime"),
            // Hides the credentials a URL carries (userinfo, signed-query values) before it is printed.
            .target(name: "URLRedaction"),
            // Small pieces every pipeline module uses: parallel map, cores lent between workers,
            // union-find, radix sort.
            .target(name: "ZoneSupport", dependencies: ["CFreeMemory"]),
            // glibc's malloc_trim, for ZoneSupport's releaseFreeMemory().
            .target(name: "CFreeMemory"),
            // The planar geometry of one city: the GEOS wrapper, PolygonalGeometry, antimeridian
            // split, overlay with snap rounding, gaps, simplify, validity. Its own settings; no
            // files, caches or JSON.
            .target(name: "ZoneGeometry", dependencies: ["CGEOS", "ZoneSupport"]),
            // The file formats the pipeline and the point layers read and write: source text and
            // diagnostics, the JSON scanner and values, gzip and brotli, fixed-point numbers, SHA-256
            // names. No geometry, config or output directory.
            .target(
                name: "ZoneFormats",
                dependencies: [
                    "CZlib", "CBrotli", "CLibdeflate", .product(name: "Crypto", package: "swift-crypto"),
                ]),
            // Point layers: the reader of point files (PointReader), the clustering per zoom
            // (PointSet, PointClusterer over a KD-tree, PointLevel) and the writers of a city's band
            // file, metatiles and point index (PointCityBuilder). No config file or output directory.
            .target(name: "ZonePoints", dependencies: ["ZoneFormats", "ZoneSupport", "Mercator"]),
            .target(
                name: "ZonePipeline",
                dependencies: [
                    "ZoneFormats", "ZoneGeometry", "ZonePoints", "ZoneTiles", "VectorTiles", "ZoneSupport",
                    "CLibdeflate",
                    "CivilTime", "URLRedaction", "Mercator", "CSSColours", "ZoneClientCore",
                    .product(name: "Yams", package: "Yams"),
                    .product(name: "Crypto", package: "swift-crypto"),
                ]
            ),
            // PMTiles v3 archives of Mapbox Vector Tiles (MVT 2.1): the encodings, no geometry.
            .target(name: "VectorTiles", dependencies: ["ZoneSupport"]),
            // The zones as vector tiles: per zoom, snapped to the world grid and simplified with shared
            // borders, cut into buffered tiles, each polygon valid on the tile's integers.
            .target(name: "ZoneTiles", dependencies: ["ZoneGeometry", "VectorTiles", "ZoneSupport", "Mercator"]),
            // S3Upload's libcurl layer: easy handle, header list, global init, response sink.
            .target(name: "CurlTransport", dependencies: ["CCurl"]),
            .target(
                name: "S3Upload",
                dependencies: [
                    "CCurl", "CurlTransport", "CivilTime", "URLRedaction",
                    .product(name: "Crypto", package: "swift-crypto"),
                ]),
            // The stores a command names, opened by one function (a directory, or S3 over S3Upload), and
            // the workflows over them: publish, sync, clusters. ZonePipeline never imports S3Upload.
            .target(name: "ZoneStores", dependencies: ["ZonePipeline", "ZoneClientCore", "S3Upload", "URLRedaction"]),
            .executableTarget(
                name: "zonectl",
                dependencies: [
                    "ZonePipeline", "ZoneFormats", "ZoneStores", "ZoneSupport", "ZoneClientCore", "URLRedaction",
                    .product(name: "ArgumentParser", package: "swift-argument-parser"),
                ]
            ),
            // `zonectl sync --from http(s)://` runs this beside zonectl: the sync over URLSession, whose
            // libcurl zonectl itself never loads.
            // prctl(PR_SET_PDEATHSIG) for zonectl-http: it dies with the zonectl that started it.
            .target(name: "CParentDeath"),
            .executableTarget(name: "zonectl-http", dependencies: ["ZoneClient", "CParentDeath"]),
            .executableTarget(
                name: "zonectl-bench",
                dependencies: [
                    "ZonePipeline", "ZoneFormats", "ZonePoints", "ZoneGeometry", "ZoneTiles", "ZoneSupport",
                    "ZoneClient",
                ],
                path: "Sources/zonectl-bench"),

            // libFuzzer targets (scripts/fuzz.sh, `make fuzz`): each harness calls FuzzHarness, which the
            // regression test replays Fuzz/regressions/ through. A plain build makes replay tools.
            .target(name: "FuzzHarness", dependencies: ["ZonePipeline", "ZoneFormats", "ZoneGeometry"]),
            .executableTarget(name: "FuzzGeoJSON", dependencies: ["FuzzHarness", "ZonePipeline", "ZoneGeometry"]),
            .executableTarget(name: "FuzzGeometry", dependencies: ["FuzzHarness", "ZonePipeline", "ZoneGeometry"]),
            .executableTarget(name: "FuzzConfig", dependencies: ["FuzzHarness", "ZonePipeline", "ZoneGeometry"]),

            .testTarget(
                name: "ZonePipelineTests",
                dependencies: [
                    "ZonePipeline", "ZoneFormats", "ZoneGeometry", "ZonePoints", "ZoneSupport", "TestSupport", "CGEOS",
                    "FuzzHarness", "CivilTime", "URLRedaction", "Mercator", "VectorTiles", "ZoneTiles",
                    "ZoneClientCore",
                ],
                exclude: ["Scripts"], resources: [.copy("Fixtures")]),
            // Shared by the test targets: a process runner, and moto_server for a real S3 API.
            .target(
                name: "TestSupport", dependencies: ["S3Upload", "ClientTestSupport"], path: "Tests/TestSupport",
                resources: [.copy("Resources")]),
            // TestSupport's FaultProxy as a program, for bench/soak-publish.sh.
            .executableTarget(name: "fault-proxy", dependencies: ["TestSupport"], path: "Tests/FaultProxyTool"),
            .testTarget(
                name: "S3UploadTests", dependencies: ["S3Upload", "TestSupport"], resources: [.copy("Fixtures")]),
            .testTarget(
                name: "ZoneStoresTests",
                dependencies: ["ZoneStores", "ZonePipeline", "ZoneClientCore", "TestSupport"]),
            .testTarget(
                name: "zonectlTests",
                dependencies: ["zonectl", "ZonePipeline", "ZoneFormats", "ZoneClient", "TestSupport", "CSSColours"],
                resources: [.copy("Scripts")]),
        ] + clientTargets
    )
}

let package = clientOnly ? clientPackage() : fullPackage()
