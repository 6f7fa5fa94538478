extension JSONObject: Hashable {
    /// Hashes the key/value pairs without regard to order, matching `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in zip(keys, values) {
            var pairHasher = Hasher()
            pairHasher.combine(key)
            pairHasher.combine(value)
            combined ^= pairHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
