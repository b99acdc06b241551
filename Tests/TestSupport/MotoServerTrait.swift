import Testing

/// Starts one `MotoServer` around a whole suite (and the bucket `MotoServer.bucket` in it);
/// stops it when the suite is done.
public struct MotoServerTrait: SuiteTrait, TestScoping {
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try MotoServer.start()
        defer { server.stop() }
        try server.client().createBucket()
        try await MotoServer.$current.withValue(server) { try await function() }
    }
}

extension Trait where Self == MotoServerTrait {
    /// Runs the suite against its own moto_server.
    public static var motoServer: Self { MotoServerTrait() }
}

extension MotoServer {
    /// The server of the running suite; fails the test when there is none.
    public static func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> MotoServer {
        try #require(current, "no moto_server: the suite needs the .motoServer trait", sourceLocation: sourceLocation)
    }
}
