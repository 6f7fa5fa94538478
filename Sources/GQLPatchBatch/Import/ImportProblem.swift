import GQLPatchSchema

/// One reason an import file does not fit the target API, found before anything is sent. Kept once
/// per model, field and kind (the first line and a count), so a million bad lines stay a short list;
/// the command words it (it names the options that fix an owner problem).
package struct ImportProblem: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The target has no such model.
        case unknownModel
        /// The target's input (`input`) for the line's write has no such field.
        case unknownField(input: String)
        /// The value does not fit the target's field (the typing message of the first such line).
        case wrongType(message: String)
        /// The target's create input requires the field, and no line of the model sets it.
        case requiredNeverSet(input: String)
        /// Owner values with no mapping (a few of them, in order seen) while the target's owner rules
        /// name the field.
        case unmappedOwner(values: [String])
        /// The target's owner rules name the field, which the source's records hold, and neither a
        /// mapping nor one owner is given (`copy`, decided before any record is read).
        case ownersNotMapped
        /// Not an export line at all, or refused for another reason (`message` says which).
        case invalidLine(message: String)
        /// Not JSON (`message` says why): the file was cut inside a line or damaged, not a schema problem.
        case damaged(message: String)
    }

    /// The model the lines name ("" when a line names none).
    package var model: String
    /// The field; nil for a problem of the model or the line.
    package var field: String?
    package var kind: Kind
    /// The first line with the problem (0 for `requiredNeverSet`: no line has it), and how many have it.
    package var firstLine: Int
    package var lines: Int

    package init(model: String, field: String?, kind: Kind, firstLine: Int, lines: Int = 1) {
        self.model = model
        self.field = field
        self.kind = kind
        self.firstLine = firstLine
        self.lines = lines
    }

    /// The fields `model`'s create input in `catalogue` requires that no line sets (`written`: every
    /// field some line of the model writes).
    package static func requiredNeverSet(_ model: Model, written: Set<String>, in catalogue: ModelCatalogue)
        -> [ImportProblem]
    {
        guard let name = model.operations.createInput, let input = catalogue.inputObjects[name] else { return [] }
        return input.fields.filter { $0.type.isNonNull && !written.contains($0.name) }.map {
            ImportProblem(
                model: model.name, field: $0.name, kind: .requiredNeverSet(input: name), firstLine: 0, lines: 0)
        }
    }
}
