// swift-tools-version: 6.0
import PackageDescription

// The app-side code of docs/CLIENT.md as a library that depends on ZoneClient the way an app
// does. Only the Apple workflow (.github/workflows/apple.yml) builds it, for iOS; the guide's
// blocks that show these files are kept equal to them by scripts/check-client-portability.sh.
let package = Package(
    name: "ZoneMapKit",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [.library(name: "ZoneMapKit", targets: ["ZoneMapKit"])],
    dependencies: [.package(name: "zonectl", path: "../..")],
    targets: [.target(name: "ZoneMapKit", dependencies: [.product(name: "ZoneClient", package: "zonectl")])]
)
