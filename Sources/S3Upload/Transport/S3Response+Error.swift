extension S3Response {
    /// Whether `perform` hands the response back as a success: 2xx, and 304 (the answer to a
    /// conditional GET, which the operation interprets).
    var isSuccess: Bool { (200..<300).contains(status) || status == 304 }

    /// The typed error of a failed response: 412 → `.preconditionFailed`; 404 with NoSuchKey
    /// or without a body → `.notFound`; anything else → `.http` with the XML error fields.
    var error: S3Error {
        let body = S3ErrorBody(parsing: self.body)
        switch status {
        case 412:
            return .preconditionFailed
        case 404 where body == nil || body?.code == "NoSuchKey":
            return .notFound
        default:
            return .http(
                status: status, code: body?.code, message: body?.message, requestID: body?.requestID ?? requestID)
        }
    }
}
