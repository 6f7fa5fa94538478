import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// What to say when a write's answer was lost (the connection dropped after sending, a timeout, a
/// broken response): the write may or may not have been applied, and the command that tells which.
package enum LostWriteHint {
    /// `error` with the hint appended when the request may have arrived; otherwise `error` as it is.
    /// `key` nil: the server makes the key, so there is no record to name.
    package static func annotate(_ error: GQLPatchError, write: String, model: Model, key: JSONObject?) -> GQLPatchError
    {
        guard error.requestMayHaveArrived else { return error }
        var annotated = error
        guard let key else {
            annotated.message +=
                "; the \(write) may or may not have been applied: check with `gqlpatch list \(model.name)`"
            return annotated
        }
        annotated.message +=
            "; the \(write) of \(ModelLookup.describe(model: model, key: key)) may or may not have been applied: "
            + "check with `\(getCommand(model: model, key: key))` (with the same endpoint and auth options)"
        return annotated
    }

    /// `gqlpatch get Item --id 42`, `gqlpatch get RecipeStep --key recipeID=r1 --key rowID=3`.
    package static func getCommand(model: Model, key: JSONObject) -> String {
        var words = ["gqlpatch", "get", model.name]
        let values = key.map { pair -> (String, String) in
            if case .string(let text) = pair.value { return (pair.key, text) }
            return (pair.key, pair.value.serialized())
        }
        if values.count == 1 {
            words += [OptionName.id, shellQuoted(values[0].1)]
        } else {
            for (name, value) in values { words += [OptionName.key, shellQuoted("\(name)=\(value)")] }
        }
        return words.joined(separator: " ")
    }

    /// The word as a POSIX shell reads it back: as it is when safe, else in single quotes.
    package static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,/:=@%+")
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
