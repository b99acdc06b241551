import Foundation
import S3Upload
import ZonePipeline

/// The ObjectStore of an `s3://bucket/prefix` target, over S3Upload's client. This adapter is
/// the only place that knows both: ZonePipeline never imports S3Upload.
public struct S3ObjectStore: ObjectStore {
    let client: S3Client
    public let bucket: String
    /// Key prefix inside the bucket, "" or ending in "/".
    public let prefix: String

    public var name: String { "s3://\(bucket)/\(prefix)" }

    /// Every request the client sent, retries included (and counted apart as well).
    public var requestCounts: StoreRequestCounts? {
        let counts = client.requestCounts
        return StoreRequestCounts(sent: counts.sent, retries: counts.retries)
    }

    /// Opens `s3://bucket/prefix` (``StoreLocation/s3(bucket:prefix:)``) with pipeline.yml's
    /// publish settings, the endpoint from pipeline.yml or AWS_ENDPOINT_URL (else AWS), the region
    /// from pipeline.yml or AWS_REGION, and credentials from the environment or AWS_PROFILE.
    public init(
        bucket: String, prefix: String, config: PublishConfig,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let region = config.region ?? environment["AWS_REGION"] ?? environment["AWS_DEFAULT_REGION"] ?? "us-east-1"
        let endpoint: S3Endpoint
        if let url = config.endpoint ?? environment["AWS_ENDPOINT_URL_S3"] ?? environment["AWS_ENDPOINT_URL"] {
            endpoint = try S3Endpoint(url: url)
        } else {
            endpoint = try S3Endpoint.aws(region: region)
        }
        let configuration = S3ClientConfiguration(
            endpoint: endpoint, region: region, bucket: bucket,
            addressingStyle: config.addressing == .virtual ? .virtualHosted : .path,
            lowSpeedTime: .seconds(config.stallTimeoutS), maxAttempts: config.maxAttempts,
            concurrency: config.concurrency)
        let credentials = try Credentials.load(environment: environment)
        self.client = try S3Client(configuration: configuration, credentials: credentials)
        self.bucket = bucket
        self.prefix = prefix
    }

    public func get(_ key: String) throws(StoreError) -> StoredObject? {
        do {
            switch try client.getObject(key: prefix + key) {
            case .object(let o):
                let m = o.metadata
                let metadata = m.contentType.map {
                    ObjectMetadata(
                        contentType: $0, contentEncoding: m.contentEncoding, cacheControl: m.cacheControl ?? "")
                }
                return StoredObject(bytes: o.body, etag: m.etag, metadata: metadata)
            case .notModified:
                return nil
            }
        } catch .notFound {
            return nil
        } catch {
            throw .failed(key: key, message: error.description)
        }
    }

    public func put(_ uploads: [ObjectUpload], condition: WriteCondition?) throws(StoreError) -> [Bool] {
        let s3Condition: S3WriteCondition? =
            switch condition {
            case .absent?: .ifAbsent
            case .matches(let tag)?: .ifMatch(tag)
            case nil: nil
            }
        let results = client.putObjects(
            uploads.map {
                S3ObjectUpload(
                    key: prefix + $0.key, body: $0.bytes, contentType: $0.metadata.contentType,
                    contentEncoding: $0.metadata.contentEncoding, cacheControl: $0.metadata.cacheControl,
                    condition: s3Condition)
            })
        var written: [Bool] = []
        for (upload, result) in zip(uploads, results) {
            switch result {
            case .success: written.append(true)
            case .failure(let e) where e.lastAttemptError == .preconditionFailed:
                if condition == .absent { written.append(false) } else { throw .preconditionFailed(key: upload.key) }
            case .failure(let e): throw .failed(key: upload.key, message: e.description)
            }
        }
        return written
    }

    public func list(prefix sub: String) throws(StoreError) -> [String] {
        do {
            return try client.listAllObjects(prefix: prefix + sub).map { String($0.key.dropFirst(prefix.count)) }
                .sorted()
        } catch {
            throw .failed(key: sub, message: error.description)
        }
    }

    public func delete(_ keys: [String]) throws(StoreError) {
        for key in keys {
            do { try client.deleteObject(key: prefix + key) } catch .notFound {} catch {
                throw .failed(key: key, message: error.description)
            }
        }
    }
}
