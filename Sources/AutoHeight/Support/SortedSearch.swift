extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// The index of the last element ≤ `value` in an ascending collection, or nil when every
    /// element is greater (or the collection is empty). Complexity: O(log n).
    package func lastIndex(notAbove value: Element) -> Int? {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low > startIndex ? low - 1 : nil
    }
}

extension RandomAccessCollection where Index == Int {
    /// The index of the first element for which `isAbove` is true, in a collection where it is
    /// false up to some point and true from there on; `endIndex` when it is never true.
    /// Complexity: O(log n).
    func partitioningIndex(where isAbove: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if isAbove(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
