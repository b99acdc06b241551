import Foundation

/// The copied SigV4 known answers (`Fixtures/sigv4`, a SwiftPM resource of this target).
enum Fixtures {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "Fixtures resource not found in Bundle.module" }
    }

    /// `Fixtures/sigv4`.
    static func sigv4() throws -> URL {
        guard let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else { throw Missing() }
        return root.appendingPathComponent("sigv4")
    }

    /// `Fixtures/sigv4/aws-signing-test-suite-v4`.
    static func suite() throws -> URL {
        try sigv4().appendingPathComponent("aws-signing-test-suite-v4")
    }

    /// A fixture file's exact text.
    static func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }
}
