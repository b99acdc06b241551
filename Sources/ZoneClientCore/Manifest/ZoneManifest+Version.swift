internal import Foundation

extension ZoneManifest {
    /// A published manifest's bytes as another version of itself: `version` and `previous` set,
    /// every other member kept as it is (members a client does not read included), written as a
    /// publisher writes a manifest (sorted keys, two-space indent, a final newline). `zonectl
    /// rollback` serves an old version's artifacts again this way.
    public static func rewritten(
        _ bytes: [UInt8], version: String, previous: String?
    ) throws(ZoneClientError) -> [UInt8] {
        do {
            guard case .object(var root) = try JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
                throw ZoneClientError.badManifest("not a JSON object")
            }
            root["version"] = .string(version)
            root["previous"] = previous.map { .string($0) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let out = [UInt8](try encoder.encode(JSONValue.object(root))) + [0x0A]
            _ = try decode(out)
            return out
        } catch let error as ZoneClientError {
            throw error
        } catch {
            throw .badManifest("cannot rewrite the manifest: \(error)")
        }
    }
}
