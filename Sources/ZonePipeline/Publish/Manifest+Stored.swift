internal import DecodingMessage
import Foundation

extension Manifest {
    /// A published manifest's bytes decoded into the pipeline's own model, for `rollback`, which
    /// republishes an old version whole (members a client does not read included), as a publish
    /// republishes the build's manifest; every other read of a store goes through ZoneClientCore
    /// (``ZoneManifest/stored(_:orThrow:)``).
    /// A failure becomes `failure` of a one-line reason that names the member missing or wrong
    /// (`missing member "cities[3].key"`).
    static func decodeStored<E: Error>(_ bytes: [UInt8], orThrow failure: (String) -> E) throws(E) -> Manifest {
        do {
            return try JSONDecoder().decode(Manifest.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw failure(error.memberDescription)
        } catch {
            throw failure("\(error)")
        }
    }
}
