import GQLPatchOperations
import GQLPatchSupport
import JSON

/// A request a command would send, as a dry run shows it: what it is for, and the request the
/// record rules build for it, a value only an earlier step could give shown as a placeholder
/// (`"<_version from step 1>"`).
package struct PlannedRequest: Sendable, Equatable {
    package var purpose: String
    package var request: GraphQLRequestBody

    package init(_ purpose: String, _ request: GraphQLRequestBody) {
        self.purpose = purpose
        self.request = request
    }

    /// The step as the dry run prints it.
    package var json: JSONValue {
        .object(
            JSONObject([
                ("purpose", .string(purpose)),
                ("query", .string(request.query)),
                ("variables", .object(request.variables)),
            ]))
    }

    /// The same step, `prefix` before its purpose (`if the record exists: update`).
    package func relabelled(_ prefix: String) -> PlannedRequest {
        PlannedRequest(prefix + purpose, request)
    }

    /// The same step with the input's `field` shown as `placeholder`.
    func showing(_ placeholder: String, as field: String) -> PlannedRequest {
        var planned = self
        if var input = planned.request.variables["input"]?.objectValue {
            input[field] = .string(placeholder)
            planned.request.variables["input"] = .object(input)
        }
        return planned
    }
}
