extension JSONObject: Hashable {
    /// Hashes the key/value pairs without regard to order, matching `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
}
