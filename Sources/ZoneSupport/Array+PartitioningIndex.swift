extension Array {
    /// The first index whose element satisfies `belongs`, by binary search: the elements that
    /// do must all come after those that do not (endIndex when none does).
    package func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var (low, high) = (startIndex, endIndex)
        while low < high {
            let middle = low + (high - low) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
