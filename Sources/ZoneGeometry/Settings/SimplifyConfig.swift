/// How output rings are simplified (`simplify` in `pipeline.yml`).
public struct SimplifyConfig: Sendable, Equatable, Encodable {
    /// The simplification algorithm.
    public enum Method: String, Sendable, Equatable, CaseIterable, Encodable {
        /// Douglas–Peucker: keeps every vertex farther than the tolerance from the simplified line.
        case douglasPeucker = "douglas-peucker"
        /// Visvalingam–Whyatt: removes the vertices that span the smallest triangles first.
        case visvalingam
    }

    /// `tolerance_m`: largest distance, in metres, a simplified border may move; 0 turns simplification off.
    public var toleranceM: Double
    /// `method`: the simplification algorithm.
    public var method: Method
    /// `min_area_m2`: output parts (polygons and holes) smaller than this many square metres are dropped.
    public var minAreaM2: Double

    /// Simplification settings; the parameters default to the values of absent keys.
    public init(toleranceM: Double = 1.0, method: Method = .douglasPeucker, minAreaM2: Double = 0) {
        self.toleranceM = toleranceM
        self.method = method
        self.minAreaM2 = minAreaM2
    }
}
