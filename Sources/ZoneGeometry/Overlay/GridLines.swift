/// Lines of the output grid that a snap rounding nodes every border at, x = c for c in `xs` and
/// y = c for c in `ys` (output grid units): a segment crossing one (strictly between its ends)
/// makes the pixel of the crossing hot, so its snapped path has a vertex on the line there and
/// no snapped segment crosses the line elsewhere. Extra hot pixels keep snap rounding's
/// guarantees, and cost what the crossings are, where the lines as segments would add every
/// crossing of two lines too (a whole grid of them over a country at a deep zoom).
package struct GridLines: Sendable {
    /// Sorted, without repeats.
    package private(set) var xs: [Int64]
    package private(set) var ys: [Int64]

    package init(xs: [Int64] = [], ys: [Int64] = []) {
        self.xs = Array(Set(xs)).sorted()
        self.ys = Array(Set(ys)).sorted()
    }

    var isEmpty: Bool { xs.isEmpty && ys.isEmpty }
}
