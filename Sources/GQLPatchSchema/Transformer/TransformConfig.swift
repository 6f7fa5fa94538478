import JSON

/// What a Gen 1 `transform.conf.json` says about conflict detection:
/// `ResolverConfig.project.ConflictDetection == "VERSION"` turns it on for every model, and
/// `ResolverConfig.models.<Model>.ConflictDetection` overrides it per model.
public struct TransformConfig: Sendable, Equatable {
    /// Conflict detection for the whole project.
    public var projectVersioned: Bool
    /// Per-model settings, where the file has them.
    public var modelVersioned: [String: Bool]

    public init(projectVersioned: Bool = false, modelVersioned: [String: Bool] = [:]) {
        self.projectVersioned = projectVersioned
        self.modelVersioned = modelVersioned
    }

    /// Reads the settings from the parsed file; anything not recognised counts as "off".
    public init(json: JSONValue) {
        let resolver = json["ResolverConfig"]
        projectVersioned = resolver?["project"]?["ConflictDetection"]?.stringValue == "VERSION"
        modelVersioned = [:]
        if let models = resolver?["models"]?.objectValue {
            for (name, settings) in models {
                if let detection = settings["ConflictDetection"]?.stringValue {
                    modelVersioned[name] = detection == "VERSION"
                }
            }
        }
    }

    /// Whether `model` is versioned under this configuration.
    public func isVersioned(_ model: String) -> Bool {
        modelVersioned[model] ?? projectVersioned
    }

    /// Whether the v1 transformer versions `model`: a per-model setting can turn conflict detection on
    /// but not off (the real v1 transformer keeps `_version` on a model set to `NONE` in a `VERSION` project).
    public func isVersionedByV1(_ model: String) -> Bool {
        projectVersioned || modelVersioned[model] == true
    }
}
