/// A zone (one group: a city's style) that had polygons in the input and has no area left in
/// the output, so no feature is written for it.
public struct VanishedZone: Sendable, Equatable {
    /// The `group_by` values, e.g. ["berlin", "no-parking"].
    public var key: [String]
    /// Its polygons in the input.
    public var polygons: Int
    /// What took them all, e.g. "all below min_area_m2".
    public var reason: String

    /// Why a group's polygons went when none had area as read (rings along a line or at a
    /// point), so the repair left nothing of them.
    static let noArea = "none with area in the input"

    /// Why every polygon of a group went: `collapsed` of them collapsed on the precision grid,
    /// `dropped` fell below `min_area_m2`; neither: higher-priority styles covered them.
    static func reason(collapsed: Int, dropped: Int, precision: Int) -> String {
        switch (collapsed > 0, dropped > 0) {
        case (true, false): "all collapsed on the \(precision)-decimal grid"
        case (false, true): "all below min_area_m2"
        case (true, true): "collapsed on the \(precision)-decimal grid or below min_area_m2"
        case (false, false): "covered by higher-priority styles"
        }
    }
}
