extension S3Client {
    /// One page of ListObjectsV2: up to `maxKeys` (S3's default 1000) objects whose keys start
    /// with `prefix`, after `continuationToken`.
    public func listObjectsV2(prefix: String? = nil, continuationToken: String? = nil, maxKeys: Int? = nil)
        throws(S3Error) -> S3ListPage
    {
        let response = try perform(
            .listObjectsV2(prefix: prefix, continuationToken: continuationToken, maxKeys: maxKeys)
        ).get()
        return try ListBucketResult.parse(response.body)
    }

    /// Every object whose key starts with `prefix`, following continuation tokens page by page.
    public func listAllObjects(prefix: String? = nil, pageSize: Int? = nil) throws(S3Error) -> [S3ObjectSummary] {
        var objects: [S3ObjectSummary] = []
        var token: String?
        var seen: Set<String> = []
        repeat {
            let page = try listObjectsV2(prefix: prefix, continuationToken: token, maxKeys: pageSize)
            objects += page.objects
            token = page.nextContinuationToken
            if let next = token {
                guard seen.insert(next).inserted else {
                    throw .invalidResponse("ListObjectsV2 repeated a continuation token")
                }
            }
        } while token != nil
        return objects
    }
}
