/// Slivers between neighbouring zones (`gaps` in `pipeline.yml`; docs/ARCHITECTURE.md, "Gaps between zones").
public struct GapsConfig: Sendable, Equatable, Encodable {
    /// `report_m`: gaps narrower than this many metres are reported; 0 turns the report off.
    public var reportM: Double
    /// `close_m`: gaps narrower than this many metres are closed; 0 (the default) leaves them.
    public var closeM: Double

    /// Gap settings; the parameters default to the values of absent keys.
    public init(reportM: Double = 2, closeM: Double = 0) {
        self.reportM = reportM
        self.closeM = closeM
    }

    /// The widest gap the build looks for, in metres (0: none).
    package var searchM: Double { max(reportM, closeM) }
}
