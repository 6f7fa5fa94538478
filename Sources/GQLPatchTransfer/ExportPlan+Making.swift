import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport

extension ExportPlan {
    /// What an export of `models` (every listable model when empty) reads and writes, every check
    /// made: the models' order, each one's list query (`conditions`, `pageSize`), selection and line,
    /// and the masks. `wording` names the options in the builders' messages.
    package static func make(
        models: [String], conditions: [FieldTest], pageSize: Int?, includeTimestamps: Bool, masks: [FieldMask],
        maskKey: [UInt8], catalogue: ModelCatalogue,
        readFile: @escaping @Sendable (String) throws(GQLPatchError) -> [UInt8], wording: any InputWording
    ) throws(GQLPatchError) -> ExportPlan {
        let order = ExportOrder.plan(try modelNames(models, in: catalogue), in: catalogue)
        var steps: [ExportStep] = []
        for step in order.steps {
            let model = try ModelLookup.model(named: step.model, in: catalogue)
            let query = try ListArgumentsBuilder(catalogue: catalogue, readFile: readFile, wording: wording)
                .query(model: model, tests: conditions, filter: nil, sort: nil, pageSize: pageSize)
            var (_, selection) = try SelectionBuilder(catalogue: catalogue, wording: wording)
                .readSelections(for: model, paths: nil)
            let line = ExportLine(
                model: model, catalogue: catalogue, includeTimestamps: includeTimestamps,
                deferredFields: step.deferredFields)
            // A field the default selection leaves out as a guess (implicit timestamps) is read when written.
            for name in line.fields + line.deferredFields
            where model.field(name)?.isImplicit == true && !selection.contains(name) {
                selection.fields.append(SelectionSet.Field(name: name))
            }
            steps.append(ExportStep(model: model, query: query, selection: selection, line: line))
        }
        let masker =
            masks.isEmpty
            ? nil
            : try RecordMasker(masks: masks, catalogue: catalogue, models: steps.map(\.model.name), key: maskKey)
        return ExportPlan(order: order, steps: steps, masker: masker)
    }

    /// The models to export, in the schema's order or as named.
    private static func modelNames(_ given: [String], in catalogue: ModelCatalogue) throws(GQLPatchError)
        -> [String]
    {
        guard !given.isEmpty else {
            return catalogue.modelNames.filter { catalogue.models[$0]?.operations.list != nil }
        }
        var names: [String] = []
        for name in given {
            let model = try ModelLookup.model(named: name, in: catalogue)
            guard model.operations.list != nil else {
                throw .invalidInput("the API has no list query for \(model.name)")
            }
            if !names.contains(model.name) { names.append(model.name) }
        }
        return names
    }
}
