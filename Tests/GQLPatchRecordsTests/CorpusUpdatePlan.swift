import GQLPatchSchema
import GQLPatchTestSupport
import JSON

/// An update and a get of one model planned by the CLI itself (`gqlpatch --schema SOURCE --dry-run
/// update ...`, then `get` of the same key, in-process): the key given a value of its type and one
/// plain field set, to check against the compiled schema. `_version` placeholders become 1, as the fetch would give.
struct CorpusUpdatePlan: Sendable {
    var model: String
    var arguments: [String]
    /// The planned requests (`query`, `variables`), or why the CLI refused to plan.
    var requests: [JSONValue]
    var failure: String?

    /// A model the plan cannot be made for (no update mutation, a key or every field of a type no
    /// sample value is made for): said, not failed.
    struct Skip: Error, CustomStringConvertible {
        var model: String
        var reason: String
        var description: String { "\(model): \(reason)" }
    }

    static func plan(
        _ model: Model, in catalogue: ModelCatalogue, schema: String, folder: String
    ) async -> Result<CorpusUpdatePlan, Skip> {
        guard model.operations.update != nil else { return .failure(Skip(model: model.name, reason: "no update")) }
        var arguments = ["--schema", schema, "--dry-run", "--compact", "update", model.name]
        for name in model.primaryKey {
            guard let field = model.field(name), let value = sample(field, catalogue) else {
                return .failure(Skip(model: model.name, reason: "no sample value for key field \(name)"))
            }
            arguments += ["--key", "\(name)=\(value)"]
        }
        let settable = model.fields.first { field in
            !model.primaryKey.contains(field.name) && !field.isReadOnly && field.relationship == nil
                && model.fieldVersioning?.versionField != field.name && sample(field, catalogue) != nil
        }
        guard let settable, let value = sample(settable, catalogue) else {
            return .failure(Skip(model: model.name, reason: "no plain field to set"))
        }
        arguments += ["--set", "\(settable.name)=\(value)"]
        let run = CapturedRun()
        let code = await run.run(arguments, workingDirectory: folder)
        guard code == 0, let plan = try? JSONValue.parse(run.stdout), let steps = plan["steps"]?.arrayValue else {
            return .success(
                CorpusUpdatePlan(
                    model: model.name, arguments: arguments, requests: [],
                    failure: "exit \(code): \(run.stderr.split(separator: "\n").first ?? "")"))
        }
        // The get the same key plans (a user's first command as often as an update).
        var requests = steps.map(withVersions)
        if model.operations.get != nil {
            let keyArguments = Array(arguments.drop { $0 != "update" }.dropFirst(2).prefix(model.primaryKey.count * 2))
            let get = CapturedRun()
            let getCode = await get.run(
                ["--schema", schema, "--dry-run", "--compact", "get", model.name] + keyArguments,
                workingDirectory: folder)
            guard getCode == 0, let planned = try? JSONValue.parse(get.stdout) else {
                return .success(
                    CorpusUpdatePlan(
                        model: model.name, arguments: arguments, requests: requests,
                        failure: "get: exit \(getCode): \(get.stderr.split(separator: "\n").first ?? "")"))
            }
            requests += planned["steps"]?.arrayValue ?? [planned]
        }
        return .success(
            CorpusUpdatePlan(model: model.name, arguments: arguments, requests: requests, failure: nil))
    }

    /// A value of the field's type as `--set`/`--key` spell it; nil for lists, objects and relationships.
    static func sample(_ field: ModelField, _ catalogue: ModelCatalogue) -> String? {
        guard !field.isList, field.relationship == nil else { return nil }
        let type = field.type.namedType
        if let values = catalogue.enums[type] { return values.first }
        switch type {
        case "ID", "String": return "x1"
        case "Int", "AWSTimestamp": return "1"
        case "Float": return "1.5"
        case "Boolean": return "true"
        case "AWSDateTime": return "2024-01-01T00:00:00.000Z"
        case "AWSDate": return "2024-01-01"
        case "AWSTime": return "12:00:00.000Z"
        case "AWSEmail": return "a@example.com"
        case "AWSJSON": return "{}"
        case "AWSURL": return "https://example.com"
        case "AWSPhone": return "+12025550123"
        case "AWSIPAddress": return "127.0.0.1"
        default: return nil
        }
    }

    /// The step with `"<_version from step 1>"` replaced by 1 (an `Int`, as the fetch returns it).
    private static func withVersions(_ step: JSONValue) -> JSONValue {
        guard var object = step.objectValue, var variables = object["variables"]?.objectValue,
            var input = variables["input"]?.objectValue
        else { return step }
        for (name, value) in input where value.stringValue?.hasPrefix("<_version") == true { input[name] = 1 }
        variables["input"] = .object(input)
        object["variables"] = .object(variables)
        return .object(object)
    }
}
