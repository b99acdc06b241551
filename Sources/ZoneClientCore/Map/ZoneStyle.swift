/// How the zones of one style are drawn: an entry of the published style table, read with the
/// simplestyle-spec 1.1 defaults for the members it does not have.
public struct ZoneStyle: Sendable, Equatable, Codable {
    /// `fill`: the colour inside the zones (default `#555555`).
    public var fill: ZoneColour
    /// `fill-opacity`: 0…1 (default 0.6); it multiplies the fill colour's own alpha.
    public var fillOpacity: Double
    /// `stroke`: the colour of the zones' borders (default `#555555`).
    public var stroke: ZoneColour
    /// `stroke-width`: the border width in screen points, >= 0 (default 2).
    public var strokeWidth: Double
    /// `stroke-opacity`: 0…1 (default 1); it multiplies the stroke colour's own alpha.
    public var strokeOpacity: Double

    /// A style; each member not given takes its simplestyle default.
    public init(
        fill: ZoneColour = .simplestyleGrey, fillOpacity: Double = 0.6, stroke: ZoneColour = .simplestyleGrey,
        strokeWidth: Double = 2, strokeOpacity: Double = 1
    ) {
        self.fill = fill
        self.fillOpacity = fillOpacity
        self.stroke = stroke
        self.strokeWidth = strokeWidth
        self.strokeOpacity = strokeOpacity
    }
}
