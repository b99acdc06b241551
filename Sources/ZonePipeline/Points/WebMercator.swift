import Foundation

/// supercluster's projection: longitude and latitude to world units in [0, 1], y down.
enum WebMercator {
    static func x(longitude: Double) -> Double { longitude / 360 + 0.5 }

    static func y(latitude: Double) -> Double {
        let s = sin(latitude * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
        return min(max(y, 0), 1)
    }

    static func longitude(x: Double) -> Double { (x - 0.5) * 360 }

    static func latitude(y: Double) -> Double {
        let y2 = (180 - y * 360) * .pi / 180
        return 360 * atan(exp(y2)) / .pi - 90
    }
}
