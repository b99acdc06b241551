/// Every feature's summary, numbered in file order then source order, held in the arrays each
/// file's scan made (parsed, or decoded from the cache) rather than joined into one: joining
/// them moved every summary into new pages, a large part of a one-city rebuild.
/// (Sendable: the pointers are into arrays it holds and never changes.)
public struct FeatureSummaries: RandomAccessCollection, @unchecked Sendable {
    private let parts: [[FeatureSummary]]
    /// Where each file's features start in the numbering.
    private let starts: [Int]
    /// The file of each feature.
    let fileOf: [Int32]
    /// Each part's first summary, less its start in the numbering: feature `i` of file `f` is
    /// at `bases[f] + i`. The parts never change and `parts` keeps them alive, so a summary is
    /// reached without retaining its part's array (the rules, the grouping, the style table
    /// and the cache keys each visit every summary).
    private let bases: [UnsafePointer<FeatureSummary>?]

    /// The files' summaries, in file order.
    init(_ parts: [[FeatureSummary]]) {
        self.parts = parts
        var starts: [Int] = []
        var fileOf: [Int32] = []
        fileOf.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for (file, part) in parts.enumerated() {
            starts.append(fileOf.count)
            fileOf += repeatElement(Int32(file), count: part.count)
        }
        (self.starts, self.fileOf) = (starts, fileOf)
        // An array's storage stays where it is while the array is not mutated.
        bases = zip(self.parts, starts).map { part, start in
            part.withUnsafeBufferPointer { $0.baseAddress.map { $0 - start } }
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { fileOf.count }

    public subscript(i: Int) -> FeatureSummary {
        // Lent, not copied: a copy would retain (and then release) what the summary holds.
        unsafeAddress { bases[Int(fileOf[i])]! + i }
    }
}

extension [FeatureSummary] {
    /// The summaries at exactly their count, moved (not copied) to a buffer of that size when
    /// more than an eighth of this one is spare: a scan appends them one by one, and its
    /// array then lives as long as the build.
    mutating func shrinkToFit() {
        guard capacity - count > count / 8 else { return }
        // The one part of a join (``moveConcatenating``), this array its only owner.
        var parts = [self]
        self = []
        self = moveConcatenating(&parts, \.self, placeholder: .placeholder, jobs: 1)
    }
}
