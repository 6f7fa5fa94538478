import JSON

/// Placeholder replaced by the cascade slice.
struct CascadeDeleter: Sendable {
    var settings: Settings
    var session: CommandSession
    var pageSize: Int?

    func run(model: Model, key: JSONObject, condition: JSONValue?, expectVersion: Int?) async throws(GQLPatchError) {
        throw .usage("--cascade is not available yet")
    }
}
