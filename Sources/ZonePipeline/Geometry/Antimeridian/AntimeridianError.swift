/// Why a zone cannot be split at the antimeridian.
public enum AntimeridianError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Ring `ring` (of the geometry, 0-based) crosses ±180° `crossings` times, going round a
    /// pole: a zone that encloses a pole has no split into parts on each side. `position` is the
    /// index, within the ring, of the position that ends the first crossing edge.
    case enclosesPole(ring: Int, position: Int, crossings: Int, net: Int, pole: Pole)

    /// Which pole a ring goes round, judged by the sign of its mean latitude.
    public enum Pole: String, Sendable {
        case north, south
    }

    public var description: String {
        switch self {
        case let .enclosesPole(_, _, crossings, net, pole):
            let count = crossings % 2 == 1 ? "an odd number of times (\(crossings))" : "\(crossings) times, \(abs(net)) more in one direction than the other,"
            return "ring crosses the antimeridian \(count) and so goes round the \(pole) pole; "
                + "a zone that encloses a pole cannot be split into parts on each side of ±180° — draw it as parts that stay off the pole"
        }
    }
}
