#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether `count` UTF-16 units at `first` and `second` are equal (libc's `memcmp`, which
/// compares a word at a time).
func unitsEqual(_ first: UnsafePointer<UInt16>, _ second: UnsafePointer<UInt16>, count: Int) -> Bool {
    memcmp(first, second, 2 * count) == 0
}
