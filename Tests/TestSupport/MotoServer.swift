import Foundation
import S3Upload

#if canImport(Glibc)
    import Glibc
#endif

/// A `moto_server` on 127.0.0.1 with signature checking on, for one test suite: started by
/// `MotoServerTrait`, reached in tests through `MotoServer.current`, stopped by PID at the end.
///
/// moto_server is found next to `ZONECTL_PYTHON` (the venv `make test` sets up), else on PATH,
/// else run as `python3 -m moto.server`.
public final class MotoServer: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The running server of the current suite.
    @TaskLocal public static var current: MotoServer?

    /// The bucket the trait creates for the tests.
    public static let bucket = "zonectl-tests"
    public let port: Int
    /// The IAM user's key: moto accepts requests signed with it and nothing else.
    public let credentials: Credentials
    private let process: Process
    private let directory: URL

    /// `http://127.0.0.1:<port>`.
    public var endpoint: S3Endpoint { get throws { try S3Endpoint(scheme: .http, host: "127.0.0.1", port: port) } }

    private init(port: Int, credentials: Credentials, process: Process, directory: URL) {
        self.port = port
        self.credentials = credentials
        self.process = process
        self.directory = directory
    }

    /// Starts moto on a free port, waits until it accepts connections, turns auth on.
    public static func start() throws -> MotoServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("moto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let port = try LoopbackSocket.freePort()
        let process = Process()
        let (executable, arguments) = command()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments + ["-H", "127.0.0.1", "-p", String(port)]
        let log = directory.appendingPathComponent("moto.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try handle.close()

        let deadline = Date().addingTimeInterval(30)
        while true {
            if let fd = LoopbackSocket.connect(port: port) {
                close(fd)
                break
            }
            guard process.isRunning, Date() < deadline else {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                throw Failure(description: "moto_server did not start on port \(port): \(output.suffix(2000))")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        do {
            let credentials = try enableAuth(port: port, directory: directory)
            return MotoServer(port: port, credentials: credentials, process: process, directory: directory)
        } catch {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw error
        }
    }

    /// SIGTERM to the server's PID (SIGKILL after 5 s), then removes its temporary directory.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A client for `bucket` at this server (or at `port`, e.g. a proxy's) with the test
    /// user's credentials unless others are given.
    public func client(
        bucket: String = MotoServer.bucket, port: Int? = nil, host: String = "127.0.0.1",
        addressingStyle: S3AddressingStyle = .path, credentials: Credentials? = nil,
        environment: S3ClientEnvironment = .live, configure: (inout S3ClientConfiguration) -> Void = { _ in }
    ) throws -> S3Client {
        var configuration = S3ClientConfiguration(
            endpoint: try S3Endpoint(scheme: .http, host: host, port: port ?? self.port), region: "us-east-1",
            bucket: bucket, addressingStyle: addressingStyle, connectTimeout: .seconds(5),
            baseBackoff: .milliseconds(10), maxBackoff: .milliseconds(100))
        configure(&configuration)
        return try S3Client(
            configuration: configuration, credentials: credentials ?? self.credentials, environment: environment)
    }

    /// moto_server's executable and leading arguments.
    private static func command() -> (String, [String]) {
        let environment = ProcessInfo.processInfo.environment
        if let python = environment["ZONECTL_PYTHON"] {
            let sibling = URL(fileURLWithPath: python).deletingLastPathComponent().appendingPathComponent("moto_server")
                .path
            if FileManager.default.isExecutableFile(atPath: sibling) { return (sibling, []) }
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/moto_server"
            if FileManager.default.isExecutableFile(atPath: candidate) { return (candidate, []) }
        }
        return ("/usr/bin/env", [python, "-m", "moto.server"])
    }

    /// The Python with boto3 (make test sets ZONECTL_PYTHON to the venv's).
    private static var python: String { ProcessInfo.processInfo.environment["ZONECTL_PYTHON"] ?? "python3" }

    /// Runs `Fixtures/moto/enable_auth.py` and reads the key it prints.
    private static func enableAuth(port: Int, directory: URL) throws -> Credentials {
        guard let resources = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            throw Failure(description: "TestSupport resources not found")
        }
        let script = resources.appendingPathComponent("enable_auth.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python.hasPrefix("/") ? python : "/usr/bin/env")
        process.arguments = (python.hasPrefix("/") ? [] : [python]) + [script, "http://127.0.0.1:\(port)"]
        let out = directory.appendingPathComponent("auth.out")
        let err = directory.appendingPathComponent("auth.err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let output = try Data(contentsOf: out)
        try? FileManager.default.removeItem(at: out)
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
            throw Failure(description: "enable_auth.py failed (\(process.terminationStatus)): \(message.suffix(2000))")
        }
        struct Key: Decodable {
            let accessKeyID: String
            let secretAccessKey: String
        }
        let key = try JSONDecoder().decode(Key.self, from: output)
        return Credentials(accessKeyID: key.accessKeyID, secretAccessKey: key.secretAccessKey)
    }
}
