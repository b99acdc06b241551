import Foundation

extension Credentials {
    /// Credentials as the AWS CLI finds them: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (with
    /// AWS_SESSION_TOKEN) when set, else the profile AWS_PROFILE (default "default") of the shared
    /// credentials file AWS_SHARED_CREDENTIALS_FILE (default `<home>/.aws/credentials`).
    ///
    /// - Parameters:
    ///   - environment: the variables to read; the process environment by default.
    ///   - homeDirectory: where `.aws/credentials` and a leading `~/` resolve; by default the
    ///     environment's HOME, else the user's home directory.
    public static func load(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: String? = nil
    ) throws(CredentialsError) -> Credentials {
        if let credentials = try fromEnvironment(environment) { return credentials }
        let profile = environment["AWS_PROFILE"].nonEmpty ?? "default"
        let file = sharedCredentialsFilePath(environment: environment, homeDirectory: homeDirectory)
        return try fromSharedCredentialsFile(atPath: file, profile: profile)
    }

    /// Credentials from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN; nil when
    /// neither key variable is set (empty counts as unset); an error when only one is.
    public static func fromEnvironment(_ environment: [String: String]) throws(CredentialsError) -> Credentials? {
        let id = environment["AWS_ACCESS_KEY_ID"].nonEmpty
        let secret = environment["AWS_SECRET_ACCESS_KEY"].nonEmpty
        switch (id, secret) {
        case (nil, nil):
            return nil
        case (_?, nil):
            throw .partialEnvironment(set: "AWS_ACCESS_KEY_ID", missing: "AWS_SECRET_ACCESS_KEY")
        case (nil, _?):
            throw .partialEnvironment(set: "AWS_SECRET_ACCESS_KEY", missing: "AWS_ACCESS_KEY_ID")
        case (let id?, let secret?):
            return Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: environment["AWS_SESSION_TOKEN"])
        }
    }

    /// Credentials from the `[profile]` section of an AWS shared credentials file
    /// (`aws_access_key_id`, `aws_secret_access_key`, optional `aws_session_token`).
    public static func fromSharedCredentialsFile(atPath path: String, profile: String) throws(CredentialsError)
        -> Credentials
    {
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(profile: profile, file: path) }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .unreadableFile(file: path, reason: Self.reason(error))
        }
        let file = try SharedCredentialsFile(parsing: text, path: path)
        guard let keys = file.profiles[profile] else { throw .profileNotFound(profile: profile, file: path) }
        guard let id = keys["aws_access_key_id"].nonEmpty else {
            throw .incompleteProfile(profile: profile, file: path, missing: "aws_access_key_id")
        }
        guard let secret = keys["aws_secret_access_key"].nonEmpty else {
            throw .incompleteProfile(profile: profile, file: path, missing: "aws_secret_access_key")
        }
        return Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: keys["aws_session_token"])
    }

    /// AWS_SHARED_CREDENTIALS_FILE (a leading `~/` resolved against the home directory), else
    /// `<home>/.aws/credentials`.
    static func sharedCredentialsFilePath(environment: [String: String], homeDirectory: String?) -> String {
        let home = homeDirectory ?? environment["HOME"].nonEmpty ?? FileManager.default.homeDirectoryForCurrentUser.path
        guard let configured = environment["AWS_SHARED_CREDENTIALS_FILE"].nonEmpty else {
            return (home as NSString).appendingPathComponent(".aws/credentials")
        }
        if configured == "~" { return home }
        if configured.hasPrefix("~/") {
            return (home as NSString).appendingPathComponent(String(configured.dropFirst(2)))
        }
        return configured
    }

    /// A short reason for a read failure, without file contents.
    private static func reason(_ error: any Error) -> String {
        switch (error as? CocoaError)?.code {
        case .fileReadNoPermission?: return "permission denied"
        case .fileReadInapplicableStringEncoding?, .fileReadCorruptFile?: return "not UTF-8 text"
        default: return "read failed (\((error as NSError).domain) \((error as NSError).code))"
        }
    }
}

extension Optional where Wrapped == String {
    /// The string, or nil when it is nil or empty.
    var nonEmpty: String? {
        switch self {
        case let value? where !value.isEmpty: return value
        default: return nil
        }
    }
}
