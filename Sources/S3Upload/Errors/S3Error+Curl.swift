import CurlTransport

extension S3Error {
    /// The S3Upload error for a failure of the shared curl layer (same cases, same codes).
    init(_ error: CurlError) {
        switch error {
        case .transport(let code, let message): self = .transport(code: code, message: message)
        case .libcurl(let function, let code, let message):
            self = .libcurl(function: function, code: code, message: message)
        }
    }
}
