extension Int64 {
    /// This clock reading plus `milliseconds`, held at the clock's ends instead of overflowing: a
    /// server's or a user's number may be as large as `Int64` holds, and a deadline past the end of
    /// time is simply never reached.
    package func adding(milliseconds: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(milliseconds)
        if overflow { return milliseconds > 0 ? .max : .min }
        return sum
    }
}
