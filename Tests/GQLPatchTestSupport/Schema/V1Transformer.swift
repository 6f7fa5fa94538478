import Foundation
import Testing

/// The real Amplify v1 transformer (`make v1-transformer` unpacks it into the venv; `make test` passes its
/// node modules' folder in `GQLPATCH_V1_TRANSFORMER`), driven by `Tests/V1Transformer/compile.js`.
/// Tests compile v1 source schemas with it and compare gqlpatch's reading of the source with its
/// reading of what the transformer really printed.
package enum V1Transformer {
    /// What the transformer produced for one source schema.
    package struct Output: Sendable {
        /// The compiled AppSync schema (SDL).
        package var schema: String
        /// Each model's DynamoDB key schema, partition key first: `["recipeID", "rowID"]`.
        package var keySchemas: [String: [String]]
        /// Each model's secondary indexes: index name -> key fields, partition key first.
        package var indexes: [String: [String: [String]]]
        /// Models whose update resolver checks `expectedVersion` (`@versioned`).
        package var versionedModels: Set<String>
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The node modules folder, from `GQLPATCH_V1_TRANSFORMER`.
    package static let modules: String? = ProcessInfo.processInfo.environment["GQLPATCH_V1_TRANSFORMER"]

    /// Whether the transformer is there; tests that need it are skipped with `missing` otherwise.
    package static var available: Bool {
        guard let modules else { return false }
        return FileManager.default.fileExists(atPath: modules + "/graphql-transformer-core/package.json")
    }

    package static let missing: Comment =
        "skipped: the real v1 transformer is not unpacked (run `make v1-transformer`; `make test` sets GQLPATCH_V1_TRANSFORMER)"

    /// Compiles `source` with optional `transform.conf.json` and `cli.json` texts.
    /// `userPools`: the API's default authentication is user pools (owner rules need it), not an API key.
    package static func compile(
        _ source: String, transformConfig: String? = nil, cliJSON: String? = nil, userPools: Bool = false
    ) throws -> Output {
        guard let modules, available else { throw Failure(description: "v1 transformer not available") }
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = [
            Fixture.root.appendingPathComponent("Tests/V1Transformer/compile.js").path,
            "--modules", modules, "--schema", try Fixture.write(source, to: "schema.graphql", in: folder),
        ]
        if let transformConfig {
            arguments += [
                "--transform-conf", try Fixture.write(transformConfig, to: "transform.conf.json", in: folder),
            ]
        }
        if let cliJSON {
            arguments += ["--cli-json", try Fixture.write(cliJSON, to: "cli.json", in: folder)]
        }
        if userPools { arguments += ["--default-auth", "AMAZON_COGNITO_USER_POOLS"] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node"] + arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both before waiting: a full pipe would otherwise stall node.
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "v1 transformer failed: " + String(decoding: err, as: UTF8.self))
        }
        return try decode(out)
    }

    private static func decode(_ data: Data) throws -> Output {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let schema = object["schema"] as? String, let tables = object["tables"] as? [String: [String: Any]]
        else { throw Failure(description: "v1 transformer: unexpected output") }
        func names(_ elements: Any?) -> [String] {
            ((elements as? [[String: String]]) ?? []).compactMap { $0["name"] }
        }
        var keySchemas: [String: [String]] = [:]
        var indexes: [String: [String: [String]]] = [:]
        for (model, table) in tables {
            keySchemas[model] = names(table["keySchema"])
            var modelIndexes: [String: [String]] = [:]
            for (name, elements) in (table["indexes"] as? [String: Any]) ?? [:] { modelIndexes[name] = names(elements) }
            indexes[model] = modelIndexes
        }
        return Output(
            schema: schema, keySchemas: keySchemas, indexes: indexes,
            versionedModels: Set((object["versioned"] as? [String]) ?? []))
    }
}
