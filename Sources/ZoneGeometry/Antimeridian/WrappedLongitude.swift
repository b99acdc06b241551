import Foundation

/// `lon` wrapped into [-180, 180) when it lies outside [-180, 180], else unchanged (bit for bit:
/// the antimeridian package's ((x + 180) % 360) − 180 moves in-range values by rounding errors).
package func wrappedLongitude(_ lon: Double) -> Double {
    guard lon < -180 || lon > 180 else { return lon }
    // Python's floor modulo: fmod, then one period added when the signs differ.
    var m = fmod(lon + 180, 360)
    if m < 0 { m += 360 }
    return m - 180
}
