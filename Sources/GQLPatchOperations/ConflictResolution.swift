/// Whether updates carry `_version`: as the schema says (`auto`), always (`on`) or never (`off`).
public enum ConflictResolution: String, Sendable, CaseIterable {
    /// On when the schema says the model is versioned (`_version` on the model or its update input,
    /// or `transform.conf.json` beside a source schema).
    case auto
    case on
    case off
}
