/// One page of ListObjectsV2.
public struct S3ListPage: Sendable, Equatable {
    /// The objects of this page, in key order.
    public var objects: [S3ObjectSummary]
    /// The token for the next page; nil on the last page.
    public var nextContinuationToken: String?

    /// A page from its parts.
    public init(objects: [S3ObjectSummary], nextContinuationToken: String?) {
        self.objects = objects
        self.nextContinuationToken = nextContinuationToken
    }
}
