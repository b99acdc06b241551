import ZoneFormats

/// Every feature a build read, accounted for: built into its city's artifact, or refused with
/// the findings at its position that say why. `read == built + refused.count` always holds.
public struct FeatureAccount: Codable, Sendable, Equatable {
    /// A feature that is in no artifact, and why.
    public struct Refusal: Codable, Sendable, Equatable {
        public var file: String
        public var line: Int
        public var column: Int
        public var reasons: [String]
    }

    public var read: Int
    public var built: Int
    public var refused: [Refusal]

    /// The account of `features` grouped into `cities`. A feature that is in no group and has
    /// no finding at its position would vanish without a word: it gets an error finding (in
    /// `unexplained`), so the build stops instead.
    static func make<Features: RandomAccessCollection>(
        _ features: Features, cities: [CityGroups], diagnostics: [Diagnostic]
    ) -> (account: FeatureAccount, unexplained: [Diagnostic])
    where Features.Element: FeatureFacts, Features.Index == Int {
        var inGroup = [Bool](repeating: false, count: features.count)
        for city in cities { for group in city.groups { for m in group.members { inGroup[m] = true } } }
        let outside = features.indices.filter { !inGroup[$0] }
        var refused: [Refusal] = []
        var unexplained: [Diagnostic] = []
        if !outside.isEmpty {
            var findings: [SourceLocation: [String]] = [:]
            for d in diagnostics { findings[d.location, default: []].append(d.message) }
            for i in outside {
                let at = features[i].location
                let reasons = findings[at] ?? []
                if reasons.isEmpty {
                    unexplained.append(
                        .error(
                            at,
                            "the feature was read but is in no artifact, and no finding says why (please report this zonectl bug)"
                        ))
                }
                refused.append(Refusal(file: at.file, line: at.line, column: at.column, reasons: reasons))
            }
        }
        return (
            FeatureAccount(read: features.count, built: features.count - outside.count, refused: refused), unexplained
        )
    }
}
