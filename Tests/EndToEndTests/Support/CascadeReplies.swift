import Foundation
import JSON

/// Answers for a `ScriptedServer` that plays the library API (`Tests/Fixtures/library/library.graphql`)
/// to `delete --cascade`: the root's get finds the record, each `Children` read is answered by
/// `children` (given the relationship field read and the parent's key variables; nil: none), and
/// each delete echoes its input as the deleted record.
enum CascadeReplies {
    typealias Children = @Sendable (_ field: String, _ parent: JSONObject) -> JSONValue?

    static func responder(children: @escaping Children) -> @Sendable (Int, String) -> ScriptedServer.Reply {
        { _, body in reply(to: body, children: children) }
    }

    static func reply(to body: String, children: Children) -> ScriptedServer.Reply {
        guard let request = try? JSONValue.parse(body), let operation = request["operationName"]?.stringValue,
            let query = request["query"]?.stringValue
        else {
            return .init(status: 200, body: #"{"errors":[{"message":"unexpected request"}]}"#)
        }
        let variables = request["variables"]?.objectValue ?? JSONObject()
        let data: JSONObject
        if operation == "Children" {
            // `query Children(...) { getBook(id: $id) { chapters(...) { items { ... } nextToken } } }`
            let parts = query.split(separator: "{").map { name(in: $0) }
            guard parts.count > 2 else {
                return .init(status: 200, body: #"{"errors":[{"message":"bad Children query"}]}"#)
            }
            var parent = variables
            parent["limit"] = nil
            data = JSONObject([(parts[1], .object(JSONObject([(parts[2], children(parts[2], parent) ?? .null)])))])
        } else if operation.hasPrefix("Get") {
            var record = variables
            record["_deleted"] = .null
            data = JSONObject([("get" + operation.dropFirst(3), .object(record))])
        } else if operation.hasPrefix("Delete") {
            data = JSONObject([("delete" + operation.dropFirst(6), variables["input"] ?? .null)])
        } else {
            return .init(status: 200, body: #"{"errors":[{"message":"unexpected operation"}]}"#)
        }
        return .init(status: 200, body: JSONValue.object(JSONObject([("data", .object(data))])).serialized())
    }

    /// The field name a selection part starts with: `chapters` of ` chapters(nextToken: $nextToken) `.
    private static func name(in part: Substring) -> String {
        String(part.drop(while: { $0 == " " }).prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" }))
    }
}
