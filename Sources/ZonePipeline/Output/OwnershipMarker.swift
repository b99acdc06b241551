import Foundation
import ZoneFormats

/// The marker file of an ``OwnedDirectory``: its kind, and the files its last write left.
/// JSON as `JSONEncoder` would write it (pretty, sorted keys), written and read without
/// Codable: with a hundred identified files, encoding it twice and decoding it twice through
/// Codable was a visible part of a one-city rebuild.
struct OwnershipMarker: Equatable {
    var owner = "zonectl"
    var kind: OwnedDirectory.Kind
    var files: [String]
    /// True while a write runs (it may leave temporary files if interrupted); absent once it
    /// has finished, and in markers of versions that did not record it.
    var writing: Bool?
    /// The files written with an identity (``OwnedDirectory/File/identity``), by path: the
    /// identity and the file's stamp once in place. Absent in markers of earlier versions.
    var identities: [String: IdentifiedFile]?

    init(
        kind: OwnedDirectory.Kind, files: [String], writing: Bool? = nil, identities: [String: IdentifiedFile]? = nil
    ) {
        (self.kind, self.files, self.writing, self.identities) = (kind, files, writing, identities)
    }

    static func read(in directory: String) -> OwnershipMarker? {
        readWholeFile(directory + "/" + OwnedDirectory.markerName).flatMap(OwnershipMarker.init(decoding:))
    }

    /// The file's bytes, ending in a newline.
    func encoded() -> [UInt8] {
        var w = PrettyJSON()
        w.object { w in
            w.member("files", files)
            if let identities {
                w.key("identities")
                w.dictionary(identities) { w, file in
                    w.object { w in
                        w.member("identity", file.identity)
                        w.key("stamp")
                        w.array(file.stamp) { $0.int(Int($1)) }
                    }
                }
            }
            w.member("kind", kind.rawValue)
            w.member("owner", owner)
            if let writing {
                w.key("writing")
                w.bool(writing)
            }
        }
        return w.bytes + [0x0A]
    }

    /// Reads ``encoded()`` (or what `JSONEncoder` wrote before); nil for anything else.
    init?(decoding bytes: [UInt8]) {
        guard case .object(let o)? = try? JSONScanner.document(bytes), o["owner"]?.stringValue == "zonectl",
            let kind = o["kind"]?.stringValue.flatMap(OwnedDirectory.Kind.init(rawValue:)),
            case .array(let list)? = o["files"]
        else { return nil }
        let files = list.compactMap(\.stringValue)
        guard files.count == list.count else { return nil }
        self.init(kind: kind, files: files)
        switch o["writing"] {
        case nil, .null?: break
        case .bool(let b)?: writing = b
        default: return nil
        }
        switch o["identities"] {
        case nil, .null?: break
        case .object(let records)?:
            var identities: [String: IdentifiedFile] = [:]
            for (path, record) in records.members {
                guard case .object(let r) = record, let identity = r["identity"]?.stringValue,
                    case .array(let numbers)? = r["stamp"]
                else { return nil }
                let stamp = numbers.compactMap { n -> Int64? in
                    guard case .number(let d) = n else { return nil }
                    return Int64(exactly: d)
                }
                guard stamp.count == numbers.count else { return nil }
                identities[path] = IdentifiedFile(identity: identity, stamp: stamp)
            }
            self.identities = identities
        default: return nil
        }
    }
}

/// A file of known content in an owned directory: what its bytes are known by, and its
/// ``FileStamp`` fields (device, inode, size, modification and change times) once in place.
struct IdentifiedFile: Equatable, Sendable {
    var identity: String
    var stamp: [Int64]
}
