extension S3Client {
    /// PutObject; returns the new ETag (quotes included). With `.ifAbsent` an existing object,
    /// with `.ifMatch` a changed one, gives `.preconditionFailed`.
    public func putObject(
        key: String, body: [UInt8], contentType: String? = nil, contentEncoding: String? = nil,
        cacheControl: String? = nil, condition: S3WriteCondition? = nil
    ) throws(S3Error) -> String {
        let upload = S3ObjectUpload(
            key: key, body: body, contentType: contentType, contentEncoding: contentEncoding,
            cacheControl: cacheControl, condition: condition)
        return try putObjects([upload])[0].get()
    }

    /// PutObject for each upload, `configuration.concurrency` at a time; the ETags or errors
    /// in the order of `uploads`.
    public func putObjects(_ uploads: [S3ObjectUpload]) -> [Result<String, S3Error>] {
        perform(uploads.map(S3Request.putObject)).map { outcome in
            outcome.flatMap { response in
                guard let etag = response.etag else {
                    return .failure(.invalidResponse("PUT answered without an ETag"))
                }
                return .success(etag)
            }
        }
    }

    /// GetObject. With `ifNoneMatch`, `.notModified` when the object still has that ETag.
    /// A missing object throws `.notFound`.
    public func getObject(key: String, ifNoneMatch etag: String? = nil) throws(S3Error) -> S3GetResult {
        let response = try perform(.getObject(key: key, ifNoneMatch: etag)).get()
        if response.status == 304 { return .notModified }
        guard response.status == 200 else {
            throw .http(status: response.status, code: nil, message: nil, requestID: response.requestID)
        }
        return .object(S3Object(body: response.body, metadata: try Self.metadata(response)))
    }

    /// HeadObject: the metadata without the body; a missing object throws `.notFound`.
    public func headObject(key: String) throws(S3Error) -> S3ObjectMetadata {
        try Self.metadata(try perform(.headObject(key: key)).get())
    }

    /// DeleteObject. S3 answers 204 whether or not the object existed.
    public func deleteObject(key: String) throws(S3Error) {
        _ = try perform(.deleteObject(key: key)).get()
    }

    /// CreateBucket for `configuration.bucket` in `configuration.region`. A bucket someone else
    /// owns throws `.http(status: 409, code: "BucketAlreadyExists", …)`; one of your own gives
    /// `BucketAlreadyOwnedByYou` (409) — except in us-east-1, where S3 answers 200.
    public func createBucket() throws(S3Error) {
        _ = try perform(.createBucket(region: configuration.region)).get()
    }

    static func metadata(_ response: S3Response) throws(S3Error) -> S3ObjectMetadata {
        guard let etag = response.etag else { throw .invalidResponse("the object's headers have no ETag") }
        return S3ObjectMetadata(
            etag: etag, contentLength: response.value(forHeader: "Content-Length").flatMap { Int64($0) },
            contentType: response.value(forHeader: "Content-Type"),
            contentEncoding: response.value(forHeader: "Content-Encoding"),
            cacheControl: response.value(forHeader: "Cache-Control"),
            lastModified: response.value(forHeader: "Last-Modified"))
    }
}
