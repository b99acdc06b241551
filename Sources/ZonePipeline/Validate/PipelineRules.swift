import ZoneFormats
import ZoneGeometry

/// Rules that span features and files: every feature carries the `group_by` properties, one
/// style name always comes with the same raw style values (and agrees with pipeline.yml's
/// definition), and feature ids are unique within their file (ids of different files are
/// independent: authoring tools number each file's features from 0).
struct PipelineRules {
    let config: PipelineConfig

    func check<Features: RandomAccessCollection>(_ features: Features) -> [Diagnostic]
    where Features.Element: FeatureFacts, Features.Index == Int {
        var out: [Diagnostic] = []
        var firstStyle: [String: (values: JSONObject, location: SourceLocation)] = [:]
        var firstID: [JSONValue: SourceLocation] = [:]
        var idFile = ""
        let styleKeys = KeyOrder(config.styleKeys)
        // Property sets that passed the group-key and style checks pass them again (the style
        // values seen first only ever gain keys). Features share a few sets (the loader gives
        // equal sets of one file one storage), so they are remembered by storage; all features
        // are alive meanwhile, so no address is reused. A feature with its predecessor's
        // storage looks nothing up.
        var clean = IntegerTable<UInt>(capacity: 64)
        var lastClean: UInt? = nil
        // Fields read in place, not each feature copied (``Grouping/group(_:by:)``): only a
        // feature whose properties are not known clean is looked at whole.
        for i in features.indices {
            if features[i].location.file != idFile {
                firstID.removeAll(keepingCapacity: true)
                idFile = features[i].location.file
            }
            if let id = features[i].id {
                if let first = firstID[id] {
                    out.append(.error(features[i].location, "duplicate feature id \(id) (first at \(first))"))
                } else {
                    firstID[id] = features[i].location
                }
            }
            let identity = features[i].properties.storageIdentity
            if identity == lastClean || clean[identity] != nil {
                lastClean = identity
                continue
            }
            let f = features[i]
            let found = out.count
            defer {
                if out.count == found {
                    clean.insert(identity)
                    lastClean = identity
                }
            }
            checkGroupKeys(f, &out)
            guard let name = f.properties[config.styles.property]?.stringValue else { continue }
            let values = styleKeys.pick(f.properties)
            if let defined = config.styles.definitions[name] {
                for (k, v) in values.members where defined[k] != nil && defined[k] != v {
                    out.append(
                        .error(
                            f.location,
                            "style \(jsonQuoted(name)) has \(k) \(v) here, but pipeline.yml defines \(k) \(defined[k] ?? .null)"
                        ))
                }
            }
            guard let first = firstStyle[name] else {
                firstStyle[name] = (values, f.location)
                continue
            }
            for (k, v) in values.members {
                if let w = first.values[k], w != v {
                    out.append(
                        .error(
                            f.location,
                            "style \(jsonQuoted(name)) has \(k) \(v) here but \(w) at \(first.location); one style name must have one set of style values"
                        ))
                }
            }
            // Keys the first feature lacked complete the style's values.
            let missing = values.members.filter { first.values[$0.key] == nil }
            if !missing.isEmpty {
                firstStyle[name] = (JSONObject(first.values.members + missing), first.location)
            }
        }
        return out
    }

    private func checkGroupKeys<F: FeatureFacts>(_ f: F, _ out: inout [Diagnostic]) {
        for key in config.groupBy {
            switch f.properties[key] {
            case .string(let s)? where !s.isEmpty:
                continue
            case .null?:
                out.append(
                    .error(
                        f.location,
                        "feature's \(jsonQuoted(key)) property is null; it must be a non-empty string (group_by: [\(config.groupBy.joined(separator: ", "))])"
                    ))
            case nil:
                out.append(
                    .error(
                        f.location,
                        "feature has no \(jsonQuoted(key)) property (group_by: [\(config.groupBy.joined(separator: ", "))])"
                    ))
            case let v?:
                out.append(.error(f.location, "property \(jsonQuoted(key)) must be a non-empty string, found \(v)"))
            }
        }
    }
}
