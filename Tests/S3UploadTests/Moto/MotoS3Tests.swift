import Foundation
import S3Upload
import Testing

/// The S3 client against a real S3 API: one moto_server (signature checking on) for all the
/// suites nested here, which run one test at a time. The nested suites live in the other files
/// of this folder.
@Suite("S3 client against moto_server", .serialized, .motoServer, .tags(.moto))
struct MotoS3Tests {}

/// A key prefix of its own for each test, so tests never see each other's objects. It has no
/// '/': moto cannot verify the signature of a query value that needs percent-encoding (a
/// ListObjectsV2 `prefix=a%2F`), though AWS can; keys themselves may contain '/'.
func uniquePrefix(_ name: String) -> String {
    "\(name)-\(UUID().uuidString.prefix(8).lowercased())"
}

/// Deterministic bytes of a given size.
func testBytes(_ count: Int, seed: UInt8 = 0) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
}
