extension S3Request {
    /// PutObject: the body with Content-MD5, the metadata headers and the condition.
    public static func putObject(_ upload: S3ObjectUpload) -> S3Request {
        var headers: [SignableRequest.Header] = [.init("Content-MD5", ContentMD5.value(of: upload.body))]
        if let value = upload.contentType { headers.append(.init("Content-Type", value)) }
        if let value = upload.contentEncoding { headers.append(.init("Content-Encoding", value)) }
        if let value = upload.cacheControl { headers.append(.init("Cache-Control", value)) }
        switch upload.condition {
        case .ifAbsent?: headers.append(.init("If-None-Match", "*"))
        case .ifMatch(let etag)?: headers.append(.init("If-Match", etag))
        case nil: break
        }
        return S3Request(method: "PUT", key: upload.key, headers: headers, body: upload.body)
    }

    /// GetObject, conditional on the ETag differing when `ifNoneMatch` is given.
    public static func getObject(key: String, ifNoneMatch etag: String? = nil) -> S3Request {
        S3Request(method: "GET", key: key, headers: etag.map { [.init("If-None-Match", $0)] } ?? [])
    }

    /// HeadObject.
    public static func headObject(key: String) -> S3Request {
        S3Request(method: "HEAD", key: key)
    }

    /// DeleteObject.
    public static func deleteObject(key: String) -> S3Request {
        S3Request(method: "DELETE", key: key)
    }

    /// ListObjectsV2: one page of keys starting with `prefix`, after `continuationToken`.
    public static func listObjectsV2(prefix: String?, continuationToken: String? = nil, maxKeys: Int? = nil)
        -> S3Request
    {
        var query: [SignableRequest.QueryItem] = [.init("list-type", "2")]
        if let prefix { query.append(.init("prefix", prefix)) }
        if let continuationToken { query.append(.init("continuation-token", continuationToken)) }
        if let maxKeys { query.append(.init("max-keys", String(maxKeys))) }
        return S3Request(method: "GET", key: nil, query: query)
    }

    /// CreateBucket; outside us-east-1 the body names the region (LocationConstraint).
    public static func createBucket(region: String) -> S3Request {
        guard region != "us-east-1" else { return S3Request(method: "PUT", key: nil) }
        let xml =
            "<CreateBucketConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
            + "<LocationConstraint>\(region)</LocationConstraint></CreateBucketConfiguration>"
        return S3Request(
            method: "PUT", key: nil, headers: [.init("Content-Type", "application/xml")], body: Array(xml.utf8))
    }
}
