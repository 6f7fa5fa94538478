import Foundation
import JSON

extension Emulator {
    /// The `operationName` of every GraphQL request received so far (`GetItem`, `UpdateItem`, ...).
    func operationNames() throws -> [String] {
        try bodies().map { $0["operationName"]?.stringValue ?? "?" }
    }

    /// The `input` variables of the requests with this operation name, in order.
    func inputs(of operation: String) throws -> [JSONValue] {
        try bodies().filter { $0["operationName"]?.stringValue == operation }.compactMap { $0["variables"]?["input"] }
    }

    /// Runs gqlpatch against this emulator with its endpoint and the schema but NO credentials
    /// (tests add their own `--api-key`, `--token` or none).
    func gqlpatchWithoutCredentials(
        _ arguments: [String], schema: String = TestPaths.schema, environment: [String: String] = [:],
        timeout: Double = 60
    ) throws -> ProcessResult {
        try GQLPatchRun.run(
            ["--endpoint", endpoint, "--schema", schema] + arguments, environment: environment, in: folder,
            timeout: timeout)
    }

    /// The stored Item as the API returns it, with its sync fields (the emulator must be versioned).
    func storedItem(_ id: String) throws -> JSONValue {
        let response = try graphQL(
            "query G($id: ID!) { getItem(id: $id) { id name description tags _version _deleted } }",
            variables: ["id": .string(id)])
        guard let item = response["data"]?["getItem"], !item.isNull else {
            throw HarnessError("getItem(\(id)) returned no record: \(response)")
        }
        return item
    }

    /// Soft-deletes an Item through the API (versioned emulator) and returns its new `_version`.
    @discardableResult
    func softDelete(_ id: String, version: Int) throws -> Int {
        let response = try graphQL(
            "mutation D($input: DeleteItemInput!) { deleteItem(input: $input) { id _version _deleted } }",
            variables: ["input": ["id": .string(id), "_version": .int(version)]])
        guard response["data"]?["deleteItem"]?["_deleted"] == true,
            let next = response["data"]?["deleteItem"]?["_version"]?.intValue
        else {
            throw HarnessError("deleting Item \(id) failed: \(response)")
        }
        return next
    }

    /// Another writer's change of Item `id`'s description to "taken" (its version read first when versioned).
    func takeItem(_ id: String, versioned: Bool) throws {
        var input: JSONObject = ["id": .string(id), "description": "taken"]
        if versioned { input["_version"] = try storedItem(id)["_version"] ?? .null }
        let response = try graphQL(
            "mutation U($input: UpdateItemInput!) { updateItem(input: $input) { id } }",
            variables: ["input": .object(input)])
        guard response["data"]?["updateItem"]?["id"] == .string(id) else {
            throw HarnessError("the other writer's update of Item \(id) failed: \(response)")
        }
    }
}
