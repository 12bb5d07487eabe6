extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// The index of the last element ≤ `value` in an ascending collection, or nil when every
    /// element is greater (or the collection is empty). Complexity: O(log n).
    func lastIndex(notAbove value: Element) -> Int? {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low > startIndex ? low - 1 : nil
    }
}
