import JSON

/// The `features.graphqltransformer` flags of a Gen 1 project's `amplify/cli.json` that change what the
/// transformer compiles: which transformer runs and the names it gives. Flag names are compared
/// lower-cased, as the Amplify CLI compares them.
///
/// Defaults follow the Amplify CLI: with no `cli.json` at all, the values it writes for a new project
/// (`respectprimarykeyattributesonconnectionfield` and `enableautoindexquerynames` true,
/// `improvepluralization` false); a `cli.json` that lacks a flag is an existing project, whose default
/// for a missing flag is the pre-flag behaviour (`defaultValueForExistingProjects`: false for all three).
public struct AmplifyCLIFeatures: Sendable, Equatable {
    /// The transformer the project runs (1 or 2); nil without a `cli.json` (then v2, a new project's).
    public var transformerVersion: Int?
    /// v1 list names use the pluralizer (`listPeople`) instead of appending "s" (`listPersons`).
    public var improvePluralization: Bool
    /// v2 implicit `@hasOne`/`@belongsTo`/`@hasMany` foreign keys are named after (and typed like) the
    /// related primary key (`projectTeamTeamId: String`); false: one `<model><Field>Id: ID`.
    public var respectPrimaryKeyAttributesOnConnectionField: Bool
    /// A v2 `@index` without `queryField` gets a query named after the model and its key fields
    /// (`tasksByTeamIdAndTitle`); false: none, so only a scan reads it.
    public var enableAutoIndexQueryNames: Bool

    /// A project without `cli.json`.
    public init(
        transformerVersion: Int? = nil, improvePluralization: Bool = false,
        respectPrimaryKeyAttributesOnConnectionField: Bool = true, enableAutoIndexQueryNames: Bool = true
    ) {
        self.transformerVersion = transformerVersion
        self.improvePluralization = improvePluralization
        self.respectPrimaryKeyAttributesOnConnectionField = respectPrimaryKeyAttributesOnConnectionField
        self.enableAutoIndexQueryNames = enableAutoIndexQueryNames
    }

    /// Reads the flags from a parsed `cli.json`; a flag it does not set takes the existing-project default.
    public init(json: JSONValue) {
        var flags: [String: JSONValue] = [:]
        for (name, value) in json["features"]?["graphqltransformer"]?.objectValue ?? [:] {
            flags[name.lowercased()] = value
        }
        func bool(_ name: String) -> Bool {
            switch flags[name] {
            case .bool(let value): return value
            case .string(let text): return text.lowercased() == "true"
            default: return false
            }
        }
        // As the Amplify CLI decides (`getTransformerVersion`): `useexperimentalpipelinedtransformer` false
        // runs v1, and true runs v2 (with `transformerversion` 1 it is the legacy spelling of v2, which the CLI
        // migrates). A `cli.json` without the flag is an existing project, whose default is false: v1.
        // `transformerversion` itself never changes the outcome; a value other than 1 or 2 is ignored here.
        transformerVersion = bool("useexperimentalpipelinedtransformer") ? 2 : 1
        improvePluralization = bool("improvepluralization")
        respectPrimaryKeyAttributesOnConnectionField = bool("respectprimarykeyattributesonconnectionfield")
        enableAutoIndexQueryNames = bool("enableautoindexquerynames")
    }
}
