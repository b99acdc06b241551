import Foundation
import ZoneClientCore

extension ZoneBBox {
    /// `--bbox W,S,E,N`: four numbers, latitudes within ±90 (south ≤ north), longitudes finite
    /// (west > east crosses 180°); anything else is a usage error.
    public init(parsing text: String) throws(OptionError) {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .spaces))
        }
        guard values.count == 4, let w = values[0], let s = values[1], let e = values[2], let n = values[3],
            [w, s, e, n].allSatisfy(\.isFinite)
        else { throw OptionError("--bbox \(text): expected four numbers W,S,E,N") }
        guard (-90...90).contains(s), (-90...90).contains(n), s <= n else {
            throw OptionError("--bbox \(text): latitudes must lie in [-90, 90], south <= north")
        }
        self.init(west: w, south: s, east: e, north: n)
    }
}
