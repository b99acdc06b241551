import ZoneFormats

/// The shared style table: style name → style properties (stroke, fill, …). Output features
/// carry only `"style": "<name>"`; clients look the values up here once.
public struct StyleTable: Sendable, Equatable {
    /// Styles sorted by name; each style's keys in `PipelineConfig.styleKeys` order.
    public var styles: [(name: String, properties: JSONObject)]

    public static func == (a: StyleTable, b: StyleTable) -> Bool {
        a.styles.count == b.styles.count
            && zip(a.styles, b.styles).allSatisfy { $0.name == $1.name && $0.properties == $1.properties }
    }

    /// The properties of `name`, if the table has it.
    public subscript(name: String) -> JSONObject? {
        styles.first { $0.name == name }?.properties
    }
}

/// Builds the style table and names each feature's style.
///
/// A feature's style name is its `styles.property` value (`style` by default). A feature
/// without one but with raw style values gets a name derived from those values
/// (`style-` and 8 hex digits of their SHA-256), so equal sets share a name and every run names
/// them alike. A style's values are pipeline.yml's definition where there is one, completed by
/// the raw values its features carry (validation has made sure they agree).
public struct StyleExtraction: Sendable {
    let config: PipelineConfig
    let styleKeys: KeyOrder

    public init(config: PipelineConfig) {
        self.config = config
        styleKeys = KeyOrder(config.styleKeys)
    }

    /// The style name of `feature`, or nil when it has neither a name nor style values.
    public func styleName<F: FeatureFacts>(of feature: F) -> String? {
        if let name = feature.properties[config.styles.property]?.stringValue, !name.isEmpty { return name }
        let values = rawValues(of: feature)
        guard !values.members.isEmpty else { return nil }
        return "style-" + String(sha256Hex(Array(JSONValue.object(values).description.utf8)).prefix(8))
    }

    /// The table of every style used by `features`, plus styles pipeline.yml defines.
    public func table<Features: RandomAccessCollection>(for features: Features) -> StyleTable
    where Features.Element: FeatureFacts, Features.Index == Int {
        var values: [String: JSONObject] = config.styles.definitions
        var complete = Set<String>()  // styles that have every style key already
        var merged = Set<UInt>()  // properties storages already merged (merging is idempotent)
        let keyCount = styleKeys.keys.count
        // Fields read in place, not each feature copied (``Grouping/group(_:by:)``).
        for i in features.indices
        where features[i].hasGeometry && merged.insert(features[i].properties.storageIdentity).inserted {
            guard let name = styleName(of: features[i]), !complete.contains(name) else { continue }
            var style = values[name] ?? JSONObject()
            for (k, v) in rawValues(of: features[i]).members where style[k] == nil { style.members.append((k, v)) }
            // Members are unique style keys (definitions are checked so), so a full count is all of them.
            if style.members.count >= keyCount { complete.insert(name) }
            values[name] = style
        }
        return StyleTable(
            styles: values.keys.sorted().map { name in
                (name, styleKeys.pick(values[name] ?? JSONObject()))
            })
    }

    /// The style keys a feature carries, in `styleKeys` order.
    func rawValues<F: FeatureFacts>(of f: F) -> JSONObject {
        styleKeys.pick(f.properties)
    }
}
