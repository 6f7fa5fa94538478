import Foundation
import JSON

/// Answers for a `ScriptedServer` that plays an AppSync API holding every record asked for, except
/// that the operations named in `misrouted` (`GetItem`, `UpdateItem`, ...) answer for another
/// record: each key field's value is changed (a string becomes `OTHER`, a number grows by one).
enum MisroutedReplies {
    /// The primary-key fields of the test schema's models.
    static let keyFields = ["Item": ["id"], "RecipeStep": ["recipeID", "rowID"]]

    static func responder(misrouted: Set<String>) -> @Sendable (Int, String) -> ScriptedServer.Reply {
        { _, body in reply(to: body, misrouted: misrouted) }
    }

    static func reply(to body: String, misrouted: Set<String>) -> ScriptedServer.Reply {
        guard let request = try? JSONValue.parse(body), let operation = request["operationName"]?.stringValue,
            let verb = ["Get", "Update", "Create", "Delete"].first(where: { operation.hasPrefix($0) })
        else {
            return .init(status: 200, body: #"{"errors":[{"message":"unexpected request"}]}"#)
        }
        let model = String(operation.dropFirst(verb.count))
        let variables = request["variables"]?.objectValue ?? JSONObject()
        let given = verb == "Get" ? variables : (variables["input"]?.objectValue ?? JSONObject())
        var record = JSONObject([
            ("name", .string("Chair")), ("_version", .int(verb == "Get" ? 1 : 2)), ("_deleted", .null),
        ])
        for (name, value) in given where name != "_version" { record[name] = value }
        if verb == "Delete" { record["_deleted"] = .bool(true) }
        if misrouted.contains(operation) {
            for name in keyFields[model] ?? [] {
                switch record[name] {
                case .int(let number): record[name] = .int(number + 1)
                default: record[name] = .string("OTHER")
                }
            }
        }
        let field = verb.lowercased() + model
        let envelope = JSONValue.object(JSONObject([("data", .object(JSONObject([(field, .object(record))])))]))
        return .init(status: 200, body: envelope.serialized())
    }
}
