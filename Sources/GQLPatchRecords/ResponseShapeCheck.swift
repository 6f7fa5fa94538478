import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// A record the server returns must hold every field it was asked for (GraphQL answers each
/// selected field, null or not), and a field the schema makes non-null must not be null: a record
/// that lacks one is an answer outside the protocol (exit 76), never a record whose missing field
/// reads as null (where a wait for a null value would take it as the value waited for).
package enum ResponseShapeCheck {
    /// Refuses `record` when a field of `selection`'s top level is absent, or null where `model`
    /// makes it non-null. `field` is the operation that answered.
    package static func check(_ record: JSONObject, model: Model, selection: SelectionSet, field: String)
        throws(GQLPatchError)
    {
        for selected in selection.fields {
            guard let value = record[selected.name] else {
                throw GQLPatchError(
                    .badResponse,
                    "\(field) returned a \(model.name) without the field \(selected.name) it was asked for: the answer is not the API's"
                )
            }
            if value.isNull, let declared = model.field(selected.name), declared.type.isNonNull {
                throw GQLPatchError(
                    .badResponse,
                    "\(field) returned null for \(model.name).\(selected.name), which the schema makes non-null: the answer is not the API's"
                )
            }
        }
    }
}
