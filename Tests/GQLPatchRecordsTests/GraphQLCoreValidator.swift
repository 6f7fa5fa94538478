import Foundation
import GQLPatchTestSupport
import JSON

/// Validates planned requests against compiled AppSync schemas with graphql-core (the project venv's),
/// all in one Python run: each document is validated, and its variables coerced by the operation's
/// variable definitions (so an input field the schema lacks, or a missing required one, is an error).
enum GraphQLCoreValidator {
    struct Check: Sendable {
        /// A compiled schema: SDL or an introspection result (JSON).
        var schemaPath: String
        var query: String
        var variables: JSONObject
    }

    static var python: String {
        ProcessInfo.processInfo.environment["GQLPATCH_PYTHON"]
            ?? Fixture.root.appendingPathComponent(".venv/bin/python").path
    }

    /// AppSync's SDL leaves its scalars and directives undeclared: they are declared here, the SDL taken
    /// as valid otherwise.
    static let script = #"""
        import json, sys
        from graphql import (build_ast_schema, build_client_schema, parse, validate, GraphQLError)
        from graphql.execution.values import get_variable_values
        from graphql.language import OperationDefinitionNode

        AWS = ["AWSDate", "AWSTime", "AWSDateTime", "AWSTimestamp", "AWSEmail", "AWSJSON", "AWSURL",
               "AWSPhone", "AWSIPAddress"]
        schemas = {}

        def load(path):
            if path not in schemas:
                text = open(path, encoding="utf-8").read()
                if path.endswith(".json"):
                    data = json.loads(text)
                    schemas[path] = build_client_schema(data.get("data", data))
                else:
                    declared = "\n".join("scalar " + s for s in AWS if ("scalar " + s) not in text)
                    schemas[path] = build_ast_schema(parse(declared + "\n" + text), assume_valid_sdl=True)
            return schemas[path]

        out = []
        for check in json.load(open(sys.argv[1], encoding="utf-8")):
            try:
                schema = load(check["schemaPath"])
                document = parse(check["query"])
                errors = [e.message for e in validate(schema, document)]
                if not errors:
                    operation = next(d for d in document.definitions if isinstance(d, OperationDefinitionNode))
                    coerced = get_variable_values(schema, operation.variable_definitions or [], check["variables"])
                    if isinstance(coerced, list):
                        errors = [e.message for e in coerced]
                out.append(errors)
            except Exception as error:
                out.append(["%s: %s" % (type(error).__name__, error)])
        json.dump(out, sys.stdout)
        """#

    /// One list of error messages per check, in order (empty: valid).
    static func validate(_ checks: [Check]) throws -> [[String]] {
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = JSONValue.array(
            checks.map { check in
                .object(
                    JSONObject([
                        ("schemaPath", .string(check.schemaPath)), ("query", .string(check.query)),
                        ("variables", .object(check.variables)),
                    ]))
            })
        let path = try Fixture.write(input.serialized(), to: "checks.json", in: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, path]
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let results = try? JSONValue.parse(String(decoding: out, as: UTF8.self)).arrayValue,
            results.count == checks.count
        else {
            throw CorpusError("graphql-core validation failed: " + String(decoding: err, as: UTF8.self))
        }
        return results.map { ($0.arrayValue ?? []).compactMap(\.stringValue) }
    }
}
