import ZoneClientCore
import ZoneFormats

/// A store's manifests as every reader of a store reads them: ZoneClientCore's model.
extension ZoneManifest {
    /// A stored manifest's bytes decoded; a failure becomes `failure` of a one-line reason that
    /// names the member missing or wrong (`missing member "cities[3].key"`).
    static func stored<E: Error>(_ bytes: [UInt8], orThrow failure: (String) -> E) throws(E) -> ZoneManifest {
        do throws(ZoneClientError) { return try decode(bytes) } catch {
            if case .badManifest(let reason) = error { throw failure(reason) }
            throw failure(error.description)
        }
    }

    /// Every stored object the manifest names with the artifact it holds: the style table, each
    /// city (its own object, then its brotli one), then each point layer's objects in the order
    /// the pipeline writes them (per city the band file, the metatiles, the index; then any
    /// other artifact-shaped member of the entry), then the tile archive (stored as it is).
    var storedObjects: [(artifact: ZoneArtifact, object: ZoneObject)] {
        let points = (points ?? []).flatMap { layer in
            let files = layer.cities.flatMap { city in
                (city.band.map { [$0] } ?? []) + city.metatiles + (city.index.map { [$0] } ?? [])
            }.map(\.artifact)
            let listed = Set(files.map(\.key))
            return files + layer.objects.filter { !listed.contains($0.key) }
        }
        let archive = tiles.map {
            [
                ZoneArtifact(
                    key: $0.key, sha256: $0.sha256, bytes: $0.bytes, encodedBytes: $0.bytes, contentEncoding: .identity)
            ]
        }
        return ([styles] + cities.map(\.artifact) + points + (archive ?? [])).flatMap { artifact in
            artifact.storedObjects.map { (artifact, $0) }
        }
    }

    /// The stored size (and SHA-256, where the manifest gives one) of every object it names.
    var storedEncodings: [String: StoredEncoding] {
        Dictionary(
            storedObjects.map {
                (
                    $0.object.key,
                    StoredEncoding(encodedBytes: $0.object.encodedBytes, encodedSha256: $0.object.encodedSha256)
                )
            }, uniquingKeysWith: { first, _ in first })
    }

    /// ``storedObjects`` by key (the first of a key named twice).
    var storedObjectsByKey: [String: (artifact: ZoneArtifact, object: ZoneObject)] {
        Dictionary(storedObjects.map { ($0.object.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension ZoneArtifact {
    /// What is wrong with `bytes` as `object` of this artifact (the client's checks: stored size
    /// and SHA-256, encoding, size and SHA-256 of the content), the object described as `stored`
    /// when given (the size and SHA-256 a store holds it with).
    func problems(_ bytes: [UInt8], as object: ZoneObject, storedAs stored: StoredEncoding? = nil) -> [String] {
        var object = object
        if let stored {
            object.encodedBytes = stored.encodedBytes
            if object.encodedSha256 != nil { object.encodedSha256 = stored.encodedSha256 }
        }
        return check(bytes, from: object).problems
    }
}

extension Manifest {
    /// This manifest as every reader of a store reads it: its JSON, as written, decoded by
    /// ZoneClientCore's model.
    public func clientModel() throws(ZoneClientError) -> ZoneManifest {
        let bytes: [UInt8]
        do { bytes = try jsonBytes() } catch { throw .badManifest("cannot encode: \(error)") }
        return try ZoneManifest.decode(bytes)
    }
}
