extension Double {
    /// The value rounded toward zero as a `T`, clamped to `T`'s range (NaN is 0). `Int(x)` traps when
    /// `x` is out of range; every conversion of a computed or user-given `Double` (seconds to
    /// milliseconds or nanoseconds, an ETA) goes through this instead.
    @inlinable package func saturated<T: FixedWidthInteger>(to _: T.Type = T.self) -> T {
        if isNaN { return 0 }
        // `Double(T.max)` rounds up to a power of two (2^63 for Int), itself out of range: `>=` is the test.
        if self >= Double(T.max) { return T.max }
        if self <= Double(T.min) { return T.min }
        return T(self)
    }
}
