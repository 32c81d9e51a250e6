/// The first index of `range` at which `isBelow` is false, by binary search: `isBelow` must be
/// true for a prefix of the range and false after it (as "the key at this index is below the one
/// sought" is on sorted keys). `range.upperBound` when it is true everywhere. O(log n) calls.
@inline(__always)
package func lowerBound(in range: Range<Int>, isBelow: (Int) -> Bool) -> Int {
    var low = range.lowerBound, high = range.upperBound
    while low < high {
        let middle = low + (high - low) / 2
        if isBelow(middle) { low = middle + 1 } else { high = middle }
    }
    return low
}
