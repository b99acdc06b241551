/// A libcurl failure: a call that sets a transfer up, or the transfer itself.
public enum CurlError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The transfer did not complete (`CURLcode` and curl's message: connect failure, timeout, …).
    case transport(code: Int, message: String)
    /// A libcurl call that sets a transfer up failed (`function` names the call and option).
    case libcurl(function: String, code: Int, message: String)

    /// A one-line message.
    public var description: String {
        switch self {
        case .transport(let code, let message): "transfer failed: \(message) (curl code \(code))"
        case .libcurl(let function, let code, let message): "\(function) failed: \(message) (curl code \(code))"
        }
    }
}
