/// How an object is served: the HTTP headers a client gets with it.
public struct ObjectMetadata: Sendable, Equatable {
    public var contentType: String
    public var contentEncoding: String?
    public var cacheControl: String

    public init(contentType: String, contentEncoding: String?, cacheControl: String) {
        self.contentType = contentType
        self.contentEncoding = contentEncoding
        self.cacheControl = cacheControl
    }
}

/// An object read from a store.
public struct StoredObject: Sendable {
    public var bytes: [UInt8]
    /// The store's version tag, used for conditional writes (an S3 ETag).
    public var etag: String
    /// Metadata, where the store keeps it.
    public var metadata: ObjectMetadata?

    public init(bytes: [UInt8], etag: String, metadata: ObjectMetadata?) {
        self.bytes = bytes
        self.etag = etag
        self.metadata = metadata
    }
}

/// One object to write.
public struct ObjectUpload: Sendable {
    public var key: String
    public var bytes: [UInt8]
    public var metadata: ObjectMetadata

    public init(key: String, bytes: [UInt8], metadata: ObjectMetadata) {
        self.key = key
        self.bytes = bytes
        self.metadata = metadata
    }
}

/// What a conditional write may find.
public enum WriteCondition: Sendable, Equatable {
    /// Write only if the key does not exist (If-None-Match: *).
    case absent
    /// Write only if the current object has this tag (If-Match).
    case matches(String)
}

/// Failures of a store.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The write's condition did not hold (HTTP 412).
    case preconditionFailed(key: String)
    /// Anything else: I/O, network, server; the message names the key, never a secret.
    case failed(key: String, message: String)

    public var description: String {
        switch self {
        case .preconditionFailed(let key): "\(key): the object changed (precondition failed)"
        case .failed(let key, let message): "\(key): \(message)"
        }
    }
}

/// Where artifacts are published: an S3 bucket prefix or a local directory. Keys are relative
/// paths ("manifest.json", "zones/berlin/<sha>.geojson.gz").
public protocol ObjectStore: Sendable {
    /// A human-readable name of the target (no credentials).
    var name: String { get }
    /// The object at `key`, or nil when there is none.
    func get(_ key: String) throws(StoreError) -> StoredObject?
    /// Writes `uploads` (in parallel where the store can); each only if `condition` holds.
    /// Returns, per upload, true when written and false when `.absent` found it already there.
    /// A failed `.matches` condition throws `.preconditionFailed`.
    func put(_ uploads: [ObjectUpload], condition: WriteCondition?) throws(StoreError) -> [Bool]
    /// Keys under `prefix`, sorted.
    func list(prefix: String) throws(StoreError) -> [String]
    /// Removes `keys` (absent keys are fine).
    func delete(_ keys: [String]) throws(StoreError)
    /// The requests made so far, for stores reached over HTTP; nil for the local store.
    var requestCounts: StoreRequestCounts? { get }
    /// Removes what killed writers left (best effort), before a publish writes.
    func removeLeftovers()
}

extension ObjectStore {
    /// No requests: a store that is not reached over HTTP.
    public var requestCounts: StoreRequestCounts? { nil }
    /// Nothing to remove: a store whose writes leave nothing behind when killed.
    public func removeLeftovers() {}
}

/// The HTTP requests a store has made, by method ("GET", "PUT", …).
public struct StoreRequestCounts: Sendable, Equatable {
    /// Requests sent, every attempt counted.
    public var sent: [String: Int]
    /// Of those, the attempts that repeated a failed one.
    public var retries: [String: Int]

    public init(sent: [String: Int], retries: [String: Int]) {
        self.sent = sent
        self.retries = retries
    }

    /// e.g. "GET 3, PUT 10 (retries: PUT 2)"; "none" when nothing was sent.
    public var summary: String {
        func list(_ counts: [String: Int]) -> String {
            counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                separator: ", ")
        }
        let sentText = list(sent)
        let retryText = list(retries)
        return (sentText.isEmpty ? "none" : sentText) + (retryText.isEmpty ? "" : " (retries: \(retryText))")
    }
}
