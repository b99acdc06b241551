import ZoneClientCore

/// One side of a diff: a manifest, as ZoneClientCore's model reads it, and the stored objects it
/// names.
///
/// "Before" is what a store serves (S3 or a local store) or what a build directory holds;
/// "after" is usually a build made in memory. Every artifact is checked against its manifest
/// entry by the client's checks (stored size, encoding, size, SHA-256) as it is read.
public struct ZoneSnapshot: Sendable {
    /// Where it came from, for people (a target or directory name; never a credential).
    public var name: String
    /// The published version shown for this side (nil for a build made in memory).
    public var version: String?
    /// The manifest (nil when the source has none yet: every city is new), or why it cannot be read.
    let reading: Result<ZoneManifest?, DiffError>
    /// The stored bytes of an object, nil when absent.
    let fetch: @Sendable (String) throws(DiffError) -> [UInt8]?

    /// The manifest; nil when there is none, or when it cannot be read (``clientManifest()`` says why).
    public var manifest: ZoneManifest? { (try? reading.get()) ?? nil }

    /// The manifest, nil when the source has none yet.
    func clientManifest() throws(DiffError) -> ZoneManifest? { try reading.get() }

    private init(
        name: String, reading: Result<ZoneManifest?, DiffError>,
        fetch: @escaping @Sendable (String) throws(DiffError) -> [UInt8]?
    ) {
        (self.name, self.reading, self.fetch) = (name, reading, fetch)
        version = manifest?.version
    }

    /// A snapshot of `manifest.json`'s bytes (nil: none) over any source of stored objects.
    public init(
        name: String, manifestBytes: [UInt8]?, fetch: @escaping @Sendable (String) throws(DiffError) -> [UInt8]?
    ) {
        self.init(name: name, reading: Self.read(manifestBytes, name: name), fetch: fetch)
    }

    /// A snapshot of a manifest already read, over any source of stored objects.
    public init(
        name: String, manifest: ZoneManifest?, fetch: @escaping @Sendable (String) throws(DiffError) -> [UInt8]?
    ) {
        self.init(name: name, reading: .success(manifest), fetch: fetch)
    }

    /// A snapshot of a manifest the pipeline made, read back as a store's would be.
    public init(name: String, manifest: Manifest?, fetch: @escaping @Sendable (String) throws(DiffError) -> [UInt8]?) {
        let reading: Result<ZoneManifest?, DiffError>
        do { reading = Self.read(try manifest?.jsonBytes(), name: name) } catch {
            reading = .failure(.unreadableManifest(source: name, reason: "cannot encode: \(error)"))
        }
        self.init(name: name, reading: reading, fetch: fetch)
    }

    /// `manifest.json`'s bytes decoded by ZoneClientCore's model (nil: there is none).
    private static func read(_ bytes: [UInt8]?, name: String) -> Result<ZoneManifest?, DiffError> {
        Result { () throws(DiffError) -> ZoneManifest? in
            do throws(ZoneClientError) { return try bytes.map(ZoneManifest.decode) } catch {
                if case .badManifest(let reason) = error { throw .unreadableManifest(source: name, reason: reason) }
                throw .unreadableManifest(source: name, reason: error.description)
            }
        }
    }

    /// What `store` serves: its manifest.json and the objects it names. A build directory
    /// (`dist/`) has the same layout, so `LocalStore(root: "dist")` reads one too.
    public static func published(_ store: ObjectStore) throws(DiffError) -> ZoneSnapshot {
        let bytes: [UInt8]?
        do { bytes = try store.get("manifest.json")?.bytes } catch { throw .store(error) }
        let snapshot = ZoneSnapshot(name: store.name, manifestBytes: bytes) { key throws(DiffError) in
            do throws(StoreError) { return try store.get(key)?.bytes } catch { throw .store(error) }
        }
        _ = try snapshot.clientManifest()
        return snapshot
    }

    /// A build made in memory (nothing written anywhere): its manifest read as a store's.
    public static func built(_ output: BuildOutput, name: String) -> ZoneSnapshot {
        let files = Dictionary(output.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        var snapshot = ZoneSnapshot(name: name, manifest: output.manifest) { key in files[key] }
        snapshot.version = nil
        return snapshot
    }

    /// The content of `artifact`, from its entry's own object, checked against the manifest.
    func content(of artifact: ZoneArtifact) throws(DiffError) -> [UInt8] {
        let object = artifact.storedObjects[0]
        guard let stored = try fetch(object.key) else {
            throw .corruptArtifact(key: object.key, reason: "missing from \(name)")
        }
        do { return try artifact.unpack(stored, from: object) } catch {
            if case .corrupt(let key, let reason) = error { throw .corruptArtifact(key: key, reason: reason) }
            throw .corruptArtifact(key: object.key, reason: error.description)
        }
    }
}
