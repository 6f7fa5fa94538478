import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// Types one `F=TEXT`, `F:=JSON`, `F=@PATH` or unset value for a schema type, with `ValueTyper`.
/// A file's text is taken as it is for `String`/`ID`, else trimmed and typed like `F=TEXT`.
package struct AssignmentTyper: Sendable {
    package var catalogue: ModelCatalogue
    package var readFile: @Sendable (String) throws(GQLPatchError) -> [UInt8]
    /// How the caller names its inputs (a list given as a plain word is told how a list is
    /// given); nil: no such hint.
    package var wording: (any InputWording)? = nil
    /// Whether the command also takes list edits (adding one element), for that hint.
    package var addable = false

    package func value(of assignment: FieldAssignment, as type: TypeReference, at path: String) throws(GQLPatchError)
        -> JSONValue
    {
        do {
            return try typed(assignment, as: type, at: path)
        } catch {
            // A plain word for a list (`tags=sale`): say how a list is given.
            guard let wording, case .list = type.nullable, case .text(let text) = assignment.value,
                (try? JSONValue.parse(text)) == nil
            else { throw error }
            var refusal = error
            refusal.message +=
                "; \(wording.listAssignment(assignment.field, element: text, addable: addable, in: .set))"
            throw refusal
        }
    }

    private func typed(_ assignment: FieldAssignment, as type: TypeReference, at path: String) throws(GQLPatchError)
        -> JSONValue
    {
        let typer = ValueTyper(catalogue: catalogue)
        switch assignment.value {
        case .null:
            return try typer.value(fromJSON: .null, as: type, at: path)
        case .text(let text):
            return try typer.value(fromText: text, as: type, at: path)
        case .parsed(let json):
            return try typer.value(fromJSON: json, as: type, at: path)
        case .json(let text):
            let json: JSONValue
            do {
                json = try JSONValue.parse(text)
            } catch {
                throw .invalidInput("\(path): the value after := is not JSON (\(error))")
            }
            return try typer.value(fromJSON: json, as: type, at: path)
        case .file(let file):
            let bytes = try readFile(file)
            let shownFile = file == "-" ? "standard input" : file
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .invalidInput("\(path): \(shownFile) is not UTF-8 text")
            }
            if case .named(let name) = type.nullable, name == "String" || name == "ID" {
                return .string(text)
            }
            do {
                return try typer.value(fromText: ChangeSetBuilder.trimmed(text), as: type, at: path)
            } catch {
                // The value came from a file: the message says which one.
                throw GQLPatchError(error.code, "\(error.message) (the value read from \(shownFile))")
            }
        }
    }
}
