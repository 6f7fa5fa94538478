import GQLPatchSchema
import GQLPatchSupport
import JSON

/// Finds models by the name given on the command line and names records in messages.
package enum ModelLookup {
    package static func model(named name: String, in catalogue: ModelCatalogue) throws(GQLPatchError) -> Model {
        if let model = catalogue.models[name] { return model }
        let suggestion = FieldSuggestion.phrase(for: name, among: catalogue.modelNames)
        let known = catalogue.modelNames.joined(separator: ", ")
        throw .unknownName("unknown model '\(name)'\(suggestion); the schema has: \(known)")
    }

    /// `Item id=42`, `RecipeStep recipeID=r1 rowID=3`.
    package static func describe(model: Model, key: JSONObject) -> String {
        describe(modelName: model.name, key: key)
    }

    /// The same for a model known by name only (a journal's undo entry).
    package static func describe(modelName: String, key: JSONObject) -> String {
        let parts = key.map { pair -> String in
            if case .string(let text) = pair.value { return "\(pair.key)=\(text)" }
            return "\(pair.key)=\(pair.value.serialized())"
        }
        return ([modelName] + parts).joined(separator: " ")
    }
}
