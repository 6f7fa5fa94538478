import GQLPatchSchema
import GQLPatchSupport
import JSON

extension SequenceDescription {
    /// An inserted row's typed create input without its number: the parent's key fields, then
    /// `patch` and `values`, typed and checked by the create input with the row placed at
    /// `position` (the number is taken out again: the run works it out). A value for the order
    /// field or a parent field is refused: the position and the parent give those.
    package func newRow(
        position: Int, patch: JSONObject?, values: [FieldAssignment], catalogue: ModelCatalogue,
        readFile: @escaping ChangeSetBuilder.FileReader, wording: any InputWording
    ) throws(GQLPatchError) -> JSONObject {
        for value in values {
            if value.field == orderField {
                throw .usage(
                    "\(wording.name(.set)) \(value.field): the new row's \(value.field) is the one \(wording.name(.insertAt)) gives"
                )
            }
            if parent[value.field] != nil {
                throw .usage(
                    "\(wording.name(.set)) \(value.field): the new row's \(value.field) is the parent's, given with \(wording.name(.key))"
                )
            }
        }
        let placed =
            parent.map { FieldAssignment(field: $0.key, value: .json($0.value.serialized())) }
            + [FieldAssignment(field: orderField, value: .json(String(position)))]
        var input = try CreateInputBuilder(catalogue: catalogue, readFile: readFile, wording: wording)
            .build(model: model, patch: patch, values: placed + values).input
        input[orderField] = nil
        return input
    }
}
