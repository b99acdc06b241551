/// Why credentials could not be loaded. Messages name variables, files, profiles and line
/// numbers — never a key, a secret or a token, nor the text of a line of a credentials file.
public enum CredentialsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One of AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY is set and the other is not.
    case partialEnvironment(set: String, missing: String)
    /// No credentials in the environment and no credentials file at `file`.
    case notFound(profile: String, file: String)
    /// The credentials file exists but could not be read as UTF-8 text.
    case unreadableFile(file: String, reason: String)
    /// A line of the credentials file is neither a `[section]`, a `key = value`, a comment nor blank.
    case malformedFile(file: String, line: Int)
    /// The credentials file has no `[profile]` section of that name.
    case profileNotFound(profile: String, file: String)
    /// The profile exists but lacks a key (`aws_access_key_id` or `aws_secret_access_key`).
    case incompleteProfile(profile: String, file: String, missing: String)

    /// A one-line message that names the source of the problem.
    public var description: String {
        switch self {
        case .partialEnvironment(let set, let missing):
            return "\(set) is set but \(missing) is not: set both, or neither to use a credentials file"
        case .notFound(let profile, let file):
            return "no AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set "
                + "and there is no credentials file at '\(file)' (profile '\(profile)')"
        case .unreadableFile(let file, let reason):
            return "cannot read the credentials file '\(file)': \(reason)"
        case .malformedFile(let file, let line):
            return "\(file):\(line): not a [profile] section, 'key = value' line or comment"
        case .profileNotFound(let profile, let file):
            return "profile '\(profile)' not found in the credentials file '\(file)'"
        case .incompleteProfile(let profile, let file, let missing):
            return "profile '\(profile)' in the credentials file '\(file)' has no \(missing)"
        }
    }
}
